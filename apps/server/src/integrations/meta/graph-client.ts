/**
 * Meta's Graph API over HTTP, under GRAPH_API_URL (which carries the version). Every WhatsApp, Messenger and
 * Instagram call goes through here, so a test points the whole app at a local fake with one setting.
 */

/** Graph's refusal (its `error` object), or no answer at all (`status` 0: network failure or timeout). */
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

  /** No answer, Meta's own trouble, or a rate limit: worth trying again later. */
  get transient(): boolean {
    return this.status === 0 || this.status >= 500 || (this.code !== null && TRANSIENT_CODES.has(this.code));
  }

  /** The token is expired, revoked or lacks a permission: an admin must connect the channel again. */
  get tokenRejected(): boolean {
    return this.code === 190 || this.status === 401;
  }
}

// Meta's throttling and temporary codes: too many calls (4, 17, 32, 613), service trouble (1, 2), WhatsApp's
// throughput, spam-rate and pair-rate limits (130429, 131048, 131056) and account rate limit (80007)
const TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 613, 130429, 131048, 131056, 80007]);

export interface GraphClient {
  /** GET `path` under the Graph URL with the token as bearer; Graph's refusal or no answer throws a GraphError */
  get<T>(path: string, token: string): Promise<T>;
  /** POST a JSON body, likewise */
  post<T>(path: string, token: string, body: object): Promise<T>;
  /** A file Graph pointed at (a media `url`), fetched with the token; refused past `maxBytes` (status 413). */
  download(url: string, token: string | null, maxBytes: number): Promise<{ bytes: Buffer; contentType: string }>;
}

const TIMEOUT_MS = 15_000;

async function errorOf(response: Response): Promise<GraphError> {
  const text = await response.text().catch(() => '');
  try {
    const { error } = JSON.parse(text) as {
      error?: { message?: string; code?: number; error_subcode?: number; error_user_msg?: string };
    };
    if (error)
      return new GraphError(
        response.status,
        typeof error.code === 'number' ? error.code : null,
        error.error_user_msg || error.message || response.statusText,
        typeof error.error_subcode === 'number' ? error.error_subcode : null,
      );
  } catch {
    // not JSON: the status says it all
  }
  return new GraphError(response.status, null, response.statusText || `HTTP ${response.status}`);
}

export function createGraphClient(baseUrl: string, options: { timeoutMs?: number } = {}): GraphClient {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new GraphError(0, null, timedOut ? 'Graph did not answer in time' : 'Graph could not be reached');
    }
  }
  async function json<T>(path: string, init: RequestInit): Promise<T> {
    const response = await call(`${baseUrl}/${path.replace(/^\/+/, '')}`, init);
    if (!response.ok) throw await errorOf(response);
    return (await response.json()) as T;
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    get: (path, token) => json(path, { headers: bearer(token) }),
    post: (path, token, body) =>
      json(path, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    async download(url, token, maxBytes) {
      const response = await call(url, token ? { headers: bearer(token) } : {});
      if (!response.ok) throw await errorOf(response);
      const tooLarge = () => new GraphError(413, null, 'the file is over the size limit');
      if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge();
      const chunks: Buffer[] = [];
      let size = 0;
      const reader = response.body?.getReader();
      for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
        size += next.value.byteLength;
        if (size > maxBytes) {
          await reader?.cancel();
          throw tooLarge();
        }
        chunks.push(Buffer.from(next.value));
      }
      return {
        bytes: Buffer.concat(chunks),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
  };
}
