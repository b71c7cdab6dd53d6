import { randomBytes } from 'node:crypto';
import type { SocketPush, SocketPushAction } from '@omnichat/contracts';
import {
  ACCESS_CHANGED_ACTION,
  clientSocketMessageSchema,
  findInvalidText,
  isMessageKey,
  type Locale,
  type ServerSocketMessage,
  SOCKET_CLOSE,
  translate,
  type WorkspacePermission,
} from '@omnichat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type { Principal } from '../auth/guards.ts';
import { AppError } from '../errors.ts';
import type { ClusterBus } from './cluster-bus.ts';
import type { SocketAuth, SocketSession } from './socket-auth.ts';
import { type HeldConnection, SocketAuthority, type SocketSurface } from './socket-authority.ts';

export interface SocketContext {
  principal: Principal;
  locale: Locale;
  traceId: string;
  log: FastifyBaseLogger;
  /** this connection hears pushes to `topic` (a conversation, a list) until it unfollows or closes */
  follow(topic: string): void;
  unfollow(topic: string): void;
}

/**
 * Who of the addressed connections may see a push: members holding `permission` (owners and admins hold all) and,
 * with `scope`, only owners, admins and the members it names or who belong to a team it names.
 */
export interface Audience {
  permission?: WorkspacePermission;
  scope?: { memberIds: string[]; teamIds: string[] };
}

function inAudience(principal: Principal, { permission, scope }: Audience): boolean {
  if (!permission && !scope) return true;
  if (principal.kind !== 'member') return false;
  if (permission && !principal.permissions.includes(permission)) return false;
  if (!scope || principal.member.role === 'owner' || principal.member.role === 'admin') return true;
  return scope.memberIds.includes(principal.member.id) || scope.teamIds.some((id) => principal.teamIds.includes(id));
}

/** A push, as the hub tells every process through the cluster bus. */
type HubMessage = { op: 'push'; key: string; action: string; data: unknown; audience?: Audience };
const CHANNEL = 'sockets';

export interface SocketAction<S extends z.ZodType = z.ZodType> {
  schema: S;
  handle(data: z.output<S>, context: SocketContext): unknown;
}

interface Connection extends HeldConnection {
  locale: Locale;
  /** messages received in the current second, and invalid ones over the connection's life */
  window: { startedAt: number; count: number };
  invalid: number;
  /** the handling of the messages received so far: each waits for the one before (see `admit`) */
  handled: Promise<void>;
}

/**
 * Limits that keep one client from hurting the others: messages per second (a client pings every 7 s and acts on
 * a person's clicks), invalid messages before the socket is closed, and how much may wait in a slow client's
 * send buffer before it is dropped.
 */
export const SOCKET_LIMITS = { messagesPerSecond: 50, invalidMessages: 20, sendBufferBytes: 4 * 1024 * 1024 } as const;

const traceId = () => randomBytes(8).toString('hex');

/**
 * The general socket's connections and action handlers. Modules register actions with `on`; services push to the
 * open sockets of a user, an organization or a topic with `toUser` / `toWorkspace` / `toTopic`. Pushes go through the
 * cluster bus, so they reach the sockets every process holds; each process applies them to its own connections,
 * looked up by key. `authority` ends the sockets of this hub and of the notification panel alike (revocation,
 * membership, expiry) and reads a member's principal again when their access changes.
 */
export class SocketHub {
  private readonly actions = new Map<string, SocketAction>();
  readonly authority: SocketAuthority;
  private readonly connections: SocketSurface<Connection>;

  private readonly log: FastifyBaseLogger;
  private readonly bus: ClusterBus;
  private readonly now: () => number;

  constructor(auth: SocketAuth, log: FastifyBaseLogger, bus: ClusterBus, now: () => number = Date.now) {
    this.log = log;
    this.bus = bus;
    this.now = now;
    this.authority = new SocketAuthority(auth, log, bus, now);
    // the client refetches what the member may see (permissions, lists) once the server reads it again
    this.connections = this.authority.surface<Connection>((connection) =>
      send(connection.socket, { action: ACCESS_CHANGED_ACTION, success: true }),
    );
    bus.subscribe(CHANNEL, (message) => this.apply(message as HubMessage));
  }

