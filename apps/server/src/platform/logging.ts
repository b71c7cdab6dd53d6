import { toStorableText } from '@omnichat/contracts';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets (one-time tokens in links, the socket's token, OAuth codes, the verify
 * token Meta sends when a webhook is set up).
 */
const SECRET_QUERY_PARAMS = new Set([
  'token',
  'hub.verify_token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'password',
  'secret',
  'client_secret',
  'api_key',
]);

/**
 * Paths whose next segment is a credential: the signed link Meta fetches an agent's file by
 * (`/public/v1/media/<payload>.<signature>`, which works for 24 hours without a session).
 */
const SECRET_PATH_SEGMENT = /^(\/public\/v1\/media\/)[^/?#]+/i;

/** `url` with secret path segments and the values of secret query parameters (any case) replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const redacted = url.replace(SECRET_PATH_SEGMENT, '$1[redacted]');
  return redactQuery(redacted);
}

function redactQuery(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0) return part;
      const rawName = part.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {}
      return SECRET_QUERY_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=[redacted]` : part;
    });
  return `${url.slice(0, start + 1)}${query.join('&')}`;
}

type ErrorLike = Error & Record<string, unknown>;
const isErrorLike = (value: unknown): value is ErrorLike =>
  value instanceof Error ||
  (typeof value === 'object' && value !== null && typeof Reflect.get(value, 'message') === 'string');

/** drizzle's wrapper of a failed query: its message and `params` carry the query's values. */
const isQueryError = (error: ErrorLike): error is ErrorLike & { query: string } =>
  error instanceof DrizzleQueryError ||
  (typeof error.query === 'string' && 'params' in error && String(error.message).startsWith('Failed query:'));

/** An error of the PostgreSQL driver (pg or PGlite): `detail` and `where` may quote row values. */
const isDriverError = (error: ErrorLike) => typeof error.code === 'string' && typeof error.severity === 'string';

/** The stack's frames after a replaced first line (the message, which may span lines). */
function stackWith(error: ErrorLike, message: string): string | undefined {
  const stack = typeof error.stack === 'string' ? error.stack : undefined;
  if (!stack) return undefined;
  const head = `${error.name}: ${error.message}`;
  if (stack.startsWith(head)) return `${error.name}: ${message}${stack.slice(head.length)}`;
  const frames = stack.indexOf('\n    at ');
  return `${error.name}: ${message}${frames < 0 ? '' : stack.slice(frames)}`;
}

const MAX_CAUSES = 8;

/**
 * The `err` of log lines: like pino's, except that a failed query shows its SQL and the driver's message and code,
 * never its parameters (a new password's hash, an e-mail…), and a driver error only its message and code.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return error;
  const type = error.constructor?.name || error.name;
  if (isQueryError(error)) {
    const message = `Failed query: ${error.query}`;
    return {
      type,
      message,
      query: error.query,
      stack: stackWith(error, message),
      ...(error.cause !== undefined && depth < MAX_CAUSES ? { cause: serializeError(error.cause, depth + 1) } : {}),
    };
  }
  if (isDriverError(error)) {
    return { type, message: error.message, code: error.code, stack: stackWith(error, error.message) };
  }
  const out: Record<string, unknown> = { type, message: error.message, stack: error.stack };
  for (const key of Object.keys(error)) {
    if (key in out || key === 'cause' || key === 'errors') continue;
    const value = error[key];
    out[key] = isErrorLike(value) && depth < MAX_CAUSES ? serializeError(value, depth + 1) : value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  if (Array.isArray(error.errors) && depth < MAX_CAUSES)
    out.aggregateErrors = error.errors.map((item) => serializeError(item, depth + 1));
  return out;
}

function messageOf(error: unknown): string {
  if (!isErrorLike(error)) return String(error);
  if (isQueryError(error)) {
    const cause = isErrorLike(error.cause) ? `: ${messageOf(error.cause)}` : '';
    return `Failed query: ${error.query}${cause}`;
  }
  return error.message;
}

/**
 * A failure's message fit to store and show (a failed job's last error): a query's SQL and its driver message but
 * not its parameters, at most `maxLength` characters, without characters PostgreSQL cannot store.
 */
export function safeErrorMessage(error: unknown, maxLength = 4000): string {
  return toStorableText(messageOf(error).slice(0, maxLength));
}

/** Fastify's request serializer, with secrets of the path and the query string redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const redactIfUrl = (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value);

/**
 * Serializers of every log line (requests, jobs, the app): `err` without query parameters, `req` (and any `url` or
 * `path` field, which @fastify/websocket logs) without secrets of the path or the query string.
 */
export const logSerializers = {
  err: serializeError as (error: Error) => { type: string; message: string; stack: string; [key: string]: unknown },
  req: serializeRequest,
  url: redactIfUrl,
  path: redactIfUrl,
};
