import { SOCKET_CLOSE } from '@omnichat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Principal } from '../auth/guards.ts';
import { AppError } from '../errors.ts';
import type { ClusterBus } from './cluster-bus.ts';
import { ConnectionIndex } from './connection-index.ts';
import type { SocketAuth, SocketSession } from './socket-auth.ts';

/** What the authority knows of an open socket, whichever socket (surface) it was opened on. */
export interface HeldConnection {
  socket: WebSocket;
  /** who the socket acts for: read when it opened, again on its checks and after a change of the member's access */
  principal: Principal;
  /** the session the socket was opened for */
  session: SocketSession;
  /** the keys it is found by: `user:<id>` or `admin:<id>`, `workspace:<id>` for a member's, `topic:<…>` it follows */
  keys: string[];
  checkedAt: number;
  /** while its principal is read again after a change of the member's access (pushes wait for it) */
  refreshing?: Promise<void>;
}

/** What the authority tells every process through the cluster bus. */
type AuthorityMessage =
  | { op: 'revoke'; kind: 'user' | 'admin'; id: string; version: number }
  | { op: 'end-membership'; workspaceId: string; userId: string }
  | { op: 'close-workspace'; workspaceId: string }
  | { op: 'refresh'; workspaceId: string; userIds: string[] };
const CHANNEL = 'socket-authority';

/** How often a ping re-checks that the connection's token still works (logout, deactivation). */
const RECHECK_MS = 30_000;
/** setTimeout's longest delay; a later expiry is waited for in steps */
const MAX_TIMER_MS = 2 ** 31 - 1;
const CLOSE_REASONS: Record<number, string> = {
  [SOCKET_CLOSE.goingAway]: 'going away',
  [SOCKET_CLOSE.policy]: 'policy violation',
  [SOCKET_CLOSE.unauthorized]: 'unauthorized',
  [SOCKET_CLOSE.forbidden]: 'forbidden',
};

/**
 * How a failed check closes a socket: 4401 once the token no longer works, 4403 once the membership ended, and 1001
 * (reconnect) when the check itself failed, so the client comes back and is checked afresh.
 */
function closeCodeFor(error: unknown): number {
  if (error instanceof AppError && error.status === 403) return SOCKET_CLOSE.forbidden;
  if (error instanceof AppError && error.status === 401) return SOCKET_CLOSE.unauthorized;
  return SOCKET_CLOSE.goingAway;
}

/** The connections of one kind of socket (the general socket, the notification panel's), found by key. */
export class SocketSurface<C extends HeldConnection> {
  private readonly index = new ConnectionIndex<C>();
  private readonly expiries = new Map<C, NodeJS.Timeout>();
  /** what the surface does once a connection's principal was read again (the general socket tells its client) */
  readonly refreshed: (connection: C) => void;

  constructor(refreshed: (connection: C) => void = () => undefined) {
    this.refreshed = refreshed;
  }

  /** Holds an open socket under its keys until it closes, or until its session expires (4401, even while silent). */
  admit(connection: C): void {
    this.index.add(connection, connection.keys);
    this.expireAt(connection, connection.session.expiresAt);
    connection.socket.on('close', () => this.forget(connection));
  }

  private expireAt(connection: C, expiresAt: number) {
    const delay = expiresAt - Date.now();
    const timer = setTimeout(
      () =>
        delay > MAX_TIMER_MS ? this.expireAt(connection, expiresAt) : this.close(connection, SOCKET_CLOSE.unauthorized),
      Math.max(0, Math.min(delay, MAX_TIMER_MS)),
    );
    timer.unref();
    this.expiries.set(connection, timer);
  }

  get(key: string): C[] {
    return this.index.get(key);
  }

  all(): C[] {
    return this.index.all();
  }

  get size(): number {
    return this.index.size;
  }

  /** Finds the connection by `keys` from now on (a topic followed or left). */
  rekey(connection: C, keys: string[]): void {
    this.index.remove(connection);
    connection.keys = keys;
    this.index.add(connection, keys);
  }

  close(connection: C, code: number): void {
    // forgotten at once: no push reaches it while the close handshake runs
    this.forget(connection);
    connection.socket.close(code, CLOSE_REASONS[code] ?? '');
  }

  private forget(connection: C) {
    this.index.remove(connection);
    clearTimeout(this.expiries.get(connection));
    this.expiries.delete(connection);
  }
}

/**
 * Where every open socket's authority ends, whichever socket it is: the general socket and the notification panel's
 * register their connections as surfaces. A socket closes with its session: at its expiry, on `revoke` (4401: logout,
 * password change or reset, deactivation), on `endMembership` and `closeWorkspace` (4403). `refreshMembers` reads the
 * principal of a member's sockets again after a change of their role, permissions or teams, so pushes follow what the
 * member may see now. Each of these goes through the cluster bus and reaches the sockets of every process.
 */
