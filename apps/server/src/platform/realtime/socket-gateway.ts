import websocket from '@fastify/websocket';
import { resolveLocale, SOCKET_PATH, socketEndpoints, translate } from '@omnichat/contracts';
import { z } from 'zod';
import { bearerToken } from '../auth/guards.ts';
import { routeOf } from '../http/endpoint-route.ts';
import { ok } from '../http/envelope.ts';
import { localeOf, sendError } from '../http/error-handler.ts';
import type { AppInstance } from '../http/types.ts';
import type { SocketAuth } from './socket-auth.ts';
import type { SocketHub } from './socket-hub.ts';

const querySchema = z.object({ token: z.string().max(4096).optional(), locale: z.string().max(10).optional() });
type Query = z.infer<typeof querySchema>;

/**
 * `GET /v1/ws?token=…[&locale=…]`: the general socket. The token (a session token, or a one-time ticket of one from
 * `POST /v1/ws/ticket`) is checked before the upgrade, so a bad one gets a plain 401 envelope and no socket.
 */
export async function registerSocketGateway(app: AppInstance, hub: SocketHub, auth: SocketAuth) {
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  app.route({
    ...routeOf(socketEndpoints.ticket, ['sockets']),
    handler: async (request) => ok(await auth.issue(bearerToken(request))),
  });
  app.register(async (scope) => {
    scope.route<{ Querystring: Query }>({
      method: 'GET',
      url: SOCKET_PATH,
      schema: { hide: true, querystring: querySchema },
      preHandler: async (request) => {
        const { principal, session } = await auth.open(request.query.token ?? null);
        request.principal = principal;
        request.socketSession = session;
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
        if (request.principal && request.socketSession)
          hub.attach(socket, request.principal, request.socketSession, locale);
      },
    });
  });
}
