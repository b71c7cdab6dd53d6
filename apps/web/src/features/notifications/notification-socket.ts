import { LIMITS, type Notification, SOCKET_CLOSE } from '@omnichat/contracts';
import { type WebSocketConstructor, type WebSocketLike, withTicket } from '../../app/socket/protocol.ts';

/** A failure, as the key of its text in the notifications namespace (`errors.*`); `detail` is the server's error. */
export interface NotificationError {
  key:
    | 'invalid'
    | 'query'
    | 'sendQuery'
    | 'connect'
    | 'read'
    | 'read-all'
    | 'pin'
    | 'delete'
    | 'remove-read'
    | 'remove-any';
  detail?: string;
}

export interface NotificationState {
  notifications: Notification[];
  unread_count: number;
  total: number;
  page: number;
  size: number;
  isLoading: boolean;
  error: NotificationError | null;
}

/** Tests pass a fake WebSocket and an address; the app uses the browser's, to ws(s)://<this host>/v1/ws/... */
export interface NotificationSocketConfig {
  getToken: () => string | null;
  /** A one-time ticket of the token's session for the URL, never the token itself (see GeneralSocketConfig). */
  getTicket: () => Promise<string>;
  WebSocketImpl?: WebSocketConstructor;
  url?: () => string;
}

const OPEN = 1;
// = the contracts' NOTIFICATION_SOCKET_PATH (a test holds them equal): importing it would bring its module's schemas
export const SOCKET_PATH = '/v1/ws/system-notification';
const initial = (isLoading: boolean): NotificationState => ({
  notifications: [],
  unread_count: 0,
  total: 0,
  page: 1,
  size: LIMITS.notificationPageSize,
  isLoading,
  error: null,
});

