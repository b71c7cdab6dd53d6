import { STATUS_CODES } from 'node:http';
import type { OutboundClient } from '../../platform/outbound/outbound-client.ts';
import { OutboundError } from '../../platform/outbound/outbound-error.ts';

/**
 * Meta's Graph API over HTTP, under GRAPH_API_URL (which carries the version). Every WhatsApp, Messenger and
 * Instagram call goes through here, so a test points the whole app at a local fake with one setting.
 */

/**
 * Graph's refusal (its `error` object), or no answer at all (`status` 0: network failure or timeout). The one
 * classification of Meta's failures: callers branch on these getters, never on codes.
 */
export class GraphError extends Error {
  readonly status: number;
  /** Meta's error code (190 bad token, 130429 rate limit, 131047 re-engagement, ...); null without an answer */
  readonly code: number | null;
  /** Meta's message, or why there was no answer */
  readonly title: string;
  readonly subcode: number | null;

  constructor(status: number, code: number | null, title: string, subcode: number | null = null) {
    super(`Graph ${status}${code === null ? '' : ` code ${code}`}: ${title}`);
    this.status = status;
    this.code = code;
    this.title = title;
    this.subcode = subcode;
  }

  /** No answer, or Meta's own trouble (a 5xx): Graph could not say yes or no. */
  get unavailable(): boolean {
    return this.status === 0 || this.status >= 500;
  }

  /** No answer, Meta's own trouble, or a rate limit: worth trying again later. */
  get transient(): boolean {
    return this.unavailable || (this.code !== null && TRANSIENT_CODES.has(this.code));
  }

  /** The token is expired, revoked or lacks a permission: an admin must connect the channel again. */
  get tokenRejected(): boolean {
    return this.code === 190 || this.status === 401;
  }

  /**
   * The customer's reply window had closed: WhatsApp's re-engagement refusal (131047; only a template may go), or
   * the Send API's "sent outside of allowed window" (code 10, subcode 2018278) on Messenger and Instagram.
   */
  get outsideWindow(): boolean {
    return this.code === 131047 || (this.code === 10 && this.subcode === 2018278);
  }

  /** A file was over the size a download may take. */
  get tooLarge(): boolean {
    return this.status === 413;
  }
}

// Meta's throttling and temporary codes: too many calls (4, 17, 32, 613), service trouble (1, 2), WhatsApp's
// throughput, spam-rate and pair-rate limits (130429, 131048, 131056) and account rate limit (80007)
const TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 613, 130429, 131048, 131056, 80007]);

/** Query parameters of a call; `undefined` ones are left out. */
export type GraphQuery = Record<string, string | number | undefined>;

/**
 * The Graph API's HTTP verbs under GRAPH_API_URL, the token as bearer. Only the typed operations beside this file
 * (`whatsapp.ts`, `messaging.ts`) call them: the rest of the app never builds a Graph path or body.
 */
export interface GraphClient {
  /** how long a call may take before it fails with status 0 */
  readonly timeoutMs: number;
  /** GET `path` under the Graph URL; Graph's refusal or no answer throws a GraphError */
  get<T>(path: string, token: string, query?: GraphQuery): Promise<T>;
  /** POST a JSON body (none when omitted), likewise */
  post<T>(path: string, token: string, body?: object, query?: GraphQuery): Promise<T>;
  /** DELETE, likewise */
  delete<T>(path: string, token: string, query?: GraphQuery): Promise<T>;
  /**
   * POST raw bytes with extra headers, the token in Graph's `Authorization: OAuth` form (the Resumable Upload API
   * asks for it on `upload:` sessions), likewise
   */
  postBytes<T>(path: string, token: string, bytes: Buffer, headers: Record<string, string>): Promise<T>;
  /**
   * A file a delivery or Graph pointed at (an attachment or media `url`), fetched with the token; refused past
   * `maxBytes` (status 413). Only over https from Meta's content hosts, or from GRAPH_API_URL's own origin, each
   * redirect judged again: any other destination throws an OutboundError `refused` (nothing to retry).
   */
  download(url: string, token: string | null, maxBytes: number): Promise<{ bytes: Buffer; contentType: string }>;
}

