import {
  LIMITS,
  type Locale,
  type MessageKey,
  type SocketPush,
  type SocketPushAction,
  translate,
} from '@omnichat/contracts';
import {
  type ActionHandler,
  CLOSE_FORBIDDEN,
  CLOSE_NORMAL,
  CLOSE_UNAUTHORIZED,
  defaultSocketUrl,
  OPEN,
  parseMessage,
  SocketError,
  type SocketState,
  traceLine,
  type WebSocketConstructor,
  type WebSocketLike,
  withTicket,
} from './protocol.ts';

export interface GeneralSocketConfig {
  getToken: () => string | null;
  /**
   * A one-time ticket of the stored token's session (POST /v1/ws/ticket), fetched for every connection: it goes into
   * the socket's URL instead of the token, since a browser prints that URL when the socket fails to connect. Rejects
   * with the HTTP `status` of a refusal (401, 403).
   */
  getTicket: () => Promise<string>;
  getLocale: () => Locale;
  /** Toast for the user (the HTTP client's toaster). */
  notify: (kind: 'error', title: string, lines: string[]) => void;
  /** Defaults to `globalThis.WebSocket`, looked up at connect time. */
  WebSocketImpl?: WebSocketConstructor;
  /** Address without the query; defaults to ws(s)://<this host>/v1/ws. */
  url?: () => string;
  pingMs?: number;
  reconnectBaseMs?: number;
  maxReconnects?: number;
}

interface Pending {
  resolve: (data: unknown) => void;
  reject: (error: SocketError) => void;
}

/**
 * The general socket (SPEC 4, 7, 8, 9): ping every 7 s, messages routed by `action`, replies matched by
 * `request_id`, exponential-backoff reconnect after an unexpected close. Framework-free.
 */
export class GeneralSocket {
  private ws: WebSocketLike | null = null;
  private token: string | null = null;
  /** the connection waiting for its ticket (a newer one, a close or a disconnect makes it moot) */
  private opening: symbol | null = null;
  private current: SocketState = 'closed';
  private attempt = 0;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private nextRequestId = 1;
  private readonly pending = new Map<string, Pending>();
  private readonly handlers = new Map<string, Set<ActionHandler>>();
  private readonly listeners = new Set<(state: SocketState) => void>();
  /** Server time of the last pong (unix ms), 0 before the first one. */
  lastPong = 0;

  constructor(private readonly config: GeneralSocketConfig) {}

  get state(): SocketState {
    return this.current;
  }

  /** Observe state changes; returns the unsubscribe function. */
  subscribe(listener: (state: SocketState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Register a handler for an action (several may share one); returns the unregister function. */
  on<A extends SocketPushAction>(action: A, handler: ActionHandler<SocketPush<A>>): () => void;
  on<T = unknown>(action: string, handler: ActionHandler<T>): () => void;
  on(action: string, handler: ActionHandler): () => void {
    let set = this.handlers.get(action);
    if (!set) {
      set = new Set();
      this.handlers.set(action, set);
    }
    set.add(handler as ActionHandler);
    return () => {
      set.delete(handler as ActionHandler);
      if (set.size === 0 && this.handlers.get(action) === set) this.handlers.delete(action);
    };
  }

  /**
   * Opens the socket for the stored token (with a ticket of it). Throws when no token is stored. Does nothing when
   * a socket for the same token is already open or opening; a different token replaces the old socket.
   */
  connect(): void {
    const token = this.config.getToken();
    if (!token) throw new SocketError(this.text('ws_no_token'));
    if ((this.ws || this.opening) && this.token === token) return;
    // no 'closed' in between: the state goes straight on to 'connecting'
    this.stop(this.text('ws_not_connected'), false);
    this.attempt = 0;
    this.open(token);
  }

  /** Manual close (code 1000): no reconnect; pending requests are rejected. */
  disconnect(): void {
    this.stop(this.text('ws_not_connected'));
  }

  /** Sends `{action, data}`; throws 'WebSocket is not connected' when the socket is not open. */
  send(action: string, data?: unknown, requestId?: string): void {
    const ws = this.ws;
    if (!ws || ws.readyState !== OPEN) {
      const message = this.text('ws_not_connected');
      console.error(message, action);
      throw new SocketError(message, action);
    }
    const payload: { action: string; data?: unknown; request_id?: string } = { action };
    if (data !== undefined) payload.data = data;
    if (requestId !== undefined) payload.request_id = requestId;
    ws.send(JSON.stringify(payload));
  }

  /** Sends with a fresh `request_id`; resolves with the reply's data, rejects on success:false or close. */
  request<T = unknown>(action: string, data?: unknown): Promise<T> {
    const requestId = `${Date.now().toString(36)}-${this.nextRequestId++}`;
    return new Promise<T>((resolve, reject) => {
      try {
        this.send(action, data, requestId);
      } catch (error) {
        reject(error);
        return;
      }
      this.pending.set(requestId, { resolve: resolve as (data: unknown) => void, reject });
    });
  }

  private text(key: MessageKey): string {
    return translate(key, this.config.getLocale());
  }

  private setState(next: SocketState): void {
    if (next === this.current) return;
    this.current = next;
    for (const listener of this.listeners) listener(next);
  }

  private open(token: string): void {
    const Impl = this.config.WebSocketImpl ?? (globalThis.WebSocket as WebSocketConstructor | undefined);
    if (!Impl) {
      console.error(this.text('ws_failed_to_connect'));
      this.setState('closed');
      return;
    }
    this.token = token;
    this.setState('connecting');
    const opening = Symbol('opening');
    this.opening = opening;
    withTicket(
      () => this.config.getTicket(),
      () => this.opening === opening,
      (ticket) => {
        this.opening = null;
        this.openWith(Impl, ticket);
      },
      (closeCode) => {
        this.opening = null;
        console.error(this.text('ws_connection_error'));
        // refused (401, 403) like a socket the server closes; anything else is retried like a dropped connection
        this.onClose(closeCode);
      },
    );
  }

  private openWith(Impl: WebSocketConstructor, ticket: string): void {
    const url = new URL((this.config.url ?? defaultSocketUrl)());
    // SPEC 7's parameter, holding the ticket: never the session token, which the browser would print on a failure
    url.searchParams.set('token', ticket);
    // browsers cannot set X-Locale on a socket: the server reads the locale from the query
    url.searchParams.set('locale', this.config.getLocale());
    const ws = new Impl(url.toString());
    this.ws = ws;
    // events of a socket that was replaced or closed by hand are ignored
    const mine = () => this.ws === ws;
    ws.onopen = () => {
      if (mine()) this.onOpen();
    };
    ws.onmessage = (event) => {
      if (mine()) this.onMessage(event.data);
    };
    ws.onerror = () => {
      // logged only: the toast comes when reconnecting gives up (SPEC 8)
      if (mine()) console.error(this.text('ws_connection_error'));
    };
    ws.onclose = (event) => {
      if (mine()) this.onClose(event.code);
    };
  }

  private onOpen(): void {
    this.attempt = 0;
    this.setState('connected');
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (this.ws?.readyState === OPEN) this.ws.send(JSON.stringify({ action: 'ping' }));
    }, this.config.pingMs ?? LIMITS.socketPingMs);
  }

