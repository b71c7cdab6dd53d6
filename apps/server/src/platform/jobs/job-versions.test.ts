import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { defineJob, type JobContext, type JobDefinition } from './job-definition.ts';
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
    /** Queues one run of `job`, rewrites its row as another release would have stored it, and lets the queue work. */
    async function runStoredAs<S extends z.ZodType>(
      job: JobDefinition<S>,
      payload: z.input<S>,
      stored: { version: number; payload?: object },
    ) {
      t.app.jobs.define(job);
      await t.app.jobs.enqueue(job, payload);
      await t.database.unsafeCrossTenant('test', (tx) => tx.update(jobs).set(stored));
      await t.app.jobs.drain();
    }
    /** How many times a job with an empty payload ran, its one run stored under `storedVersion`. */
    async function runsStoredAs(job: Pick<JobDefinition, 'name' | 'version' | 'cron'>, storedVersion: number) {
      let calls = 0;
      const counted = defineJob({ ...job, payload: z.object({}), handle: async () => void calls++ });
      await runStoredAs(counted, {}, { version: storedVersion });
      return calls;
    }

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
      await runStoredAs(greet, { full_name: 'unused' }, { version: 1, payload: { name: 'Ada' } });
      expect(seen).toEqual(['Ada']);
      expect((await allJobs()).map((row) => row.status)).toEqual(['done']);
    });

    it('fails a job of an older version for good when the definition cannot upgrade it', async () => {
      expect(await runsStoredAs({ name: 'greet-v3', version: 3 }, 2)).toBe(0);
      const [row] = await allJobs();
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.lastError).toContain('job greet-v3 version 2 is no longer handled');
    });

    it('runs a cron run scheduled under an older version (its payload is always {})', async () => {
      expect(await runsStoredAs({ name: 'nightly-v2', version: 2, cron: '0 3 * * *' }, 1)).toBe(1);
    });

    it('leaves a job of a newer version queued for a worker that knows it', async () => {
      expect(await runsStoredAs({ name: 'greet-v1', version: 1 }, 2)).toBe(0);
      expect((await allJobs()).map((row) => [row.status, row.attempts])).toEqual([['queued', 0]]);
    });
  });
});