  on<S extends z.ZodType>(action: string, definition: SocketAction<S>): void {
    if (action === 'ping' || this.actions.has(action)) throw new Error(`socket action "${action}" is already taken`);
    this.actions.set(action, definition as SocketAction);
  }

  get size() {
    return this.connections.size;
  }

  toUser<A extends SocketPushAction>(userId: string, action: A, data: SocketPush<A>): void {
    this.bus.publish(CHANNEL, { op: 'push', key: `user:${userId}`, action, data } satisfies HubMessage);
  }

  /** To the organization's member sockets; `audience` narrows it to those allowed to see it. */
  toWorkspace<A extends SocketPushAction>(
    workspaceId: string,
    action: A,
    data: SocketPush<A>,
    audience?: Audience,
  ): void {
    this.bus.publish(CHANNEL, {
      op: 'push',
      key: `workspace:${workspaceId}`,
      action,
      data,
      audience,
    } satisfies HubMessage);
  }

  /** To the sockets following `topic` (see `SocketContext.follow`). */
  toTopic<A extends SocketPushAction>(topic: string, action: A, data: SocketPush<A>, audience?: Audience): void {
    this.bus.publish(CHANNEL, { op: 'push', key: `topic:${topic}`, action, data, audience } satisfies HubMessage);
  }

  /** Applies a push (from this process or another) to the connections this process holds. */
  private apply({ key, action, data, audience = {} }: HubMessage): void {
    for (const connection of this.connections.get(key)) {
      const deliver = () => {
        if (inAudience(connection.principal, audience)) send(connection.socket, { action, success: true, data });
      };
      // a principal being read again after a change of the member's access decides what reaches them
      if (connection.refreshing) connection.refreshing.then(deliver);
      else deliver();
    }
  }

  /**
   * Closes every socket, the notification panel's too, with `code`: on shutdown 1001 (going away), so clients
   * reconnect, to another process behind the load balancer.
   */
  closeAll(code: number = SOCKET_CLOSE.goingAway): void {
    this.authority.closeAll(code);
  }

  /**
   * Over the message rate: the first message past the limit gets an error reply, and a client that keeps
   * sending past twice the limit in the same second is closed (1008, policy violation).
   */
  private flooding(connection: Connection): boolean {
    const now = this.now();
    if (now - connection.window.startedAt >= 1000) connection.window = { startedAt: now, count: 0 };
    connection.window.count += 1;
    const { count } = connection.window;
    if (count <= SOCKET_LIMITS.messagesPerSecond) return false;
    if (count === SOCKET_LIMITS.messagesPerSecond + 1) {
      send(connection.socket, {
        action: 'error',
        success: false,
        error: translate('ws_too_many_messages', connection.locale),
        trace_id: traceId(),
      });
    } else if (count > 2 * SOCKET_LIMITS.messagesPerSecond) {
      this.close(connection, SOCKET_CLOSE.policy);
    }
    return true;
  }

  private close(connection: Connection, code: number): void {
    this.connections.close(connection, code);
  }

  attach(socket: WebSocket, principal: Principal, session: SocketSession, locale: Locale): void {
    // keys come from the session, which a connection keeps for its life; topics join as it follows them
    const { sub, wid } = principal.claims;
    const keys =
      principal.kind === 'admin'
        ? [`admin:${sub}`]
        : [`user:${sub}`, ...(wid && principal.kind === 'member' ? [`workspace:${wid}`] : [])];
    const connection: Connection = {
      socket,
      principal,
      keys,
      session,
      locale,
      checkedAt: this.now(),
      window: { startedAt: this.now(), count: 0 },
      invalid: 0,
      handled: Promise.resolve(),
    };
    this.connections.admit(connection);
    socket.on('message', (raw) => {
      if (this.flooding(connection)) return;
      // one message at a time, in the order the client sent them: "typing" then "stopped" must not cross on the
      // way (each action awaits the database, whose answers may come back in any order)
      connection.handled = connection.handled
        .then(() => this.receive(connection, raw.toString()))
        .catch((error) => this.log.error({ err: error }, 'socket message failed'));
    });
  }