  private onMessage(raw: unknown): void {
    const message = parseMessage(raw);
    if (!message) {
      const text = this.text('ws_parse_failed');
      console.error(text, raw);
      this.config.notify('error', text, []);
      return;
    }
    if (message.action === 'pong') {
      const time = (message.data as { time?: unknown } | undefined)?.time;
      this.lastPong = typeof time === 'number' ? time : Date.now();
      return;
    }
    const failed = message.success === false;
    if (failed && message.error) {
      const lines = message.trace_id ? [traceLine(message.trace_id, this.config.getLocale())] : [];
      console.error(message.error, message.action, message.trace_id);
      this.config.notify('error', message.error, lines);
    }
    const pending = message.request_id === undefined ? undefined : this.pending.get(message.request_id);
    if (pending && message.request_id !== undefined) {
      this.pending.delete(message.request_id);
      if (failed) {
        const text = message.error || translate('unknown_error', this.config.getLocale());
        pending.reject(new SocketError(text, message.action, message.trace_id));
      } else pending.resolve(message.data);
    }
    const handlers = this.handlers.get(message.action);
    if (handlers?.size) {
      for (const handler of [...handlers]) handler(message);
    } else if (!pending) {
      console.warn(`No handler for socket action "${message.action}"`, message);
    }
  }

  private onClose(code: number): void {
    const used = this.token;
    this.release(this.text('ws_not_connected'));
    const token = this.config.getToken();
    // refused for good, unless the app holds a newer token than the one this socket used (password change)
    if (!token || ((code === CLOSE_UNAUTHORIZED || code === CLOSE_FORBIDDEN) && token === used)) {
      this.setState('closed');
      return;
    }
    const max = this.config.maxReconnects ?? LIMITS.socketMaxReconnects;
    if (this.attempt >= max) {
      const text = this.text('ws_failed_to_connect');
      console.error(text);
      this.config.notify('error', text, []);
      this.setState('closed');
      return;
    }
    const delay = (this.config.reconnectBaseMs ?? LIMITS.socketReconnectBaseMs) * 2 ** this.attempt;
    this.attempt += 1;
    // 'connecting' while waiting: the socket is on its way back (SPEC 4)
    this.setState('connecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      const latest = this.config.getToken();
      if (latest) this.open(latest);
      else this.setState('closed');
    }, delay);
  }

  /** Forgets the current socket (its later events are ignored) and rejects pending requests. */
  private release(reason: string): WebSocketLike | null {
    const ws = this.ws;
    this.ws = null;
    this.opening = null;
    this.token = null;
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(new SocketError(reason));
    }
    return ws;
  }

  private stop(reason: string, announce = true): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const ws = this.release(reason);
    try {
      ws?.close(CLOSE_NORMAL);
    } catch (error) {
      console.warn('closing the socket failed', error);
    }
    if (announce) this.setState('closed');
  }
}