export class SocketAuthority {
  private readonly surfaces: SocketSurface<HeldConnection>[] = [];
  private readonly auth: SocketAuth;
  private readonly log: FastifyBaseLogger;
  private readonly bus: ClusterBus;
  private readonly now: () => number;

  constructor(auth: SocketAuth, log: FastifyBaseLogger, bus: ClusterBus, now: () => number = Date.now) {
    this.auth = auth;
    this.log = log;
    this.bus = bus;
    this.now = now;
    bus.subscribe(CHANNEL, (message) => this.apply(message as AuthorityMessage));
  }

  surface<C extends HeldConnection>(refreshed?: (connection: C) => void): SocketSurface<C> {
    const surface = new SocketSurface<C>(refreshed);
    this.surfaces.push(surface as unknown as SocketSurface<HeldConnection>);
    return surface;
  }

  /** Closes (4401) every socket of the account whose token is older than `tokenVersion`. */
  revoke(kind: 'user' | 'admin', accountId: string, tokenVersion: number): void {
    this.publish({ op: 'revoke', kind, id: accountId, version: tokenVersion });
  }

  /** Closes (4403) the sockets of a membership that ended or was deactivated. */
  endMembership(workspaceId: string, userId: string): void {
    this.publish({ op: 'end-membership', workspaceId, userId });
  }

  /** Closes (4403) every socket bound to an organization that was deleted. */
  closeWorkspace(workspaceId: string): void {
    this.publish({ op: 'close-workspace', workspaceId });
  }

  /** Reads again the principal of these members' sockets in the organization: their access changed. */
  refreshMembers(workspaceId: string, userIds: string[]): void {
    if (userIds.length) this.publish({ op: 'refresh', workspaceId, userIds: [...new Set(userIds)] });
  }

  /** Closes every socket with `code`; on shutdown 1001 (going away), so clients reconnect to another process. */
  closeAll(code: number): void {
    for (const surface of this.surfaces) for (const connection of surface.all()) surface.close(connection, code);
  }

  /**
   * Re-checks the token and membership (`force`: now; otherwise at most every 30 s): false, with the socket closed
   * (4401 or 4403), once they no longer hold.
   */
  async stillValid<C extends HeldConnection>(surface: SocketSurface<C>, connection: C, force = false) {
    if (!force && this.now() - connection.checkedAt < RECHECK_MS) return true;
    try {
      connection.principal = await this.auth.check(connection.session);
      connection.checkedAt = this.now();
      return true;
    } catch (error) {
      surface.close(connection, closeCodeFor(error));
      return false;
    }
  }

  private publish(message: AuthorityMessage) {
    this.bus.publish(CHANNEL, message);
  }

  /** Applies a message (from this process or another) to the connections this process holds. */
  private apply(message: AuthorityMessage) {
    switch (message.op) {
      case 'revoke':
        return this.closeWhere(
          `${message.kind}:${message.id}`,
          (p) => p.claims.ver < message.version,
          SOCKET_CLOSE.unauthorized,
        );
      case 'end-membership':
        return this.closeWhere(
          `workspace:${message.workspaceId}`,
          (p) => p.kind === 'member' && p.user.id === message.userId,
          SOCKET_CLOSE.forbidden,
        );
      case 'close-workspace':
        return this.closeWhere(`workspace:${message.workspaceId}`, () => true, SOCKET_CLOSE.forbidden);
      case 'refresh':
        return this.refresh(message.workspaceId, message.userIds);
    }
  }

  private closeWhere(key: string, which: (p: Principal) => boolean, code: number): void {
    for (const surface of this.surfaces)
      for (const connection of surface.get(key)) if (which(connection.principal)) surface.close(connection, code);
  }

  /**
   * One read per session of the members' sockets this process holds (not one per push); pushes to a socket wait
   * until its principal is read, so none goes out with the access the member had before.
   */
  private refresh(workspaceId: string, userIds: string[]) {
    const reads = new Map<string, Promise<Principal>>();
    const readOnce = (session: HeldConnection['session']) => {
      const key = `${session.claims.sub}:${session.claims.ver}:${session.expiresAt}`;
      const read = reads.get(key) ?? this.auth.check(session);
      reads.set(key, read);
      return read;
    };
    for (const surface of this.surfaces)
      for (const connection of surface.get(`workspace:${workspaceId}`)) {
        const { principal } = connection;
        if (principal.kind !== 'member' || !userIds.includes(principal.user.id)) continue;
        const refreshing = (connection.refreshing ?? Promise.resolve())
          .then(() => readOnce(connection.session))
          .then(
            (fresh) => {
              connection.principal = fresh;
              connection.checkedAt = this.now();
              surface.refreshed(connection);
            },
            (error) => {
              if (closeCodeFor(error) === SOCKET_CLOSE.goingAway)
                this.log.error({ err: error }, 'socket principal not read again');
              surface.close(connection, closeCodeFor(error));
            },
          )
          .finally(() => {
            if (connection.refreshing === refreshing) delete connection.refreshing;
          });
        connection.refreshing = refreshing;
      }
  }
}
