import { isMessageKey, type Locale, type MessageKey, resolveLocale, translate } from '@omnichat/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

interface IssueDetail {
  code?: string;
  path?: PropertyKey[];
  message?: string;
  maximum?: number;
  minimum?: number;
  values?: unknown[];
  keys?: string[];
  input?: unknown;
  expected?: string;
  origin?: string;
}

/** A validation error of fastify-type-provider-zod: the zod issue's code is `keyword`, its details `params`. */
interface Issue {
  code?: string;
  keyword?: string;
  message?: string;
  path?: (string | number)[];
  instancePath?: string;
  params?: IssueDetail & { issue?: IssueDetail };
}

export const localeOf = (request: FastifyRequest): Locale =>
  resolveLocale(request.headers['x-locale'] as string | undefined);

/**
 * A field's path as a person says it in a sentence: its last named part, words apart ("settings.0.display_name" →
 * "display name"), never the raw path.
 */
export function fieldWords(path: string): string {
  const named = path.split('.').filter((part) => part !== '' && !/^\d+$/.test(part));
  const last = named.at(-1) ?? path;
  return last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** A zod issue → a sentence in the caller's locale. Contract schemas carry catalogue keys as messages. */
function issueText(issue: Issue, path: string, locale: Locale): string {
  const field = fieldWords(path);
  const detail = issue.params?.issue ?? issue.params ?? {};
  const message = detail.message ?? issue.message ?? '';
  if (isMessageKey(message)) return translate(message, locale, { field });
  const code = detail.code ?? issue.code ?? issue.keyword;
  // zod reports the input only when asked to; its own message then tells a missing value from a wrong one
  const isMissing =
    code === 'invalid_type' && ('input' in detail ? detail.input === undefined : /received undefined$/.test(message));
  const key: MessageKey = isMissing
    ? 'field_required'
    : code === 'too_big'
      ? detail.origin === 'string'
        ? 'field_too_long'
        : 'field_too_large'
      : code === 'too_small'
        ? detail.origin === 'string'
          ? detail.minimum === 1
            ? 'field_required'
            : 'field_too_short'
          : 'field_too_small'
        : code === 'invalid_value'
          ? 'field_invalid_option'
          : code === 'unrecognized_keys'
            ? 'field_unknown'
            : 'field_invalid_type';
  return translate(key, locale, {
    field,
    max: detail.maximum ?? '',
    min: detail.minimum ?? '',
    options: (detail.values ?? []).join(', '),
  });
}

export function sendError(
  reply: FastifyReply,
  status: number,
  error: string,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
) {
  const trace_id = String(reply.request.id);
  return reply
    .code(status)
    .send({ success: false, error, trace_id, ...(fields && { fields }), ...(details && { details }) });
}

const STATUS_KEYS: Record<number, MessageKey> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'media_too_large',
  415: 'unsupported_media_type',
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeOf(request);
    if (error instanceof AppError) {
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([name, f]) => [name, translate(f.key, locale, f.params)]),
          )
        : undefined;
      if (error.status === 429 && error.params.seconds) reply.header('retry-after', String(error.params.seconds));
      return sendError(reply, error.status, translate(error.key, locale, error.params), fields, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation as unknown as Issue[]) {
        const path = issue.params?.issue?.path ?? [];
        const name =
          path.length > 0
            ? path.join('.')
            : (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        fields[name] ??= issueText(issue, name, locale);
      }
      const first = Object.values(fields)[0] ?? translate('request_invalid', locale);
      return sendError(reply, 400, first, fields);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, translate('server_error', locale));
    }
    request.log.info({ code: error.code, status }, error.message);
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error instanceof SyntaxError ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return sendError(reply, 400, translate('malformed_json', locale));
    }
    if (status === 429) return sendError(reply, 429, translate('too_many_requests', locale, { seconds: 60 }));
    return sendError(reply, status, translate(STATUS_KEYS[status] ?? 'request_invalid', locale));
  });
}
