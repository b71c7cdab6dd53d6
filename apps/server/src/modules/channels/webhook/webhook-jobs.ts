import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../platform/db/database.ts';
import { isTransientDatabaseError } from '../../../platform/db/transient.ts';
import { defineJob } from '../../../platform/jobs/job-definition.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import type { AppJob } from '../../../platform/modules/define-module.ts';
import { applyWaiting, type DeliveriesApplied, type FieldDispatch } from './apply-deliveries.ts';
import { webhookDeliveries } from './webhook.tables.ts';

/** How soon after a channel's job ended a look for deliveries it may have missed comes. */
const RECHECK_MS = 1_000;

/** Hands a field's parts to the module that answers it (`hooks.metaWebhook`); no module: skipped, no error. */
function dispatchOf(job: AppJob, channelId: string): FieldDispatch {
  const { events, jobs, hooks } = job.app;
  const services = { events, jobs, log: job.log };
  return async (tx, channel, field, parts) => {
    const handler = Object.hasOwn(hooks.metaWebhook, field) ? hooks.metaWebhook[field] : undefined;
    if (handler) return handler(tx, channel, parts, services);
    job.log.debug({ channel_id: channelId, field, parts: parts.length }, 'webhook field nothing answers, skipped');
    return [];
  };
}

/**
 * Applies every waiting delivery of its channel in the order they came, under the channel's lock, so a watermark
 * never overtakes the message it covers; the jobs of deliveries already applied find nothing left. One job per
 * channel at a time (its idempotency key): it keeps going until no delivery is left.
 */
export const webhookIngestJob = defineJob({
  name: 'channels.webhook',
  version: 1,
  queue: 'webhooks',
  payload: z.object({ channel_id: z.uuid() }),
  maxAttempts: 5,
  handle: async ({ channel_id }, job: AppJob) => {
    const dispatch = dispatchOf(job, channel_id);
    const apply = (oneByOne: boolean) => job.inWorkspace((tx) => applyWaiting(tx, channel_id, oneByOne, dispatch));
    for (;;) {
      let batch: DeliveriesApplied | null;
      try {
        batch = await apply(false);
      } catch (error) {
        // the database being away is no fault of a delivery: the job tries again later
        if (isTransientDatabaseError(error)) throw error;
        job.log.warn({ err: error, channel_id }, 'webhook batch failed, applying its deliveries one by one');
        batch = await apply(true);
      }
      if (!batch) {
        // a delivery stored while this job ends finds the key still taken: a look shortly after catches it
        await job.inWorkspace((tx) =>
          job.app.jobs.enqueue(
            webhookRecheckJob,
            { channel_id },
            // no idempotency key: a look already queued by an earlier run may come before this delivery
            { tx, runAt: new Date(Date.now() + RECHECK_MS) },
          ),
        );
        return;
      }
      // where, never what: the error names places in the delivery and the failed statement, no content
      for (const [delivery_id, error] of batch.errors)
        job.log.warn({ channel_id, delivery_id, error }, 'webhook delivery set aside, wholly or in part');
    }
  },
});

/** Queues the channel's ingest job in `tx`, unless one is already waiting. */
export const enqueueIngest = (jobs: JobQueue, tx: Tx, channelId: string, workspaceId?: string) =>
  jobs.enqueue(
    webhookIngestJob,
    { channel_id: channelId },
    { tx, workspaceId, idempotencyKey: `channel:${channelId}` },
  );

export const webhookRecheckJob = defineJob({
  name: 'channels.webhook-recheck',
  version: 1,
  queue: 'webhooks',
  payload: z.object({ channel_id: z.uuid() }),
  handle: ({ channel_id }, job: AppJob) =>
    job.inWorkspace(async (tx) => {
      const [waiting] = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.channelId, channel_id), isNull(webhookDeliveries.processedAt)))
        .limit(1);
      if (waiting) await enqueueIngest(job.app.jobs, tx, channel_id);
    }),
});

/**
 * A delivery the recheck missed (a process that stopped in between): the sweep finds deliveries waiting over 30 s
 * and queues their channel again, and removes applied deliveries after a week.
 */
export const webhookSweepJob = defineJob({
  name: 'channels.webhook-sweep',
  version: 1,
  queue: 'webhooks',
  payload: z.object({}),
  cron: '* * * * *',
  handle: async (_payload, job: AppJob) => {
    const { database, jobs } = job.app;
    await database.unsafeCrossTenant('the webhook sweep queues channels whose deliveries wait', async (tx) => {
      const stale = await tx
        .selectDistinct({ channelId: webhookDeliveries.channelId, workspaceId: webhookDeliveries.workspaceId })
        .from(webhookDeliveries)
        .where(
          and(
            isNull(webhookDeliveries.processedAt),
            lt(webhookDeliveries.receivedAt, sql`now() - interval '30 seconds'`),
          ),
        );
      for (const { channelId, workspaceId } of stale) await enqueueIngest(jobs, tx, channelId, workspaceId);
      // applied deliveries are kept a week for a look, then go, a batch a minute
      await tx.execute(sql`delete from ${webhookDeliveries} where ${webhookDeliveries.id} in (
        select ${webhookDeliveries.id} from ${webhookDeliveries}
        where ${webhookDeliveries.processedAt} < now() - interval '7 days' limit 5000)`);
    });
  },
});
