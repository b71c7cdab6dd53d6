import { promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { isRefusedAddress } from './address-rules.ts';
import { type DestinationRules, judgeDestination } from './destination.ts';
import { OutboundError, type OutboundResponse } from './outbound-error.ts';

/** Name resolution: every address a host name has. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface OutboundClientOptions {
  /** OUTBOUND_HTTP_ALLOW_PRIVATE: loopback, private and link-local destinations allowed (on-premise use, tests) */
  allowPrivate: boolean;
  /** a certificate authority trusted besides the system's (tests: a fake's self-signed certificate) */
  ca?: string;
  /** name resolution (tests point names at local fakes); the system's otherwise */
  resolve?: Resolve;
}

export interface OutboundRequest extends DestinationRules {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: Uint8Array;
  /** the answer's size cap in bytes: a longer one is aborted as `too_large` */
  maxBytes: number;
  /** for the whole exchange, redirects included */
  timeoutMs: number;
  /** redirects followed, each judged as the first URL was (default 0: a 3xx is the answer) */
  maxRedirects?: number;
  /** which final statuses are answers; any other throws `status` (default 2xx) */
  acceptStatus?: (status: number) => boolean;
}

export interface OutboundClient {
  /** One exchange with a user-given URL; refusals, timeouts, oversize and unaccepted statuses throw OutboundError. */
  request(url: string, request: OutboundRequest): Promise<OutboundResponse>;
  /** Why `url` would be refused before any DNS lookup (scheme, host list, an IP or `localhost` host), or null. */
  refusal(url: string, rules: DestinationRules): string | null;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const isSuccess = (status: number) => status >= 200 && status < 300;
const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true });

/**
 * DNS for one connection: the addresses are judged here, inside the connection's own lookup, so the address
 * checked is the address connected to (no second resolution a rebinding name could answer differently).
 */
function guardedLookup(resolve: Resolve, checkAddresses: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const first = addresses[0];
        if (!first) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
          return;
        }
        const refused = checkAddresses && addresses.find((found) => isRefusedAddress(found.address));
        if (refused) callback(new OutboundError('refused', `${hostname} resolves to ${refused.address}`), '');
        else if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

type Hop = { answer: OutboundResponse } | { redirect: { status: number; location: string } };
interface HopInit {
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}
interface HopOptions {
  lookup: LookupFunction;
  ca?: string[];
  signal: AbortSignal;
  maxBytes: number;
  followRedirects: boolean;
}

function exchange(url: URL, init: HopInit, options: HopOptions): Promise<Hop> {
  const tooLarge = () =>
    new OutboundError('too_large', `the answer of ${url.origin} is over ${options.maxBytes} bytes`);
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const headers = init.body ? { ...init.headers, 'content-length': String(init.body.byteLength) } : init.headers;
    const request = transport.request(
      url,
      {
        method: init.method,
        headers,
        lookup: options.lookup,
        // a fresh connection each time: never a pooled socket opened for another name's addresses
        agent: false,
        signal: options.signal,
        ...(options.ca && url.protocol === 'https:' && { ca: options.ca }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (options.followRedirects && REDIRECT_STATUSES.has(status) && location) {
          response.resume();
          resolve({ redirect: { status, location } });
          return;
        }
        if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
          request.destroy();
          reject(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size <= options.maxBytes) chunks.push(chunk);
          else {
            request.destroy();
            reject(tooLarge());
          }
        });
        response.on('end', () =>
          resolve({ answer: { status, headers: response.headers, body: Buffer.concat(chunks), url: url.href } }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

function classify(error: unknown, url: URL, signal: AbortSignal): OutboundError {
  if (error instanceof OutboundError) return error;
  if (signal.aborted) return new OutboundError('timeout', `${url.origin} did not answer in time`);
  const code = (error as NodeJS.ErrnoException).code;
  return new OutboundError('unreachable', `${url.origin} could not be reached${code ? ` (${code})` : ''}`);
}

/** What a redirect keeps of the request: credentials stay with their origin; 303, and 301/302 of a POST, GET. */
function redirected(init: HopInit, status: number, from: URL, to: URL): HopInit {
  const headers = { ...init.headers };
  if (to.origin !== from.origin)
    for (const name of Object.keys(headers))
      if (['authorization', 'cookie', 'proxy-authorization'].includes(name.toLowerCase())) delete headers[name];
  if (status === 303 || ((status === 301 || status === 302) && init.method === 'POST')) {
    for (const name of Object.keys(headers)) if (name.toLowerCase().startsWith('content-')) delete headers[name];
    return { method: 'GET', headers };
  }
  return { ...init, headers };
}

/**
 * The HTTP client for URLs a user, a customer or a delivery named (media, push endpoints, workflow steps, knowledge
 * imports): http/https only, every hop judged by its scheme, host and resolved addresses before connecting,
 * redirects followed by hand and judged again, a total timeout and a size cap.
 */
export function createOutboundClient(options: OutboundClientOptions): OutboundClient {
  const { allowPrivate } = options;
  const resolve = options.resolve ?? systemResolve;
  const ca = options.ca ? [...rootCertificates, options.ca] : undefined;
  const parse = (target: string, base?: URL) => {
    try {
      return new URL(target, base);
    } catch {
      throw new OutboundError('refused', 'the address is not a valid URL');
    }
  };

  return {
    refusal(target, rules) {
      try {
        const verdict = judgeDestination(new URL(target), rules, allowPrivate);
        return 'refused' in verdict ? verdict.refused : null;
      } catch {
        return 'the address is not a valid URL';
      }
    },

    async request(target, request) {
      const signal = AbortSignal.timeout(request.timeoutMs);
      const maxRedirects = request.maxRedirects ?? 0;
      let url = parse(target);
      let init: HopInit = { method: request.method ?? 'GET', headers: request.headers ?? {}, body: request.body };
      for (let redirects = 0; ; redirects += 1) {
        const verdict = judgeDestination(url, request, allowPrivate);
        if ('refused' in verdict) throw new OutboundError('refused', verdict.refused);
        let hop: Hop;
        try {
          hop = await exchange(url, init, {
            lookup: guardedLookup(resolve, !verdict.trusted && !allowPrivate),
            ca,
            signal,
            maxBytes: request.maxBytes,
            followRedirects: maxRedirects > 0,
          });
        } catch (error) {
          throw classify(error, url, signal);
        }
        if ('answer' in hop) {
          const { answer } = hop;
          if ((request.acceptStatus ?? isSuccess)(answer.status)) return answer;
          throw new OutboundError('status', `${url.origin} answered ${answer.status}`, answer);
        }
        if (redirects >= maxRedirects) throw new OutboundError('refused', `more than ${maxRedirects} redirects`);
        const next = parse(hop.redirect.location, url);
        init = redirected(init, hop.redirect.status, url, next);
        url = next;
      }
    },
  };
}
