import { CronExpressionParser } from 'cron-parser';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { workspaces } from '../../../platform/identity/workspaces.tables.ts';
import { defineJob } from '../../../platform/jobs/job-definition.ts';
import type { AppJob } from '../../../platform/modules/define-module.ts';
import { customers, customerTagLinks } from '../../customers/index.ts';
import { startRuns } from '../engine/start.ts';
import { type WorkflowRow, workflowScheduledRuns, workflows } from '../workflows.tables.ts';

/** Customers a firing starts runs for in one transaction (a schedule over 10,000 customers goes in chunks). */
const FIRE_CHUNK = 1_000;

/** Whether a cron expression is one cron-parser reads (5 fields, checked by the contracts first). */
export function cronProblem(cron: string): string | null {
  try {
    CronExpressionParser.parse(cron, { tz: 'UTC' });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A schedule trigger's next moment after `after`, in the organization's time zone; null: none (a past `at`). */
export function nextMoment(trigger: Record<string, unknown>, timeZone: string, after: Date): Date | null {
  if (typeof trigger.at === 'number') return trigger.at * 1000 > after.getTime() ? new Date(trigger.at * 1000) : null;
  if (typeof trigger.cron !== 'string') return null;
  return CronExpressionParser.parse(trigger.cron, { currentDate: after, tz: timeZone }).next().toDate();
}

const firePayload = z.object({ scheduled_run_id: z.uuid() });

/** Schedules the workflow's next firing after `after`, if it is an active schedule workflow with a next moment. */
export async function scheduleNext(ctx: AppContext, tx: Tx, workflow: WorkflowRow, after: Date) {
  if (!workflow.active || workflow.triggerType !== 'trigger.schedule') return null;
  const [workspace] = await tx
    .select({ timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.id, workflow.workspaceId));
  const runAt = nextMoment(workflow.trigger, workspace?.timeZone ?? 'UTC', after);
  if (!runAt) return null;
  const [row] = await tx
    .insert(workflowScheduledRuns)
    .values({
      workspaceId: workflow.workspaceId,
      workflowId: workflow.id,
      version: workflow.version,
      runAt,
      periodic: typeof workflow.trigger.cron === 'string',
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return runAt;
  const jobId = await ctx.jobs.enqueue(fireJob, { scheduled_run_id: row.id }, { tx, runAt });
  await tx.update(workflowScheduledRuns).set({ jobId }).where(eq(workflowScheduledRuns.id, row.id));
  return runAt;
}

/** Forgets the workflow's upcoming firings (switched off, changed, deleted): their jobs are cancelled. */
export async function unschedule(ctx: AppContext, tx: Tx, workflowId: string) {
  const upcoming = await tx
    .delete(workflowScheduledRuns)
    .where(and(eq(workflowScheduledRuns.workflowId, workflowId), eq(workflowScheduledRuns.status, 'scheduled')))
    .returning({ jobId: workflowScheduledRuns.jobId });
  for (const { jobId } of upcoming) if (jobId) await ctx.jobs.cancel(jobId);
}

/** The next firing of each of these workflows, by workflow id. */
export async function nextRuns(tx: Tx, workflowIds: string[]): Promise<Map<string, Date>> {
  if (!workflowIds.length) return new Map();
  const rows = await tx
    .select({ workflowId: workflowScheduledRuns.workflowId, runAt: workflowScheduledRuns.runAt })
    .from(workflowScheduledRuns)
    .where(and(inArray(workflowScheduledRuns.workflowId, workflowIds), eq(workflowScheduledRuns.status, 'scheduled')));
  const next = new Map<string, Date>();
  for (const row of rows) {
    const known = next.get(row.workflowId);
    if (!known || row.runAt < known) next.set(row.workflowId, row.runAt);
  }
  return next;
}

/** Skips one upcoming firing; a periodic workflow is scheduled at its next moment after it. */
export async function skipScheduled(ctx: AppContext, tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx
    .update(workflowScheduledRuns)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(workflowScheduledRuns.id, id), eq(workflowScheduledRuns.status, 'scheduled')))
    .returning();
  if (!row) return false;
  if (row.jobId) await ctx.jobs.cancel(row.jobId);
  const [workflow] = await tx.select().from(workflows).where(eq(workflows.id, row.workflowId));
  if (workflow && row.periodic) await scheduleNext(ctx, tx, workflow, row.runAt);
  return true;
}

/**
 * A schedule's moment came: one run, or one per customer carrying any of its tags (in chunks, each run keyed by
 * the firing and the customer, so a retried firing starts nobody twice); then the next moment is scheduled.
 */
export const fireJob = defineJob({
  name: 'workflows.fire',
  version: 1,
  queue: 'workflows',
  payload: firePayload,
  async handle(payload, job: AppJob) {
    const ctx = job.app;
    const firing = await job.inWorkspace(async (tx) => {
      const [row] = await tx
        .select()
        .from(workflowScheduledRuns)
        .where(eq(workflowScheduledRuns.id, payload.scheduled_run_id));
      if (row?.status !== 'scheduled') return null;
      const [workflow] = await tx.select().from(workflows).where(eq(workflows.id, row.workflowId));
      return workflow?.active && workflow.version === row.version ? { row, workflow } : null;
    });
    if (!firing) return;
    const { row, workflow } = firing;
    const start = (customerId: string | null) => ({
      workflowId: workflow.id,
      version: workflow.version,
      triggerType: workflow.triggerType,
      triggerKey: customerId ? `schedule:${row.id}:${customerId}` : `schedule:${row.id}`,
      customerId,
      conversationId: null,
      context: {},
    });
    const tagIds = Array.isArray(workflow.trigger.tag_ids) ? (workflow.trigger.tag_ids as string[]) : [];
    if (!tagIds.length) await job.inWorkspace((tx) => startRuns(ctx, tx, workflow.workspaceId, [start(null)]));
    for (let after = ''; tagIds.length; ) {
      const chunk = await job.inWorkspace(async (tx) => {
        const ids = await tx
          .selectDistinct({ id: customers.id })
          .from(customers)
          .innerJoin(customerTagLinks, eq(customerTagLinks.customerId, customers.id))
          .where(
            and(
              inArray(customerTagLinks.tagId, tagIds),
              gt(customers.id, after || '00000000-0000-0000-0000-000000000000'),
            ),
          )
          .orderBy(customers.id)
          .limit(FIRE_CHUNK);
        await startRuns(
          ctx,
          tx,
          workflow.workspaceId,
          ids.map((customer) => start(customer.id)),
        );
        return ids;
      });
      if (chunk.length < FIRE_CHUNK) break;
      after = chunk.at(-1)!.id;
    }
    await job.inWorkspace(async (tx) => {
      const [fired] = await tx
        .update(workflowScheduledRuns)
        .set({ status: 'fired', updatedAt: new Date() })
        .where(and(eq(workflowScheduledRuns.id, row.id), eq(workflowScheduledRuns.status, 'scheduled')))
        .returning();
      // late (the app was down): the next moment from now, not every one missed
      if (fired && row.periodic)
        await scheduleNext(ctx, tx, workflow, new Date(Math.max(row.runAt.getTime(), ctx.now())));
    });
  },
});