  private async receive(connection: Connection, raw: string): Promise<void> {
    const trace = traceId();
    const fail = (action: string, error: string, requestId?: string) =>
      send(connection.socket, {
        action,
        ...(requestId ? { request_id: requestId } : {}),
        success: false,
        error,
        trace_id: trace,
      });

    let parsed: z.infer<typeof clientSocketMessageSchema>;
    try {
      parsed = clientSocketMessageSchema.parse(JSON.parse(raw));
    } catch {
      connection.invalid += 1;
      if (connection.invalid > SOCKET_LIMITS.invalidMessages) return this.close(connection, SOCKET_CLOSE.policy);
      return fail('error', translate('ws_invalid_message', connection.locale));
    }
    const { action, request_id: requestId } = parsed;

    if (action === 'ping') {
      if (!(await this.stillValid(connection))) return;
      return send(connection.socket, { action: 'pong', data: { time: this.now() } });
    }
    // Every action acts with the authority the account has now, not the one it had when the socket opened.
    if (!(await this.stillValid(connection, true))) return;
    const definition = this.actions.get(action);
    if (!definition) return fail(action, translate('ws_unknown_action', connection.locale, { action }), requestId);

    // the same text rule as HTTP input: no NUL or unpaired surrogate reaches a handler
    const badText = findInvalidText(parsed.data);
    if (badText) {
      const field = badText.join('.') || 'data';
      return fail(action, translate('text_invalid_characters', connection.locale, { field }), requestId);
    }
    const input = definition.schema.safeParse(parsed.data);
    if (!input.success) {
      const message = input.error.issues[0]?.message ?? '';
      return fail(
        action,
        isMessageKey(message) ? translate(message, connection.locale) : translate('request_invalid', connection.locale),
        requestId,
      );
    }
    try {
      const log = this.log.child({ trace_id: trace, socket_action: action });
      const data = await definition.handle(input.data, {
        principal: connection.principal,
        locale: connection.locale,
        traceId: trace,
        log,
        follow: (topic) => this.follow(connection, topic, true),
        unfollow: (topic) => this.follow(connection, topic, false),
      });
      send(connection.socket, { action, ...(requestId ? { request_id: requestId } : {}), success: true, data });
    } catch (error) {
      if (error instanceof AppError)
        return fail(action, translate(error.key, connection.locale, error.params), requestId);
      this.log.error({ err: error, trace_id: trace }, `socket action ${action} failed`);
      fail(action, translate('server_error', connection.locale), requestId);
    }
  }

  private follow(connection: Connection, topic: string, on: boolean) {
    const key = `topic:${topic}`;
    if (on === connection.keys.includes(key) || connection.socket.readyState !== connection.socket.OPEN) return;
    this.connections.rekey(connection, on ? [...connection.keys, key] : connection.keys.filter((k) => k !== key));
  }

  /**
   * Re-checks the token and membership (on every action, and on pings now and then): a revoked token closes the
   * socket with 4401, an ended or deactivated membership with 4403.
   */
  private stillValid(connection: Connection, now = false): Promise<boolean> {
    return this.authority.stillValid(this.connections, connection, now);
  }
}

function send(socket: WebSocket, message: ServerSocketMessage) {
  if (socket.readyState !== socket.OPEN) return;
  // a client that does not read its messages is dropped rather than kept buffering without end
  if (socket.bufferedAmount > SOCKET_LIMITS.sendBufferBytes) {
    socket.terminate();
    return;
  }
  socket.send(JSON.stringify(message));
}
