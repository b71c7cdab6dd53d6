import {
  type CallInput,
  type Endpoint,
  type HttpMethod,
  LIMITS,
  type Locale,
  type MessageKey,
  type PageInfo,
  pathOf,
  type ResponseOf,
  translate,
} from '@omnichat/contracts';

export type ToastNotifier = (kind: 'error', title: string, lines: string[]) => void;

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** a multipart upload instead of a JSON body (the browser sets its content type) */
  form?: FormData;
  /** Do not toast failures (background look-ups such as public settings). */
  silent?: boolean;
  /**
   * A form shows this answer's field errors under its fields (`setServerFields`): a failure that names fields is
   * not toasted as well. One error, one place; a failure without fields still toasts with its trace.
   */
  inlineFields?: boolean;
  signal?: AbortSignal;
}

/** What `call` takes: the endpoint's parameters, query and body (those it has), and the request options. */
export type CallArguments<E extends Endpoint> = keyof CallInput<E> extends never
  ? [options?: Omit<RequestOptions, 'query' | 'body'>]
  : [input: CallInput<E> & Omit<RequestOptions, 'query' | 'body'>];

export interface Envelope<T> {
  data: T;
  page?: PageInfo;
}

/** A failed call: `message` is the text already shown to the user (or that would have been). */
export class ApiError extends Error {
  readonly status: number;
  readonly traceId: string | undefined;
  readonly fields: Record<string, string> | undefined;
  /** false when nothing was toasted: a silent call, or field errors left to the form (`inlineFields`) */
  readonly toasted: boolean;
  /** more about the failure, e.g. the record a 409 clashes with (`details.existing`) */
  readonly details: Record<string, unknown> | undefined;
  constructor(
    message: string,
    status: number,
    traceId?: string,
    fields?: Record<string, string>,
    toasted = true,
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.traceId = traceId;
    this.fields = fields;
    this.toasted = toasted;
    this.details = details;
  }
}

export interface HttpClientConfig {
  baseUrl?: string;
  getToken: () => string | null;
  getLocale: () => Locale;
  /** Runs the token refresh of the current login type; true when a new token was stored. */
  refreshSession: () => Promise<boolean>;
  /** Called after a final 401 on a signed-in call: clear the token and go to the login route. */
  onSessionExpired: () => void;
  notify: ToastNotifier;
  /** Delay before the retry that follows a token refresh (SPEC 9: 3 s). */
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

interface RawResponse {
  status: number;
  body: unknown;
}

interface ErrorBody {
  success?: boolean;
  error?: string;
  trace_id?: string;
  fields?: Record<string, string>;
  details?: Record<string, unknown>;
}

const RETRY_STATUSES = new Set([401, 403, 413]);
const TABLE_TEXT: Partial<Record<number, MessageKey>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'media_too_large',
  500: 'server_error',
};

export const isPublicUrl = (url: string) => url.startsWith('/public/');

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function asErrorBody(body: unknown): ErrorBody {
  return body !== null && typeof body === 'object' ? (body as ErrorBody) : {};
}

/** Title and lines of the toast for a failed response (SPEC 8 table). */
export function describeFailure(status: number, body: unknown, locale: Locale): { title: string; lines: string[] } {
  const { error, trace_id: traceId } = asErrorBody(body);
  const tableKey = TABLE_TEXT[status];
  const serverText = typeof error === 'string' && error.trim() ? error : undefined;
  const title = tableKey ? translate(tableKey, locale) : (serverText ?? translate('unknown_error', locale));
  const lines: string[] = [];
  if (tableKey && serverText && serverText !== title) lines.push(serverText);
  lines.push(translate('trace', locale, { status, trace_id: traceId ?? '-' }));
  return { title, lines };
}

