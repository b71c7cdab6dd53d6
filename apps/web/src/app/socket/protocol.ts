import { type Locale, SOCKET_CLOSE, SOCKET_PATH, translate } from '@omnichat/contracts';

/** SPEC 4 "General socket". */
export type SocketState = 'connecting' | 'connected' | 'closed';

/** Every message the server sends: `pong`, a reply to an action, or a push (SPEC 7). */
export interface ServerMessage<T = unknown> {
  action: string;
  request_id?: string;
  success?: boolean;
  data?: T;
  error?: string;
  trace_id?: string;
}

export type ActionHandler<T = unknown> = (message: ServerMessage<T>) => void;

/** The part of the browser WebSocket this module uses (a fake one is injected in tests). */
export type WebSocketLike = Pick<
  WebSocket,
  'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'
>;
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** A socket failure; `traceId` is set when the server answered success:false. */
export class SocketError extends Error {
  readonly traceId: string | undefined;
  readonly action: string | undefined;
  constructor(message: string, action?: string, traceId?: string) {
    super(message);
    this.name = 'SocketError';
    this.action = action;
    this.traceId = traceId;
  }
}

/** Close code the server uses when the token stops being valid; never reconnects. */
export const CLOSE_UNAUTHORIZED = SOCKET_CLOSE.unauthorized;
export const CLOSE_NORMAL = SOCKET_CLOSE.normal;
export const CLOSE_FORBIDDEN = SOCKET_CLOSE.forbidden;
/** WebSocket.OPEN (the constant is not read from the class, so fakes need not define it). */
export const OPEN = 1;

/** What a failed ticket request counts as: the server's close for a refusal (401, 403), else a dropped connection. */
function ticketFailureCode(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401) return SOCKET_CLOSE.unauthorized;
  if (status === 403) return SOCKET_CLOSE.forbidden;
  return 1006;
}

/**
 * Asks for a socket ticket, then hands it on, or the close code its failure counts as, only while `stillWanted`
 * (a later connect or a close by hand makes the answer moot).
 */
export function withTicket(
  getTicket: () => string | Promise<string>,
  stillWanted: () => boolean,
  open: (ticket: string) => void,
  fail: (closeCode: number) => void,
): void {
  new Promise<string>((resolve) => resolve(getTicket())).then(
    (ticket) => stillWanted() && open(ticket),
    (error: unknown) => stillWanted() && fail(ticketFailureCode(error)),
  );
}

export function defaultSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${SOCKET_PATH}`;
}

/** The localized "Trace: #id" line (the HTTP `trace` message without its "[status]" prefix). */
export function traceLine(traceId: string, locale: Locale): string {
  return translate('trace', locale, { status: '', trace_id: traceId }).replace(/^\[\]\s*/, '');
}

/** The message when it is JSON with a string `action`, else null. */
export function parseMessage(raw: unknown): ServerMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value === null || typeof value !== 'object' || typeof (value as ServerMessage).action !== 'string') return null;
    return value as ServerMessage;
  } catch {
    return null;
  }
}
