import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../test/test-app.ts';
import { tempWebDist } from '../test/web-dist.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { jobs } from './platform/jobs/jobs.tables.ts';

let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** An api process (the test app, ROLE=api) and a worker beside it on the same database, the worker logging to memory. */
async function apiAndWorker() {
  const web = tempWebDist();
  cleanup.push(() => web.remove());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'omnichat-worker-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // an api process is built as ROLE=all is (main.ts only never starts its job worker); the roles' DATABASE_URL rule
  // is for processes, while these two share the test's database inside this one
  const api: TestApp = await createTestApp({ WEB_DIST: web.dir }, { realMailer: true });
  cleanup.push(() => api.close());
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const worker = await buildApp({
    config: { ...api.config, ROLE: 'worker', dataDir },
    database: api.database,
    logger: pino({ level: 'info' }, stream),
  });
  cleanup.push(() => worker.close());
  await worker.ready();
  return { api, worker, log: () => lines.join('') };
}

describe('process roles', () => {
  it('defaults to all, and refuses api or worker on the embedded database, which one process owns', () => {
    expect(loadConfig({}).ROLE).toBe('all');
    for (const role of ['api', 'worker']) {
      expect(() => loadConfig({ ROLE: role })).toThrow(ConfigError);
      expect(() => loadConfig({ ROLE: role })).toThrow(`ROLE: ${role} needs DATABASE_URL`);
      expect(loadConfig({ ROLE: role, DATABASE_URL: 'postgres://db:5432/omnichat' }).ROLE).toBe(role);
    }
    expect(() => loadConfig({ ROLE: 'both' })).toThrow(/ROLE:/);
  });

  it('a worker answers only /healthz, /readyz and /metrics: the API, its document, sockets and the web app are 404', async () => {
    const { api, worker } = await apiAndWorker();
    for (const url of [
      '/',
      '/index.html',
      '/widget.js',
      '/teams',
      '/api/docs',
      '/api/docs/json',
      '/v1/ws',
      '/v1/workspace/members',
    ]) {
      const response = await worker.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(json(response)).toMatchObject({ success: false, error: 'resource not found' });
    }
    for (const url of ['/public/v1/auth/login', '/public/v1/auth/register', '/v1/ws/ticket']) {
      expect((await worker.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(404);
    }
    expect((await worker.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await worker.inject({ method: 'GET', url: '/metrics' })).body).toContain('omnichat_jobs');
    // ready once its job worker runs
    const notYet = await worker.inject({ method: 'GET', url: '/readyz' });
    expect([notYet.statusCode, json(notYet).error]).toEqual([503, 'the service is not ready: jobs']);
    await worker.jobs.start();
    expect((await worker.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    // the api process beside it serves all of that
    expect((await api.app.inject({ method: 'GET', url: '/' })).body).toContain('<div id="root">');
    expect((await api.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: '/v1/workspace/members' })).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('the api queues a sign-up’s verification mail; the worker, which defined the modules’ jobs, sends it', async () => {
    const { api, worker, log } = await apiAndWorker();
    const signup = await api.app.inject({
      method: 'POST',
      url: '/public/v1/auth/register',
      payload: {
        username: 'split',
        display_name: 'Split',
        email: 'split@example.com',
        password: 'split roles password',
        confirm_password: 'split roles password',
      },
    });
    expect(signup.statusCode).toBe(200);
    const mailJobs = () =>
      api.database.unsafeCrossTenant('test reads the jobs table', (tx) =>
        tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.name, 'mail.send')),
      );
    expect(await mailJobs()).toEqual([{ status: 'queued' }]);

    await worker.jobs.drain();
    expect(await mailJobs()).toEqual([{ status: 'done' }]);
    expect(log()).toContain('mail not sent (no SMTP server configured)');
    expect(log()).toMatch(/\/auth\/verify\?token=[\w-]+/);

    // a job a module defines in its registration (the auth module's link request) runs on the worker too
    const resend = await api.app.inject({
      method: 'POST',
      url: '/public/v1/auth/resend-verification',
      payload: { email: 'split@example.com' },
    });
    expect(resend.statusCode).toBe(200);
    await worker.jobs.drain();
    const linkJobs = await api.database.unsafeCrossTenant('test reads the jobs table', (tx) =>
      tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.name, 'auth.user-link-request')),
    );
    expect(linkJobs).toEqual([{ status: 'done' }]);
    expect(await mailJobs()).toEqual([{ status: 'done' }, { status: 'done' }]);
  });
});