export function createHttpClient(config: HttpClientConfig) {
  const baseUrl = config.baseUrl ?? '';
  const sleep = config.sleep ?? defaultSleep;
  const retryDelayMs = config.retryDelayMs ?? LIMITS.requestRetryDelayMs;
  let refreshing: Promise<boolean> | null = null;

  function buildUrl(path: string, query?: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const search = params.toString();
    return `${baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  /** One fetch with the standard headers; throws ApiError(status 0) on network failure. */
  async function send(method: HttpMethod, path: string, options: RequestOptions): Promise<RawResponse> {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Locale': config.getLocale() };
    const token = config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | FormData | undefined = options.form;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
    } catch (cause) {
      const aborted = cause instanceof DOMException && cause.name === 'AbortError';
      throw new ApiError(translate(aborted ? 'request_aborted' : 'network_error', config.getLocale()), 0);
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    return { status: response.status, body: parsed };
  }

  function refreshOnce(): Promise<boolean> {
    if (!refreshing) {
      refreshing = config
        .refreshSession()
        .catch(() => false)
        .finally(() => {
          refreshing = null;
        });
    }
    return refreshing;
  }

  function fail(status: number, body: unknown, options: RequestOptions): never {
    const locale = config.getLocale();
    const { title, lines } = describeFailure(status, body, locale);
    const { error, trace_id: traceId, fields, details } = asErrorBody(body);
    const toast = !options.silent && !(options.inlineFields && fields && Object.keys(fields).length > 0);
    if (toast) config.notify('error', title, lines);
    throw new ApiError(typeof error === 'string' && error ? error : title, status, traceId, fields, toast, details);
  }

  async function requestEnvelope<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<Envelope<T>> {
    let response: RawResponse;
    try {
      response = await send(method, path, options);
      const mayRetry = !isPublicUrl(path) && RETRY_STATUSES.has(response.status) && response.status !== 413;
      if (mayRetry && response.status === 401) {
        if (config.getToken() && (await refreshOnce())) {
          await sleep(retryDelayMs);
          response = await send(method, path, options);
        }
        if (response.status === 401) {
          if (!options.silent) {
            const { title, lines } = describeFailure(401, response.body, config.getLocale());
            config.notify('error', title, lines);
          }
          config.onSessionExpired();
          fail(401, response.body, { ...options, silent: true });
        }
      } else if (mayRetry && response.status === 403) {
        response = await send(method, path, options);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 0 && !options.silent) config.notify('error', error.message, []);
      throw error;
    }
    const { status, body } = response;
    if (status < 200 || status >= 300) fail(status, body, options);
    const envelope = body as { success?: unknown; data?: T; page?: PageInfo } | null;
    if (envelope?.success !== true) fail(status, { error: translate('unknown_error', config.getLocale()) }, options);
    return { data: envelope.data as T, page: envelope.page };
  }

  /**
   * Calls an endpoint of the contracts: its answer's `data` is parsed by the endpoint's response schema, and an
   * answer that does not match is reported (logged with the differences, toasted, thrown), never cast.
   */
  async function callEnvelope<E extends Endpoint>(
    endpoint: E,
    ...[input]: CallArguments<E>
  ): Promise<Envelope<ResponseOf<E>>> {
    const { params, query, body, ...options } = (input ?? {}) as RequestOptions & {
      params?: Record<string, string | number>;
    };
    const path = pathOf(endpoint.path, params);
    const envelope = await requestEnvelope<unknown>(endpoint.method, path, { ...options, query, body });
    const parsed = endpoint.response.safeParse(envelope.data);
    if (parsed.success) return { data: parsed.data as ResponseOf<E>, page: envelope.page };
    const message = translate('response_invalid', config.getLocale());
    const where = `${endpoint.method} ${path}`;
    console.error(`${where}: the answer does not match its contract`, parsed.error.issues);
    if (!options.silent) config.notify('error', message, [where]);
    throw new ApiError(message, 200);
  }

  /** A file the server answers (an export, an example, a report): its bytes, or the failure toasted like a call's. */
  async function download(path: string, query?: RequestOptions['query']): Promise<Blob> {
    const headers: Record<string, string> = { 'X-Locale': config.getLocale() };
    const token = config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), { headers });
    } catch {
      const message = translate('network_error', config.getLocale());
      config.notify('error', message, []);
      throw new ApiError(message, 0);
    }
    if (response.ok) return response.blob();
    const body = await response.json().catch(() => null);
    return fail(response.status, body, {});
  }

  return {
    download,
    callEnvelope,
    call: async <E extends Endpoint>(endpoint: E, ...input: CallArguments<E>) =>
      (await callEnvelope(endpoint, ...input)).data,
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
