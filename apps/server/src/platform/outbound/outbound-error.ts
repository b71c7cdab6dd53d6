import type { IncomingHttpHeaders } from 'node:http';

/** A final answer (no redirect followed past it). */
export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** the URL that answered, after redirects */
  url: string;
}

/**
 * Why an outbound request failed: `refused` (the scheme, host or an address it resolves to is not allowed, or too
 * many redirects: nothing worth retrying), `too_large` (the answer passed the size cap), `timeout`, `unreachable`
 * (DNS or connection failure), `status` (an answer whose status the caller does not accept; it is in `response`).
 */
export type OutboundFailure = 'refused' | 'too_large' | 'timeout' | 'unreachable' | 'status';

export class OutboundError extends Error {
  readonly kind: OutboundFailure;
  readonly response: OutboundResponse | null;

  constructor(kind: OutboundFailure, message: string, response: OutboundResponse | null = null) {
    super(message);
    this.name = 'OutboundError';
    this.kind = kind;
    this.response = response;
  }
}