const TIMEOUT_MS = 15_000;
const DOWNLOAD_REDIRECTS = 5;
/**
 * Where Meta serves received files: Messenger's and Instagram's attachment URLs (scontent*.xx.fbcdn.net,
 * lookaside.fbsbx.com/ig_messaging_cdn, *.cdninstagram.com) and WhatsApp's media URLs
 * (lookaside.fbsbx.com/whatsapp_business, mmg.whatsapp.net).
 */
export const META_CONTENT_HOSTS = ['*.fbcdn.net', '*.fbsbx.com', '*.cdninstagram.com', '*.whatsapp.net'] as const;

function errorOf(status: number, statusText: string, text: string): GraphError {
  try {
    const { error } = JSON.parse(text) as {
      error?: { message?: string; code?: number; error_subcode?: number; error_user_msg?: string };
    };
    if (error)
      return new GraphError(
        status,
        typeof error.code === 'number' ? error.code : null,
        error.error_user_msg || error.message || statusText,
        typeof error.error_subcode === 'number' ? error.error_subcode : null,
      );
  } catch {
    // not JSON: the status says it all
  }
  return new GraphError(status, null, statusText || `HTTP ${status}`);
}

/** A download's failure as Graph's: no answer in time or at all is status 0 (retried), oversize 413. */
function downloadErrorOf(error: unknown): unknown {
  if (!(error instanceof OutboundError)) return error;
  if (error.kind === 'status' && error.response)
    return errorOf(error.response.status, STATUS_CODES[error.response.status] ?? '', error.response.body.toString());
  if (error.kind === 'too_large') return new GraphError(413, null, 'the file is over the size limit');
  if (error.kind === 'timeout') return new GraphError(0, null, 'Graph did not answer in time');
  if (error.kind === 'unreachable') return new GraphError(0, null, 'Graph could not be reached');
  return error;
}

export function createGraphClient(
  baseUrl: string,
  options: { timeoutMs?: number; outbound: OutboundClient },
): GraphClient {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const graphOrigin = new URL(baseUrl).origin;
  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new GraphError(0, null, timedOut ? 'Graph did not answer in time' : 'Graph could not be reached');
    }
  }
  async function json<T>(path: string, query: GraphQuery | undefined, init: RequestInit): Promise<T> {
    const url = new URL(`${baseUrl}/${path.replace(/^\/+/, '')}`);
    for (const [name, value] of Object.entries(query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const response = await call(url.href, init);
    if (!response.ok) throw errorOf(response.status, response.statusText, await response.text().catch(() => ''));
    return (await response.json()) as T;
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    timeoutMs,
    get: (path, token, query) => json(path, query, { headers: bearer(token) }),
    post: (path, token, body, query) =>
      json(path, query, {
        method: 'POST',
        headers: { ...bearer(token), ...(body && { 'content-type': 'application/json' }) },
        ...(body && { body: JSON.stringify(body) }),
      }),
    delete: (path, token, query) => json(path, query, { method: 'DELETE', headers: bearer(token) }),
    postBytes: (path, token, bytes, headers) =>
      json(path, undefined, {
        method: 'POST',
        headers: { ...headers, authorization: `OAuth ${token}` },
        body: new Uint8Array(bytes),
      }),
    async download(url, token, maxBytes) {
      try {
        const response = await options.outbound.request(url, {
          headers: token ? bearer(token) : {},
          maxBytes,
          timeoutMs,
          maxRedirects: DOWNLOAD_REDIRECTS,
          httpsOnly: true,
          allowedHosts: META_CONTENT_HOSTS,
          trustedOrigins: [graphOrigin],
        });
        return { bytes: response.body, contentType: response.headers['content-type'] ?? 'application/octet-stream' };
      } catch (error) {
        throw downloadErrorOf(error);
      }
    },
  };
}
