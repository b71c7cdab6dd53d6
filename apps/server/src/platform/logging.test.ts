import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMediaLinks, MEDIA_LINK_PATH } from '../modules/conversations/outbound/media-links.ts';
import { users } from './identity/users.tables.ts';
import { defineJob } from './jobs/job-definition.ts';
import { jobs } from './jobs/jobs.tables.ts';

/** Log lines written to memory. */
function memoryLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream, text: () => lines.join('\n') };
}

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$secret-salt-value$secret-hash-value';

/** A query that PostgreSQL refuses (NUL in text), carrying a secret among its parameters. */
const failingInsert = (t: TestApp) =>
  t.database.db
    .insert(users)
    .values({ username: 'nul\u0000user', displayName: 'x', email: 'x@x.x', passwordHash: SECRET });

/** Runs a job of one attempt whose handler fails, and answers its row. */
async function failedJob(t: TestApp, name: string, handle: () => Promise<unknown>) {
  const def = defineJob({
    name,
    version: 1,
    payload: z.object({}),
    maxAttempts: 1,
    handle: async () => void (await handle()),
  });
  t.app.jobs.define(def);
  const id = await t.app.jobs.enqueue(def, {});
  await t.app.jobs.drain();
  const [job] = await t.database.unsafeCrossTenant('test reads the job', (tx) =>
    tx.select().from(jobs).where(eq(jobs.id, id!)),
  );
  return job;
}

describe('log lines never carry query parameters or secrets of the URL', () => {
  let t: TestApp;
  const log = memoryLog();

  beforeAll(async () => {
    t = await createTestApp({}, { logger: pino({ level: 'info' }, log.stream) });
  });
  afterAll(() => t.close());

  it('logs a failing query with its SQL and the driver message, never its parameters', async () => {
    const error = await failingInsert(t).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain(SECRET); // drizzle's own message carries the params
    t.app.log.error({ err: error }, 'request failed');
    const line = JSON.parse(log.lines.findLast((l) => l.includes('request failed'))!);
    expect(line.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(line.err.query).toMatch(/^insert into "users"/);
    expect(line.err.cause.message).toMatch(/0x00|invalid byte sequence|null character/i);
    expect(line.err.cause.code).toMatch(/^[0-9A-Z]{5}$/);
    expect(line.err.stack).toMatch(/^Error: Failed query: insert into "users"/);
    expect(line.err.stack).toMatch(/\n\s+at /);
    expect(log.text()).not.toContain('secret-hash-value');
    expect(log.text()).not.toContain('params:');
    expect(line.err).not.toHaveProperty('params');
  });

  it('keeps the parameters out of a failed job log line and its stored last error', async () => {
    const job = await failedJob(t, 'test.failing-query', () => failingInsert(t));
    expect(job?.status).toBe('failed');
    expect(job?.lastError).toMatch(/^Failed query: insert into "users"/);
    expect(job?.lastError).not.toContain('secret-hash-value');
    expect(job?.lastError).not.toContain('params');
    const line = JSON.parse(log.lines.findLast((l) => l.includes('job failed'))!);
    expect(line.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(log.text()).not.toContain('secret-hash-value');
  });

  it('stores the last error of a job even when it holds characters PostgreSQL refuses', async () => {
    const job = await failedJob(t, 'test.nul-error', async () => {
      throw new Error(`refused by the server: bad\u0000byte ${'x'.repeat(10_000)}`);
    });
    expect(job?.status).toBe('failed');
    expect(job?.lastError).toMatch(/^refused by the server: bad\ufffdbyte x+$/);
    expect(job?.lastError?.length).toBe(4000);
  });

  it('redacts one-time tokens and other secrets in logged URLs', async () => {
    await t.app.inject({ method: 'GET', url: '/v1/ws?token=abc.def.ghi&locale=en' });
    await t.app.inject({ method: 'GET', url: '/auth/join?token=xyz-join-secret' });
    await t.app.inject({ method: 'GET', url: '/public/v1/workspace/invite?Token=invite-secret&x=1' });
    await t.app.inject({ method: 'GET', url: '/auth/callback?code=code-secret&ID_TOKEN=id-secret&password=pw-secret' });
    const text = log.text();
    for (const secret of ['abc.def.ghi', 'xyz-join-secret', 'invite-secret', 'code-secret', 'id-secret', 'pw-secret'])
      expect(text).not.toContain(secret);
    const urls = log.lines.map((l) => JSON.parse(l)).flatMap((l) => (l.req?.url ? [l.req.url] : []));
    expect(urls).toContain('/v1/ws?token=[redacted]&locale=en');
    expect(urls).toContain('/auth/join?token=[redacted]');
    expect(urls).toContain('/public/v1/workspace/invite?Token=[redacted]&x=1');
  });

  it("redacts the signature of a signed media link (a path segment) and a webhook's verify token", async () => {
    const link = new URL(createMediaLinks('a-secret', 'http://chat.test').url('workspace/file', 'image/png'));
    const [, signature] = link.pathname.slice(`${MEDIA_LINK_PATH}/`.length).split('.');
    await t.app.inject({ method: 'GET', url: `${link.pathname}?x=1` });
    const webhook = '/public/v1/channels/00000000-0000-4000-8000-000000000000/webhook';
    await t.app.inject({ method: 'GET', url: `${webhook}?hub.mode=subscribe&hub.verify_token=verify-secret` });
    const text = log.text();
    expect(signature!.length).toBeGreaterThan(20);
    expect(text).not.toContain(signature);
    expect(text).not.toContain('verify-secret');
    const urls = log.lines.map((l) => JSON.parse(l)).flatMap((l) => (l.req?.url ? [l.req.url] : []));
    expect(urls).toContain(`${MEDIA_LINK_PATH}/[redacted]?x=1`);
    expect(urls).toContain(`${webhook}?hub.mode=subscribe&hub.verify_token=[redacted]`);
  });
});

describe('logger options instead of a logger', () => {
  it('applies the same serializers', async () => {
    const log = memoryLog();
    const t = await createTestApp({}, { logger: { level: 'info', stream: log.stream } });
    try {
      await t.app.inject({ method: 'GET', url: '/auth/reset-password?token=reset-secret' });
      t.app.log.error({ err: await failingInsert(t).catch((caught: unknown) => caught) }, 'query failed');
      expect(log.text()).toContain('/auth/reset-password?token=[redacted]');
      expect(log.text()).toContain('Failed query: insert into');
      expect(log.text()).not.toContain('reset-secret');
      expect(log.text()).not.toContain('secret-hash-value');
    } finally {
      await t.close();
    }
  });
});
