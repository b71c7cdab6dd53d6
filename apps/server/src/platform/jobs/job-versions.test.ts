import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { defineJob, type JobContext } from './job-definition.ts';
import { jobs } from './jobs.tables.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const allJobs = () => t.database.unsafeCrossTenant('test', (tx) => tx.select().from(jobs));

describe('job definitions', () => {
  it('hands the services it was defined with to the handler as job.app', async () => {
    const seen: string[] = [];
    const greet = defineJob({
      name: 'greet-app',
      version: 1,
      payload: z.object({}),
      handle: async (_payload, job: JobContext<{ greeting: string }>) => void seen.push(job.app.greeting),
    });
    t.app.jobs.define(greet, { greeting: 'hello' });
    await t.app.jobs.enqueue(greet, {});
    await t.app.jobs.drain();
    expect(seen).toEqual(['hello']);
  });

  describe('versions', () => {
    const storedAs = (version: number) =>
      t.database.unsafeCrossTenant('test', (tx) => tx.update(jobs).set({ version }));

    it('stores the definition version with each job', async () => {
      const job = defineJob({ name: 'v', version: 3, payload: z.object({}), handle: async () => {} });
      t.app.jobs.define(job);
      await t.app.jobs.enqueue(job, {});
      expect((await allJobs()).map((row) => row.version)).toEqual([3]);
    });

    it('runs a job of an older version through upgrade, never its stored payload as it was', async () => {
      const seen: string[] = [];
      const greet = defineJob({
        name: 'greet-v2',
        version: 2,
        payload: z.object({ full_name: z.string() }),
        upgrade: (payload, fromVersion) => {
          expect(fromVersion).toBe(1);
          return { full_name: (payload as { name: string }).name };
        },
        handle: async ({ full_name }) => void seen.push(full_name),
      });
      t.app.jobs.define(greet);
      await t.app.jobs.enqueue(greet, { full_name: 'unused' });
      await t.database.unsafeCrossTenant('test', (tx) => tx.update(jobs).set({ payload: { name: 'Ada' } }));
      await storedAs(1);
      await t.app.jobs.drain();
      expect(seen).toEqual(['Ada']);
      expect((await allJobs()).map((row) => row.status)).toEqual(['done']);
    });

    it('fails a job of an older version for good when the definition cannot upgrade it', async () => {
      let calls = 0;
      const greet = defineJob({
        name: 'greet-v3',
        version: 3,
        payload: z.object({}),
        handle: async () => void calls++,
      });
      t.app.jobs.define(greet);
      await t.app.jobs.enqueue(greet, {});
      await storedAs(2);
      await t.app.jobs.drain();
      expect(calls).toBe(0);
      const [row] = await allJobs();
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.lastError).toContain('job greet-v3 version 2 is no longer handled');
    });

    it('runs a cron run scheduled under an older version (its payload is always {})', async () => {
      let calls = 0;
      const nightly = defineJob({
        name: 'nightly-v2',
        version: 2,
        payload: z.object({}),
        cron: '0 3 * * *',
        handle: async () => void calls++,
      });
      t.app.jobs.define(nightly);
      await t.app.jobs.enqueue(nightly, {});
      await storedAs(1);
      await t.app.jobs.drain();
      expect(calls).toBe(1);
    });

    it('leaves a job of a newer version queued for a worker that knows it', async () => {
      let calls = 0;
      const greet = defineJob({
        name: 'greet-v1',
        version: 1,
        payload: z.object({}),
        handle: async () => void calls++,
      });
      t.app.jobs.define(greet);
      await t.app.jobs.enqueue(greet, {});
      await storedAs(2);
      await t.app.jobs.drain();
      expect(calls).toBe(0);
      expect((await allJobs()).map((row) => [row.status, row.attempts])).toEqual([['queued', 0]]);
    });
  });
});
