import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOwner } from '../../../test/fixtures.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app.ts';
import { openDatabase } from '../db/database.ts';
import { workspaces } from '../identity/workspaces.tables.ts';
import { defineJob } from './job-definition.ts';
import { JobQueue } from './job-queue.ts';
import { jobs } from './jobs.tables.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const allJobs = () => t.database.unsafeCrossTenant('test', (tx) => tx.select().from(jobs));

describe('job queue', () => {
  it('runs a job once with its validated payload and marks it done', async () => {
    const seen: string[] = [];
    const greet = defineJob({
      name: 'greet',
      version: 1,
      payload: z.object({ name: z.string() }),
      handle: async (p) => void seen.push(p.name),
    });
    t.app.jobs.define(greet);
    await t.app.jobs.enqueue(greet, { name: 'Ada' });
    await expect(t.app.jobs.enqueue(greet, { name: 5 } as never)).rejects.toThrow();
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    expect(seen).toEqual(['Ada']);
    expect((await allJobs()).map((j) => [j.status, j.attempts])).toEqual([['done', 1]]);
  });

  it('waits for a scheduled time', async () => {
    const seen: number[] = [];
    const later = defineJob({
      name: 'later',
      version: 1,
      payload: z.object({}),
      handle: async () => void seen.push(1),
    });
    t.app.jobs.define(later);
    await t.app.jobs.enqueue(later, {}, { runAt: new Date(Date.now() + 60_000) });
    await t.app.jobs.drain();
    expect(seen).toEqual([]);
    t.clock.advance(61_000);
    await t.app.jobs.drain();
    expect(seen).toEqual([1]);
  });

  it('retries with backoff and gives up after max attempts, keeping the error', async () => {
    let calls = 0;
    const flaky = defineJob({
      name: 'flaky',
      version: 1,
      payload: z.object({}),
      maxAttempts: 3,
      handle: async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
    });
    t.app.jobs.define(flaky);
    await t.app.jobs.enqueue(flaky, {});
    await t.app.jobs.drain();
    expect(calls).toBe(1);
    await t.app.jobs.drain(); // not due yet: the first retry waits 10 s
    expect(calls).toBe(1);
    t.clock.advance(10_001);
    await t.app.jobs.drain();
    expect(calls).toBe(2);
    t.clock.advance(20_001);
    await t.app.jobs.drain();
    expect(calls).toBe(3);
    t.clock.advance(3_600_000);
    await t.app.jobs.drain();
    expect(calls).toBe(3);
    const [job] = await allJobs();
    expect(job).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
  });

  it('ignores a second enqueue with the same idempotency key', async () => {
    const once = defineJob({ name: 'once', version: 1, payload: z.object({}), handle: async () => {} });
    t.app.jobs.define(once);
    expect(await t.app.jobs.enqueue(once, {}, { idempotencyKey: 'k1' })).toEqual(expect.any(String));
    expect(await t.app.jobs.enqueue(once, {}, { idempotencyKey: 'k1' })).toBeNull();
    expect(await allJobs()).toHaveLength(1);
  });

  it("runs an organization's job inside that organization only", async () => {
    const mine = await createOwner(t, 'Mine');
    await createOwner(t, 'Theirs');
    const names: string[][] = [];
    const list = defineJob({
      name: 'list-workspaces',
      version: 1,
      payload: z.object({}),
      handle: async (_p, ctx) =>
        void names.push(await ctx.inWorkspace(async (tx) => (await tx.select().from(workspaces)).map((w) => w.name))),
    });
    t.app.jobs.define(list);
    await t.app.jobs.enqueue(list, {}, { workspaceId: mine.workspaceId });
    await t.app.jobs.drain();
    expect(names).toEqual([['Mine']]);
  });

  it('runs again a job whose worker died', async () => {
    let calls = 0;
    const work = defineJob({ name: 'work', version: 1, payload: z.object({}), handle: async () => void calls++ });
    t.app.jobs.define(work);
    const id = await t.app.jobs.enqueue(work, {});
    await t.database.unsafeCrossTenant('test', (tx) =>
      tx.update(jobs).set({ status: 'running', lockedAt: new Date(), attempts: 1 }).where(eq(jobs.id, id!)),
    );
    await t.app.jobs.drain();
    expect(calls).toBe(0);
    t.clock.advance(5 * 60_000 + 1);
    await t.app.jobs.drain();
    expect(calls).toBe(1);
  });

  it('keeps the next run of a cron job scheduled', async () => {
    let calls = 0;
    const nightly = defineJob({
      name: 'nightly',
      version: 1,
      payload: z.object({}),
      cron: '0 3 * * *',
      handle: async () => void calls++,
    });
    t.app.jobs.define(nightly);
    await t.app.jobs.start();
    await t.app.jobs.stop();
    const [scheduled] = (await allJobs()).filter((job) => job.name === 'nightly');
    expect(scheduled?.runAt.getUTCHours()).toBe(3);
    expect(scheduled!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(() =>
      t.app.jobs.define(
        defineJob({ name: 'bad', version: 1, payload: z.object({}), cron: 'whenever', handle: async () => {} }),
      ),
    ).toThrow();
  });

  it("enqueues inside the caller's transaction: the job exists exactly when the change commits", async () => {
    const owner = await createOwner(t, 'Tx Org');
    const seen: (string | null)[] = [];
    const follow = defineJob({
      name: 'follow-up',
      version: 1,
      payload: z.object({ name: z.string() }),
      handle: async (p, ctx) => void seen.push(`${p.name}@${ctx.workspaceId}`),
    });
    t.app.jobs.define(follow);
    await t.database.withWorkspace(owner.workspaceId, async (tx) => {
      await tx.update(workspaces).set({ name: 'Renamed' }).where(eq(workspaces.id, owner.workspaceId));
      await t.app.jobs.enqueue(follow, { name: 'committed' }, { tx });
    });
    await expect(
      t.database.withWorkspace(owner.workspaceId, async (tx) => {
        await t.app.jobs.enqueue(follow, { name: 'rolled back' }, { tx });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await t.app.jobs.drain();
    expect(seen).toEqual([`committed@${owner.workspaceId}`]);
  });

  it('keeps its slots busy: a slow job does not hold back the ones behind it', async () => {
    const order: string[] = [];
    // the slow job ends only once every quick one ran (or gives up after 5 s): held slots would never let them
    let allQuickRan: () => void = () => {};
    const quickOnes = new Promise<void>((resolve) => {
      allQuickRan = resolve;
    });
    const slow = defineJob({
      name: 'slow',
      version: 1,
      payload: z.object({}),
      handle: async () => {
        const gaveUp = await Promise.race([
          quickOnes.then(() => false),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 5_000)),
        ]);
        order.push(gaveUp ? 'slow, after waiting in vain' : 'slow');
      },
    });
    const quick = defineJob({
      name: 'quick',
      version: 1,
      payload: z.object({ n: z.number() }),
      handle: async (p) => {
        order.push(`quick${p.n}`);
        if (order.filter((entry) => entry.startsWith('quick')).length === 8) allQuickRan();
      },
    });
    t.app.jobs.define(slow);
    t.app.jobs.define(quick);
    const at = (ms: number) => new Date(Date.now() - 10_000 + ms);
    await t.app.jobs.enqueue(slow, {}, { runAt: at(0) });
    for (let n = 1; n <= 8; n++) await t.app.jobs.enqueue(quick, { n }, { runAt: at(n) });
    await t.app.jobs.drain();
    expect(order.at(-1)).toBe('slow');
    expect(order).toHaveLength(9);
  });

  it('never runs a long job twice while its worker is alive, and fails a lost one that used its attempts', async () => {
    const { JobQueue } = await import('./job-queue.ts');
    const quiet = t.app.log.child({}, { level: 'silent' });
    const [first, second] = [1, 2].map(() => new JobQueue(t.database, quiet, { lockTimeoutMs: 300 }));
    let runs = 0;
    const long = defineJob({
      name: 'import',
      version: 1,
      payload: z.object({}),
      handle: async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      },
    });
    first!.define(long);
    second!.define(long);
    const id = await first!.enqueue(long, {});
    const running = first!.drain();
    // a window on purpose: the test asserts the job does NOT run again while its worker holds it (5 looks in 1 s)
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await second!.drain(); // another process looks for work and lost jobs while the import runs
    }
    await running;
    expect(runs).toBe(1);

    // a job whose process died on its last attempt fails instead of running a sixth time
    await t.database.unsafeCrossTenant('test', (tx) =>
      tx
        .update(jobs)
        .set({ status: 'running', lockedAt: new Date(Date.now() - 10_000), attempts: 5, maxAttempts: 5 })
        .where(eq(jobs.id, id!)),
    );
    // the sweeper looks every lockTimeout / 4
    await expect
      .poll(
        async () => {
          await second!.drain();
          return (await allJobs()).find((job) => job.id === id)?.status;
        },
        { timeout: 10_000 },
      )
      .toBe('failed');
    const [row] = (await allJobs()).filter((job) => job.id === id);
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    expect(runs).toBe(1);
  });

  it('frees an idempotency key once its job finished, and cancels a job that has not started', async () => {
    const once = defineJob({ name: 'keyed', version: 1, payload: z.object({}), handle: async () => {} });
    t.app.jobs.define(once);
    expect(await t.app.jobs.enqueue(once, {}, { idempotencyKey: 'k' })).toEqual(expect.any(String));
    await t.app.jobs.drain();
    expect(await t.app.jobs.enqueue(once, {}, { idempotencyKey: 'k' })).toEqual(expect.any(String));
    const later = await t.app.jobs.enqueue(once, {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await t.app.jobs.cancel(later!)).toBe(true);
    expect(await t.app.jobs.cancel(later!)).toBe(false);
    t.clock.advance(61_000);
    await t.app.jobs.drain();
    expect((await allJobs()).map((job) => job.status).sort()).toEqual(['cancelled', 'done', 'done']);
  });

  it('purges finished rows after their keeping time, failed ones later', async () => {
    const ok = defineJob({ name: 'fine', version: 1, payload: z.object({}), handle: async () => {} });
    const bad = defineJob({
      name: 'broken',
      version: 1,
      payload: z.object({}),
      maxAttempts: 1,
      handle: async () => {
        throw new Error('no');
      },
    });
    t.app.jobs.define(ok);
    t.app.jobs.define(bad);
    await t.app.jobs.enqueue(ok, {});
    await t.app.jobs.enqueue(bad, {});
    await t.app.jobs.drain();
    t.clock.advance(8 * 24 * 3600 * 1000);
    await t.app.jobs.purgeFinished();
    expect((await allJobs()).map((job) => job.name)).toEqual(['broken']);
    t.clock.advance(30 * 24 * 3600 * 1000);
    await t.app.jobs.purgeFinished();
    expect(await allJobs()).toEqual([]);
  });

  it("runs a job stored in a caller's transaction only once that commits, never when it rolls back", async () => {
    const queue = new JobQueue(t.database, t.app.log, {});
    const ran: number[] = [];
    const job = defineJob({
      name: 'committed',
      version: 1,
      payload: z.object({ n: z.number() }),
      handle: async (p) => void ran.push(p.n),
    });
    queue.define(job);
    await queue.start();
    try {
      await expect(
        t.database.unsafeCrossTenant('test stores a job and rolls back', async (tx) => {
          await queue.enqueue(job, { n: 1 }, { tx, runAt: new Date(Date.now() - 60_000) });
          // the transaction stays open a while, as a request's does while it goes on
          await new Promise((resolve) => setTimeout(resolve, 150));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await t.database.unsafeCrossTenant('test stores a job', (tx) => queue.enqueue(job, { n: 2 }, { tx }));
      await expect.poll(() => ran).toEqual([2]);
    } finally {
      await queue.stop();
    }
  });

  it("serves organizations in turn: one organization's many jobs never keep another's waiting", async () => {
    const { JobQueue } = await import('./job-queue.ts');
    const queue = new JobQueue(t.database, t.app.log, { concurrency: 2 });
    const [busy, other] = [await createOwner(t, 'Busy'), await createOwner(t, 'Other')];
    const order: string[] = [];
    const note = defineJob({
      name: 'note',
      version: 1,
      payload: z.object({ who: z.string() }),
      handle: async (p) => void order.push(p.who),
    });
    queue.define(note);
    for (let n = 0; n < 30; n++) {
      await queue.enqueue(
        note,
        { who: 'busy' },
        { workspaceId: busy.workspaceId, runAt: new Date(Date.now() - 60_000) },
      );
    }
    await queue.enqueue(note, { who: 'other' }, { workspaceId: other.workspaceId });
    await queue.enqueue(note, { who: 'platform' }, {});
    await queue.drain();
    expect(order.indexOf('other')).toBeLessThan(4);
    expect(order.indexOf('platform')).toBeLessThan(4);
    expect(order).toHaveLength(32);
  });

  it('gives each named queue its own slots', async () => {
    const { JobQueue } = await import('./job-queue.ts');
    const queue = new JobQueue(t.database, t.app.log, { queues: { bulk: 1 } });
    const order: string[] = [];
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const bulk = defineJob({
      name: 'bulk-step',
      version: 1,
      queue: 'bulk',
      payload: z.object({ n: z.number() }),
      handle: async (p) => {
        await sleep(150);
        order.push(`bulk${p.n}`);
      },
    });
    const mail = defineJob({
      name: 'urgent-mail',
      version: 1,
      payload: z.object({}),
      handle: async () => void order.push('mail'),
    });
    queue.define(bulk);
    queue.define(mail);
    for (let n = 0; n < 3; n++) await queue.enqueue(bulk, { n }, { runAt: new Date(Date.now() - 60_000) });
    await queue.enqueue(mail, {});
    await queue.drain();
    expect(order).toEqual(['mail', 'bulk0', 'bulk1', 'bulk2']);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('wake-up across processes (PostgreSQL)', () => {
  it('runs a job stored by another process at once, long before the next poll', async () => {
    const { database, url, drop } = await openTestDatabase();
    const other = await openDatabase({ databaseUrl: url! });
    const seen: string[] = [];
    const ping = defineJob({
      name: 'ping',
      version: 1,
      payload: z.object({ n: z.number() }),
      handle: async (p) => void seen.push(`${p.n}`),
    });
    const worker = new JobQueue(database, pino({ level: 'silent' }), { pollMs: 60_000 });
    const producer = new JobQueue(other, pino({ level: 'silent' }));
    worker.define(ping);
    producer.define(ping);
    try {
      await worker.start();
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // its first turn found nothing; next poll in 60 s
      const started = Date.now();
      await producer.enqueue(ping, { n: 1 });
      while (!seen.length && Date.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual(['1']);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await worker.stop();
      await other.close();
      await drop();
    }
  });
});
