import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type MessageKey, translate } from '@omnichat/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localeOf, sendError } from './error-handler.ts';

/** The longest path parameter the router matches; a longer one answers 414. */
export const MAX_PARAM_LENGTH = 500;

export const newTraceId = () => randomBytes(8).toString('hex');

const CLIENT_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  HPE_HEADER_OVERFLOW: { status: 431, key: 'request_headers_too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'request_timeout' },
};

/**
 * Node's HTTP parser refused the request (headers over the size limit, a timeout, broken HTTP) before Fastify saw
 * it: answer the usual envelope with a trace id, in English (the request was not read, so neither was its locale).
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, key: 'request_invalid' as const };
  const trace_id = newTraceId();
  this.log.debug({ trace_id, code: error.code, status }, 'client error');
  const body = JSON.stringify({ success: false, error: translate(key, 'en'), trace_id });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Trace-Id: ${trace_id}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * Errors of Fastify's router, before any hook runs: a path that is not valid percent-encoding (400) and a path
 * parameter over MAX_PARAM_LENGTH (414). Fastify would answer them with its own body, echoing the path.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-trace-id', request.id);
  const locale = localeOf(request);
  if (error.code === 'FST_ERR_BAD_URL') return sendError(reply, 400, translate('url_invalid', locale));
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, translate('uri_too_long', locale));
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 500, translate('server_error', locale));
}
