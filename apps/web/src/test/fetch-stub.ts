import { vi } from 'vitest';

export interface StubCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (call: StubCall) => { status?: number; body: unknown } | undefined;

export const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
export const fail = (status: number, error: string, traceId = 'trace-1', fields?: Record<string, string>) => ({
  status,
  body: { success: false, error, trace_id: traceId, ...(fields ? { fields } : {}) },
});

/** The sockets' ticket (`POST /v1/ws/ticket`), which every signed-in layout asks for: a new one each time. */
export const SOCKET_TICKET_ROUTE = 'POST /v1/ws/ticket';

/**
 * Replaces global fetch for a test. `routes` maps "METHOD /path" to a responder or to a list of
 * answers used in order (the last one repeats). Unknown calls answer 404, except a socket ticket: `ticket-1`,
 * `ticket-2`… unless the test routes it.
 */
export function stubFetch(routes: Record<string, Responder | { status?: number; body: unknown }[]>) {
  const calls: StubCall[] = [];
  const counters = new Map<string, number>();
  let tickets = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const parsed = new URL(url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: StubCall = { method, url: parsed.pathname + parsed.search, headers, body };
    calls.push(call);
    const key = `${method} ${parsed.pathname}`;
    const route = routes[key];
    let answer: { status?: number; body: unknown } | undefined;
    if (typeof route === 'function') answer = route(call);
    else if (Array.isArray(route)) {
      const index = counters.get(key) ?? 0;
      counters.set(key, index + 1);
      answer = route[Math.min(index, route.length - 1)];
    }
    if (!route && key === SOCKET_TICKET_ROUTE) answer = ok({ ticket: `ticket-${++tickets}`, expires_in: 30 });
    answer ??= { status: 404, body: { success: false, error: 'resource not found', trace_id: 'missing' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path),
  };
}
