import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOwner } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { workspaces } from '../../modules/workspaces/workspaces.tables.ts';
import { defineJob } from './job-definition.ts';
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
    const later = defineJob({ name: 'later', payload: z.object({}), handle: async () => void seen.push(1) });
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
    const once = defineJob({ name: 'once', payload: z.object({}), handle: async () => {} });
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
    const work = defineJob({ name: 'work', payload: z.object({}), handle: async () => void calls++ });
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
      payload: z.object({}),
      cron: '0 3 * * *',
      handle: async () => void calls++,
    });
    t.app.jobs.define(nightly);
    await t.app.jobs.start();
    await t.app.jobs.stop();
    const [scheduled] = await allJobs();
    expect(scheduled?.runAt.getUTCHours()).toBe(3);
    expect(scheduled!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(() =>
      t.app.jobs.define(defineJob({ name: 'bad', payload: z.object({}), cron: 'whenever', handle: async () => {} })),
    ).toThrow();
  });
});
