import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { requests } from '../../modules/teams/test-helpers.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { Readiness } from './health.ts';

let t: TestApp;
/** A fresh app per test of the calling describe block (the configuration tests need none). */
function eachWithApp() {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());
}

/** The value of one sample line of a Prometheus text exposition, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const match = /^([^{\s]+)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

const metrics = async (app = t.app, headers: Record<string, string> = {}) => {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};

describe('health', () => {
  eachWithApp();

  it('answers /healthz and /readyz without authentication while the database answers', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(json(response), url).toEqual({ success: true, data: { status: 'ok' } });
    }
  });

  it('answers 503 naming the database when it is closed, while /healthz (no database call) stays 200', async () => {
    await t.database.close();
    // the test database is closed already: its cleanup only drops it
    (t.database as { close: () => Promise<void> }).close = async () => undefined;
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(json(response)).toEqual({
      success: false,
      error: 'the service is not ready: database',
      trace_id: response.headers['x-trace-id'],
    });
  });

  it('answers 503 naming a plugged-in check that fails, in the caller locale', async () => {
    t.app.readiness.add({
      name: 'redis',
      check: async () => {
        throw new Error('connection refused');
      },
    });
    expect(t.app.readiness.names).toEqual(['database', 'redis']);
    const response = await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'x-locale': 'zh-hk' } });
    expect(response.statusCode).toBe(503);
    expect(json(response)).toMatchObject({
      success: false,
      error: '服務尚未就緒：redis',
      trace_id: expect.any(String),
    });
  });

  it('answers 503 as soon as shutdown starts', async () => {
    t.app.readiness.drain();
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(json(response).error).toBe('the service is not ready: shutdown');
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    // requests still in flight end their keep-alive connection, so closing the server need not wait for it
    expect(alive.headers.connection).toBe('close');
  });

  it('closing the app drains readiness and closes every general socket with 1001 (going away)', async () => {
    const owner = await createOwner(t);
    const ws = await t.app.injectWS(`/v1/ws?token=${owner.token}`);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    expect(t.app.sockets.size).toBe(1);
    await t.app.close();
    expect(await closed).toBe(1001);
    expect(t.app.readiness.isDraining).toBe(true);
    expect(t.app.sockets.size).toBe(0);
  });

  it('documents both routes under the operations tag, without authentication', async () => {
    const document = json(await t.app.inject({ method: 'GET', url: '/api/docs/json' }));
    for (const path of ['/healthz', '/readyz']) {
      expect(document.paths[path].get.tags, path).toEqual(['operations']);
      expect(document.paths[path].get.security, path).toEqual([]);
    }
    expect(document.paths['/metrics']).toBeUndefined();
  });

  it('serves the interactive API documentation page and its scripts', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
  });
});

describe('metrics', () => {
  eachWithApp();

  it('counts requests per route template, method and status, never per raw URL', async () => {
    const id = '0b7f0f2e-33c4-4c5e-9d43-3e4a0f5b8c11';
    await t.app.inject({ method: 'GET', url: `/v1/teams/${id}` });
    await t.app.inject({ method: 'GET', url: `/v1/teams/${id.replace('0b', '1c')}` });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: `/no/such/${id}` });
    const text = await metrics();
    const teams = { method: 'GET', route: '/v1/teams/:id', status_code: '401' };
    expect(sample(text, 'omnichat_http_requests_total', teams)).toBe(2);
    expect(sample(text, 'omnichat_http_request_duration_seconds_count', teams)).toBe(2);
    expect(sample(text, 'omnichat_http_request_duration_seconds_sum', teams)).toBeGreaterThan(0);
    expect(sample(text, 'omnichat_http_requests_total', { method: 'GET', route: '/healthz', status_code: '200' })).toBe(
      1,
    );
    expect(
      sample(text, 'omnichat_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' }),
    ).toBe(1);
    expect(text).not.toContain(id);
  });

  it('keeps a registry per app: another app counts only its own requests', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const other = await createTestApp();
    try {
      await other.app.inject({ method: 'GET', url: '/healthz' });
      const labels = { method: 'GET', route: '/healthz', status_code: '200' };
      expect(sample(await metrics(other.app), 'omnichat_http_requests_total', labels)).toBe(1);
      expect(sample(await metrics(), 'omnichat_http_requests_total', labels)).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('reports open general sockets', async () => {
    expect(sample(await metrics(), 'omnichat_general_sockets')).toBe(0);
    const owner = await createOwner(t);
    const ws = await t.app.injectWS(`/v1/ws?token=${owner.token}`);
    expect(sample(await metrics(), 'omnichat_general_sockets')).toBe(1);
    ws.terminate();
  });

  it('reports the job queue depth per status and the jobs waiting to retry', async () => {
    const row = (status: 'queued' | 'running' | 'done' | 'failed', lastError?: string) => ({
      name: 'test.metrics',
      payload: {},
      status,
      maxAttempts: 5,
      lastError,
      runAt: new Date(Date.now() + 3_600_000),
    });
    await t.database.unsafeCrossTenant('test seeds jobs', (tx) =>
      tx
        .insert(jobs)
        .values([
          row('queued'),
          row('queued'),
          row('queued', 'boom'),
          row('done'),
          row('failed', 'boom'),
          row('failed', 'boom'),
        ]),
    );
    const text = await metrics();
    expect(sample(text, 'omnichat_jobs', { status: 'queued' })).toBe(3);
    expect(sample(text, 'omnichat_jobs', { status: 'done' })).toBe(1);
    expect(sample(text, 'omnichat_jobs', { status: 'failed' })).toBe(2);
    expect(sample(text, 'omnichat_jobs', { status: 'running' })).toBe(0);
    expect(sample(text, 'omnichat_jobs_retrying')).toBe(1);
  });

  it('reports the lag from a domain event to its delivery, by event type', async () => {
    const owner = await createOwner(t);
    const created = await requests(t).post('/v1/teams', owner.token, { name: 'Support' });
    expect(created.statusCode).toBe(200);
    expect(sample(await metrics(), 'omnichat_event_lag_seconds_count', { type: 'team.created' })).toBeUndefined();
    await t.app.jobs.drain();
    const text = await metrics();
    expect(sample(text, 'omnichat_event_lag_seconds_count', { type: 'team.created' })).toBe(1);
    expect(sample(text, 'omnichat_event_lag_seconds_sum', { type: 'team.created' })).toBeGreaterThan(0);
  });

  it('includes the default process metrics', async () => {
    const text = await metrics();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^# TYPE omnichat_http_requests_total counter$/m);
  });

  it('is open when METRICS_TOKEN is unset', async () => {
    expect(t.config.METRICS_TOKEN).toBeUndefined();
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('requires the bearer METRICS_TOKEN when it is set', async () => {
    const token = 'metrics-token-long-enough';
    const locked = await createTestApp({ METRICS_TOKEN: token });
    try {
      for (const headers of [{}, bearer('wrong-token'), bearer(`${token}x`), { authorization: token }]) {
        const response = await locked.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode, JSON.stringify(headers)).toBe(401);
        expect(json(response)).toEqual({
          success: false,
          error: 'unauthorized',
          trace_id: response.headers['x-trace-id'],
        });
      }
      expect(sample(await metrics(locked.app, bearer(token)), 'omnichat_general_sockets')).toBe(0);
    } finally {
      await locked.close();
    }
  });
});

describe('readiness', () => {
  it('counts a check that does not answer in time as failed', async () => {
    const readiness = new Readiness(30).add({ name: 'slow', check: () => new Promise(() => undefined) });
    expect(await readiness.failing()).toMatchObject({ name: 'slow', error: expect.any(Error) });
    expect(await new Readiness(30).failing()).toBeNull();
  });
});

describe('operations configuration', () => {
  it('reads REDIS_URL and METRICS_TOKEN as optional', () => {
    const config = loadConfig({ REDIS_URL: 'redis://cache:6379/0', METRICS_TOKEN: 'a-token-of-16-chars' });
    expect(config.REDIS_URL).toBe('redis://cache:6379/0');
    expect(config.METRICS_TOKEN).toBe('a-token-of-16-chars');
    expect(loadConfig({ REDIS_URL: ' ', METRICS_TOKEN: '' })).toMatchObject({
      REDIS_URL: undefined,
      METRICS_TOKEN: undefined,
    });
    expect(loadConfig({ REDIS_URL: 'rediss://user:pass@cache:6380' }).REDIS_URL).toMatch(/^rediss:/);
  });

  it('refuses a REDIS_URL that is not redis and a short METRICS_TOKEN', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
