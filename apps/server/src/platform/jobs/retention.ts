import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { defineJob, type JobContext } from './job-definition.ts';
import type { JobQueue } from './job-queue.ts';
import { jobs } from './jobs.tables.ts';

const BATCH = 5_000;

/**
 * Deletes finished rows past their keeping time (done and cancelled ones finished before `doneBefore`, failed ones
 * before `failedBefore`), a batch at a time, so the table stays as fast as when new.
 */
export async function purgeFinishedJobs(database: Database, doneBefore: Date, failedBefore: Date): Promise<void> {
  const expired = or(
    and(inArray(jobs.status, ['done', 'cancelled']), lt(jobs.finishedAt, doneBefore)),
    and(eq(jobs.status, 'failed'), lt(jobs.finishedAt, failedBefore)),
  );
  for (;;) {
    const deleted = await database.unsafeCrossTenant(
      'the job queue removes finished jobs of every organization',
      (tx) =>
        tx
          .delete(jobs)
          .where(inArray(jobs.id, tx.select({ id: jobs.id }).from(jobs).where(expired).limit(BATCH)))
          .returning({ id: jobs.id }),
    );
    if (deleted.length < BATCH) return;
  }
}

/** Finished rows past their keeping time are deleted every hour. */
export const retentionJob = defineJob({
  name: 'jobs.retention',
  version: 1,
  payload: z.object({}),
  cron: '23 * * * *',
  handle: (_payload, job: JobContext<JobQueue>) => job.app.purgeFinished(),
});
