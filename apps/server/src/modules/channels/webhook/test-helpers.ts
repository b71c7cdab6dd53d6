import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../../test/test-app.ts';
import { jobs } from '../../../platform/jobs/jobs.tables.ts';
import { postWebhook } from '../../conversations/test-helpers.ts';
import { webhookDeliveries } from './webhook.tables.ts';

/** Posts each body as its own signed delivery (all waiting together), then lets the jobs run. */
export async function deliverAll(t: TestApp, channelId: string, bodies: (object | string)[]) {
  for (const body of bodies) expect((await postWebhook(t, channelId, body)).statusCode).toBe(200);
  await t.app.jobs.drain();
}

/** The organization's deliveries in arrival order: whether processed, and their error. */
export const deliveriesOf = (t: TestApp, workspaceId: string) =>
  t.database.withWorkspace(workspaceId, (tx) =>
    tx
      .select({ processedAt: webhookDeliveries.processedAt, error: webhookDeliveries.error })
      .from(webhookDeliveries)
      .orderBy(webhookDeliveries.seq),
  );

/** The organization's webhook jobs that did not end done (a retry waiting, or failed for good). */
export const unfinishedIngests = (t: TestApp, workspaceId: string) =>
  t.database
    .withWorkspace(workspaceId, (tx) =>
      tx.select({ status: jobs.status, lastError: jobs.lastError }).from(jobs).where(eq(jobs.name, 'channels.webhook')),
    )
    .then((rows) => rows.filter((row) => row.status !== 'done'));
