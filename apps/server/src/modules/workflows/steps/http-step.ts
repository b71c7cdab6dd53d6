import { setTimeout as sleep } from 'node:timers/promises';
import { OutboundError, type OutboundResponse } from '../../../platform/outbound/outbound-error.ts';
import { StepFailure, type StepHandler } from './step-types.ts';

/** The step's limits (issue 27): 10 s a try, retries of a 5xx or a timeout within 20 s in all, a 1 MB answer. */
export const HTTP_STEP = {
  timeoutMs: 10_000,
  totalMs: 20_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
  tries: 3,
} as const;
/** what of an answer's text the run keeps for later steps and the log */
const KEPT_CHARS = 64 * 1024;
const KEPT_HEADERS = ['content-type', 'location', 'etag', 'x-request-id'];

/** A value inside a JSON string, so a customer's quote or newline cannot break the body. */
const jsonEscape = (value: string) => JSON.stringify(value).slice(1, -1);

function outputOf(response: OutboundResponse) {
  const text = response.body.toString('utf8');
  let body: unknown = text.slice(0, KEPT_CHARS);
  if (/json/i.test(String(response.headers['content-type'] ?? '')) || /^\s*[[{]/.test(text)) {
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON after all: kept as text
    }
  }
  const headers = Object.fromEntries(
    KEPT_HEADERS.filter((name) => response.headers[name] !== undefined).map((name) => [
      name,
      String(response.headers[name]),
    ]),
  );
  return { status: response.status, headers, body };
}

const retriable = (error: unknown) =>
  error instanceof OutboundError &&
  (error.kind === 'timeout' ||
    error.kind === 'unreachable' ||
    (error.kind === 'status' && (error.response?.status ?? 0) >= 500));

function failureOf(error: unknown): StepFailure {
  if (!(error instanceof OutboundError)) return new StepFailure(error instanceof Error ? error.message : String(error));
  switch (error.kind) {
    case 'status':
      return new StepFailure(`the endpoint answered HTTP ${error.response?.status}`);
    case 'timeout':
      return new StepFailure(`the endpoint did not answer within ${HTTP_STEP.timeoutMs / 1000} seconds`);
    case 'too_large':
      return new StepFailure('the endpoint answered more than 1 MB');
    case 'refused':
      return new StepFailure(`the address is not allowed: ${error.message}`);
    case 'unreachable':
      return new StepFailure(`the endpoint could not be reached: ${error.message}`);
  }
}

/**
 * Calls the endpoint through the safe outbound client (http(s) only, public addresses checked after DNS, 3
 * redirects re-checked, 10 s, 1 MB). A 5xx, a timeout or an unreachable host is tried again after 1 s and 2 s
 * (3 tries) while the 20 s allow it; any other non-2xx fails the step with its status.
 */
export const httpRequestStep: StepHandler = {
  async outside(run) {
    const data = run.data as { method: 'GET'; url: string; headers?: Record<string, string>; body?: string };
    const url = run.render(data.url, encodeURIComponent);
    const headers = Object.fromEntries(
      Object.entries(data.headers ?? {}).map(([name, value]) => [name, run.render(value)]),
    );
    const body = data.body && data.method !== 'GET' ? run.render(data.body, jsonEscape) : undefined;
    if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
    const input = { method: data.method, url, headers, ...(body !== undefined && { body }) };
    const refusal = run.ctx.outbound.refusal(url, {});
    if (refusal) throw new StepFailure(`the address is not allowed: ${refusal}`);
    if (run.test) return { input, output: { would_call: `${data.method} ${url}` } };
    const deadline = Date.now() + HTTP_STEP.totalMs;
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await run.ctx.outbound.request(url, {
          method: data.method,
          headers,
          ...(body !== undefined && { body: Buffer.from(body) }),
          maxBytes: HTTP_STEP.maxBytes,
          timeoutMs: Math.min(HTTP_STEP.timeoutMs, deadline - Date.now()),
          maxRedirects: HTTP_STEP.maxRedirects,
        });
        return { input, output: { ...outputOf(response), attempts: attempt } };
      } catch (error) {
        const pause = 1000 * 2 ** (attempt - 1);
        // another try only when it can still get a fair share of the time left
        if (!retriable(error) || attempt >= HTTP_STEP.tries || Date.now() + pause + 1000 > deadline)
          throw failureOf(error);
        await sleep(pause);
      }
    }
  },
};
