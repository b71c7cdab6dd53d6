import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { call, eventually, sharedDatabase } from '../test/cluster.ts';
import { startServerProcess } from '../test/server-process.ts';

const serverUrl = process.env.DATABASE_URL;
let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

const MAIL_LOGGED = 'mail not sent (no SMTP server configured)';
const verifyLink = (log: string) => /\/auth\/verify\?token=([\w%-]+)/.exec(log)?.[1];

/** The status of each job named `name`, read past RLS as the server's superuser. */
async function jobStatuses(databaseUrl: string, name: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('select status from jobs where name = $1', [name])).rows.map((row) => row.status);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('process roles (PostgreSQL)', () => {
  it('an api and a worker started by npm run serve on one database: the api answers and queues, the worker sends', async () => {
    const database = await sharedDatabase(serverUrl!);
    cleanup.push(() => database.drop());
    const env = { DATABASE_URL: database.url, SECRETS_KEY: 'the same secrets key for every process of the test' };
    const api = await startServerProcess({ ...env, ROLE: 'api' }, { serveScript: true });
    cleanup.push(() => api.dispose());
    expect(api.log()).toContain('(role: api,');
    // it logs that it runs once its job worker would have started: it did not, so no cron run was scheduled
    expect(await jobStatuses(database.url, 'jobs.retention')).toEqual([]);

    const signup = await call<{ message: string }>(api, '/public/v1/auth/register', {
      body: {
        username: 'split',
        display_name: 'Split',
        email: 'split@example.com',
        password: 'split roles password',
        confirm_password: 'split roles password',
      },
    });
    expect(signup.status).toBe(200);
    expect(await jobStatuses(database.url, 'mail.send')).toEqual(['queued']);

    // a worker started later sends the waiting mail (to its log: no SMTP server is set) and schedules the cron jobs
    const worker = await startServerProcess({ ...env, ROLE: 'worker' }, { serveScript: true });
    cleanup.push(() => worker.dispose());
    expect(worker.log()).toContain('(role: worker,');
    await eventually(async () => worker.log().includes(MAIL_LOGGED), 20_000);
    expect(await jobStatuses(database.url, 'mail.send')).toEqual(['done']);
    expect(await jobStatuses(database.url, 'jobs.retention')).toEqual(['queued']);
    expect(api.log()).not.toContain(MAIL_LOGGED);

    const token = decodeURIComponent(verifyLink(worker.log())!);
    expect((await call(api, '/public/v1/auth/verify', { body: { token } })).status).toBe(200);
    const login = await call<{ token: string }>(api, '/public/v1/auth/login', {
      body: { username_or_email: 'split', password: 'split roles password' },
    });
    expect(login.status).toBe(200);
    expect((await call(api, '/v1/self', { token: login.data.token })).status).toBe(200);
    expect((await fetch(`${api.base}/readyz`)).status).toBe(200);

    // the worker serves health, readiness and metrics only
    expect((await call(worker, '/v1/self', { token: login.data.token })).status).toBe(404);
    const login404 = await call(worker, '/public/v1/auth/login', {
      body: { username_or_email: 'split', password: 'x' },
    });
    expect(login404.status).toBe(404);
    for (const route of ['/healthz', '/readyz'])
      expect((await fetch(`${worker.base}${route}`)).status, route).toBe(200);
    expect(await (await fetch(`${worker.base}/metrics`)).text()).toContain('omnichat_jobs');
  }, 120_000);
});