const defaultUrl = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${SOCKET_PATH}`;

interface QueryResult {
  data: { notifications: Notification[]; unread_count: number };
  page: { page: number; size: number; total: number };
}
const isQueryResult = (m: Record<string, unknown>): m is Record<string, unknown> & QueryResult => {
  const { data, page } = m as Partial<QueryResult>;
  return (
    m.success === true &&
    Array.isArray(data?.notifications) &&
    typeof data.unread_count === 'number' &&
    typeof page?.page === 'number' &&
    typeof page.total === 'number'
  );
};

/**
 * The notification socket (SPEC 7, 9): one per tab, shared by the bell and its panel. Queries on open, pings every
 * 7 s, re-queries every 5 s, and comes back 1 s after a close (at most 5 attempts in a row). The server pushes
 * page 1 whenever the user's notifications change, which keeps several tabs in step.
 */
export class NotificationSocket {
  private state = initial(false);
  private readonly listeners = new Set<() => void>();
  private ws: WebSocketLike | null = null;
  private token: string | null = null;
  /** the connection waiting for its ticket */
  private opening: symbol | null = null;
  private scope: string | undefined;
  private attempts = 0;
  private timers: ReturnType<typeof setInterval>[] = [];
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** what the next server error is about */
  private lastSent: NotificationError['key'] = 'query';
  /** a query for the shown page is on its way after a push of another page */
  private catchingUp = false;

  constructor(private readonly config: NotificationSocketConfig) {}

  readonly getState = (): NotificationState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Opens for the stored token (with a ticket of it); the same token keeps the socket, another scope (organization)
   * starts afresh.
   */
  connect(scope?: string): void {
    const token = this.config.getToken();
    if (!token) {
      this.disconnect();
      return;
    }
    if ((this.ws || this.opening) && this.token === token && this.scope === scope) return;
    this.stop();
    if (scope !== this.scope) this.set(initial(true));
    else this.set({ isLoading: true });
    this.scope = scope;
    this.attempts = 0;
    this.open(token);
  }

  disconnect(): void {
    this.stop();
    this.scope = undefined;
    this.set(initial(false));
  }

  readonly setPage = (page: number): void => {
    this.set({ page, isLoading: true });
    // its answer is on the way: a push of page 1 meanwhile asks for nothing more
    this.catchingUp = true;
    this.query(true);
  };

  readonly read = (id: string): void => {
    const target = this.state.notifications.find((n) => n.id === id);
    if (!this.send({ type: 'read', data: { notification_id: id } }, 'read') || !target || target.read) return;
    // reads are never undone: show it now, the server's push confirms
    this.set({
      notifications: this.state.notifications.map((n) => (n === target ? { ...n, read: true } : n)),
      unread_count: Math.max(0, this.state.unread_count - 1),
    });
  };

  /** Every notification read (`read-all`): shown at once, the server's push confirms. */
  readonly readAll = (): void => {
    if (!this.send({ type: 'read-all' }, 'read-all')) return;
    this.set({
      notifications: this.state.notifications.map((n) => (n.read ? n : { ...n, read: true })),
      unread_count: 0,
    });
  };

  readonly pin = (id: string) => this.send({ type: 'pin', data: { notification_id: id } }, 'pin');
  readonly remove = (id: string) => this.send({ type: 'delete', data: { notification_id: id } }, 'delete');
  readonly removeRead = () => this.send({ type: 'remove-read' }, 'remove-read');
  readonly removeAll = () => this.send({ type: 'remove-any' }, 'remove-any');
  readonly clearError = () => this.set({ error: null });

  private set(change: Partial<NotificationState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** Sends one message; false (and the action's error shown) when the socket is not open. */
  private send(message: object, key: NotificationError['key'], userAction = true): boolean {
    if (this.ws?.readyState !== OPEN) {
      this.set({ error: { key }, isLoading: false });
      return false;
    }
    if (userAction && this.state.error) this.set({ error: null });
    this.lastSent = key === 'sendQuery' ? 'query' : key;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  private query(userAction = false): void {
    const { page, size } = this.state;
    this.send({ type: 'query', data: { page, size, field: 'created_at', asc: false } }, 'sendQuery', userAction);
  }

  private open(token: string): void {
    this.token = token;
    const opening = Symbol('opening');
    this.opening = opening;
    withTicket(
      () => this.config.getTicket(),
      () => this.opening === opening,
      (ticket) => {
        this.opening = null;
        this.openWith(ticket);
      },
      (closeCode) => this.onClose(closeCode),
    );
  }

  private openWith(ticket: string): void {
    const Impl = this.config.WebSocketImpl ?? (globalThis.WebSocket as WebSocketConstructor);
    const url = new URL((this.config.url ?? defaultUrl)());
    // the ticket, not the session token: a browser prints the URL of a socket that fails
    url.searchParams.set('token', ticket);
    const ws = new Impl(url.toString());
    this.ws = ws;
    const mine = () => this.ws === ws;
    ws.onopen = () => {
      if (mine()) this.onOpen();
    };
    ws.onmessage = (event) => {
      if (mine()) this.onMessage(event.data);
    };
    ws.onclose = (event) => {
      if (mine()) this.onClose(event.code);
    };
  }

  private onOpen(): void {
    this.attempts = 0;
    this.catchingUp = false;
    if (this.state.error?.key === 'connect') this.set({ error: null });
    this.query();
    const ping = () => {
      if (this.ws?.readyState === OPEN) this.ws.send(JSON.stringify({ type: 'ping' }));
    };
    this.timers = [setInterval(ping, LIMITS.socketPingMs), setInterval(() => this.query(), LIMITS.notificationPollMs)];
  }

  private onMessage(raw: unknown): void {
    let message: Record<string, unknown> | null = null;
    try {
      message = typeof raw === 'string' ? JSON.parse(raw) : null;
    } catch {}
    if (message?.type === 'pong') return;
    let error: NotificationError = { key: 'invalid' };
    if (message?.type === 'query' && isQueryResult(message)) {
      this.apply(message);
      return;
    }
    if (message?.type === 'error') {
      const detail = typeof message.error === 'string' ? message.error : '';
      error = this.lastSent === 'query' ? { key: 'query', detail } : { key: this.lastSent };
      console.error('notification socket:', detail, message.trace_id);
    } else console.error('notification socket: invalid response format');
    this.set({ isLoading: false, error });
  }

  private apply({ data, page }: QueryResult): void {
    const counts = { unread_count: data.unread_count, total: page.total };
    if (page.page !== this.state.page) {
      // a push of page 1 while another page is shown: its counts now, the shown page asked for once
      this.set(counts);
      if (!this.catchingUp) this.query();
      this.catchingUp = true;
      return;
    }
    this.catchingUp = false;
    const last = Math.max(1, Math.ceil(page.total / this.state.size));
    if (data.notifications.length === 0 && this.state.page > last) this.setPage(last);
    else this.set({ ...counts, notifications: data.notifications, isLoading: false });
  }

  private onClose(code: number): void {
    const used = this.token;
    this.stop(false);
    const token = this.config.getToken();
    const refused = (code === SOCKET_CLOSE.unauthorized || code === SOCKET_CLOSE.forbidden) && token === used;
    if (!token || refused || this.attempts >= LIMITS.socketMaxReconnects) {
      this.set({ isLoading: false, error: token && !refused ? { key: 'connect' } : this.state.error });
      return;
    }
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      const latest = this.config.getToken();
      if (latest) this.open(latest);
    }, LIMITS.socketReconnectBaseMs);
  }

  /** Forgets the socket (its later events are ignored) and its timers; `close` ends it and a pending reconnect too. */
  private stop(close = true): void {
    const ws = this.ws;
    this.ws = null;
    this.opening = null;
    this.token = null;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (!close) return;
    clearTimeout(this.reconnectTimer);
    try {
      ws?.close(SOCKET_CLOSE.normal);
    } catch (error) {
      console.warn('closing the notification socket failed', error);
    }
  }
}
