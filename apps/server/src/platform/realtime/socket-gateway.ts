import websocket from '@fastify/websocket';
import { resolveLocale, SOCKET_PATH } from '@omnichat/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Guards } from '../auth/guards.ts';
import type { AppInstance } from '../http/types.ts';
import type { SocketHub } from './socket-hub.ts';

const querySchema = z.object({ token: z.string().max(4096).optional(), locale: z.string().max(10).optional() });

/**
 * `GET /v1/ws?token=…[&locale=…]`: the general socket. The token is checked before the upgrade, so a bad one
 * gets a plain 401 envelope and no socket.
 */
export async function registerSocketGateway(app: AppInstance, hub: SocketHub, guards: Guards) {
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  app.register(async (scope) => {
    scope.get(
      SOCKET_PATH,
      {
        websocket: true,
        schema: { hide: true, querystring: querySchema },
        preHandler: async (request: FastifyRequest<{ Querystring: z.infer<typeof querySchema> }>) => {
          request.principal = await guards.fromToken(request.query.token ?? null);
        },
      },
      (socket, request: FastifyRequest<{ Querystring: z.infer<typeof querySchema> }>) => {
        const locale = resolveLocale(request.query.locale ?? (request.headers['x-locale'] as string | undefined));
        if (request.principal) hub.attach(socket, request.principal, request.query.token ?? '', locale);
      },
    );
  });
}
