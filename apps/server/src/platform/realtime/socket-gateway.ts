import websocket from '@fastify/websocket';
import { resolveLocale, SOCKET_PATH, translate } from '@omnichat/contracts';
import { z } from 'zod';
import type { Guards } from '../auth/guards.ts';
import { localeOf, sendError } from '../http/error-handler.ts';
import type { AppInstance } from '../http/types.ts';
import type { SocketHub } from './socket-hub.ts';

const querySchema = z.object({ token: z.string().max(4096).optional(), locale: z.string().max(10).optional() });
type Query = z.infer<typeof querySchema>;

/**
 * `GET /v1/ws?token=…[&locale=…]`: the general socket. The token is checked before the upgrade, so a bad one
 * gets a plain 401 envelope and no socket.
 */
export async function registerSocketGateway(app: AppInstance, hub: SocketHub, guards: Guards) {
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  app.register(async (scope) => {
    scope.route<{ Querystring: Query }>({
      method: 'GET',
      url: SOCKET_PATH,
      schema: { hide: true, querystring: querySchema },
      preHandler: async (request) => {
        request.principal = await guards.fromToken(request.query.token ?? null);
      },
      // a plain GET (no upgrade) gets the envelope of every other error
      handler: (request, reply) =>
        sendError(
          reply.header('upgrade', 'websocket'),
          426,
          translate('websocket_upgrade_required', localeOf(request)),
        ),
      wsHandler: (socket, request) => {
        const locale = resolveLocale(request.query.locale ?? (request.headers['x-locale'] as string | undefined));
        if (request.principal) hub.attach(socket, request.principal, request.query.token ?? '', locale);
      },
    });
  });
}
