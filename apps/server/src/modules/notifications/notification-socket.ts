import { randomBytes } from 'node:crypto';
import {
  type Locale,
  NOTIFICATION_SOCKET_PATH,
  type NotificationServerMessage,
  notificationClientMessageSchema,
  resolveLocale,
  SOCKET_CLOSE,
  translate,
} from '@omnichat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { localeOf, sendError } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import type { ClusterBus } from '../../platform/realtime/cluster-bus.ts';
import type { HeldConnection } from '../../platform/realtime/socket-authority.ts';
import { notificationPreferences } from './notifications.tables.ts';
import type { PageQuery, Panel, Reader } from './panel.ts';

const BUS_CHANNEL = 'notifications';
const querySchema = z.object({ token: z.string().max(4096).optional(), locale: z.string().max(10).optional() });

interface Connection extends HeldConnection, Reader {
  locale: Locale;
  query: PageQuery;
}

const send = (socket: WebSocket, message: NotificationServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/** Every open panel socket of these users, on every process, gets their first page again. */
export function notificationsChanged(cluster: ClusterBus, workspaceId: string, userIds: string[]): void {
  for (const userId of userIds) cluster.publish(BUS_CHANNEL, { workspaceId, userId } satisfies Reader);
}

/**
 * `GET /v1/ws/system-notification?token=…`: the notification panel's socket (SPEC 7), for the user of an
 * organization-bound token (or a one-time ticket of one, `POST /v1/ws/ticket`). A change to a user's notifications
 * (`notificationsChanged`, from any process through the cluster bus) sends page 1 of the socket's last query to every socket of
 * that user, so tabs stay in step. Its connections are held by the socket authority like the general socket's: they
 * close at the session's expiry, on revocation (4401), and when the membership or the organization ends (4403).
 */
export function notificationSocket(ctx: AppContext, panel: Panel, log: FastifyBaseLogger) {
  const { authority } = ctx.sockets;
  const connections = authority.surface<Connection>();

  const answer = async (connection: Connection) =>
    send(connection.socket, await panel.page(connection, { ...connection.query, page: 1 }, connection.locale));
  ctx.cluster.subscribe(BUS_CHANNEL, (message) => {
    const { workspaceId, userId } = message as Reader;
    for (const connection of connections.get(`user:${userId}`))
      if (connection.workspaceId === workspaceId)
        answer(connection).catch((error) => log.error({ err: error }, 'notification push failed'));
  });

  const rememberLocale = ({ workspaceId, userId, locale }: Connection) =>
    ctx.database.withWorkspace(workspaceId, (tx) =>
      tx
        .insert(notificationPreferences)
        .values({ workspaceId, userId, locale })
        .onConflictDoUpdate({
          target: [notificationPreferences.workspaceId, notificationPreferences.userId],
          set: { locale },
        }),
    );

  async function receive(connection: Connection, raw: string) {
    const trace = randomBytes(8).toString('hex');
    const fail = (error: string) => send(connection.socket, { type: 'error', success: false, error, trace_id: trace });
    if (!(await authority.stillValid(connections, connection))) return;
    let message: z.output<typeof notificationClientMessageSchema>;
    try {
      message = notificationClientMessageSchema.parse(JSON.parse(raw));
    } catch {
      return fail(translate('request_invalid', connection.locale));
    }
    try {
      switch (message.type) {
        case 'ping':
          return send(connection.socket, { type: 'pong', time: Date.now() });
        case 'query':
          connection.query = { page: message.data.page, size: message.data.size, asc: message.data.asc };
          return send(connection.socket, await panel.page(connection, connection.query, connection.locale));
        case 'read':
        case 'pin':
        case 'delete':
          await panel.one(connection, message.data.notification_id, message.type);
          break;
        case 'read-all':
          await panel.readAll(connection);
          break;
        case 'remove-read':
          await panel.removeRead(connection);
          break;
        case 'remove-any':
          await panel.removeAll(connection);
          break;
      }
      notificationsChanged(ctx.cluster, connection.workspaceId, [connection.userId]);
    } catch (error) {
      if (error instanceof AppError) return fail(translate(error.key, connection.locale, error.params));
      log.error({ err: error, trace_id: trace }, 'notification socket message failed');
      fail(translate('server_error', connection.locale));
    }
  }

  async function routes(app: AppInstance) {
    app.route<{ Querystring: z.infer<typeof querySchema> }>({
      method: 'GET',
      url: NOTIFICATION_SOCKET_PATH,
      schema: { hide: true, querystring: querySchema },
      preHandler: async (request) => {
        const { principal, session } = await ctx.socketAuth.open(request.query.token ?? null);
        // the panel shows an organization's notifications: a token bound to none opens no socket
        if (principal.kind !== 'member') throw unauthorized();
        request.principal = principal;
        request.socketSession = session;
      },
      handler: (request, reply) =>
        sendError(
          reply.header('upgrade', 'websocket'),
          426,
          translate('websocket_upgrade_required', localeOf(request)),
        ),
      wsHandler: (socket, request) => {
        const { principal, socketSession: session } = request;
        if (principal?.kind !== 'member' || !session) return socket.close(SOCKET_CLOSE.unauthorized);
        const connection: Connection = {
          socket,
          principal,
          session,
          keys: [`user:${principal.user.id}`, `workspace:${principal.workspaceId}`],
          checkedAt: Date.now(),
          workspaceId: principal.workspaceId,
          userId: principal.user.id,
          locale: resolveLocale(request.query.locale ?? (request.headers['x-locale'] as string | undefined)),
          query: { page: 1, size: 10, asc: false },
        };
        // push and e-mail are written in the language the member reads their notifications in
        if (request.query.locale)
          rememberLocale(connection).catch((error) => log.error({ err: error }, 'locale not kept'));
        connections.admit(connection);
        socket.on('message', (raw) => {
          receive(connection, raw.toString()).catch((error) => log.error({ err: error }, 'notification socket failed'));
        });
      },
    });
  }

  return { routes };
}
