import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { workspaces } from '../../../platform/identity/workspaces.tables.ts';
import { defineJob } from '../../../platform/jobs/job-definition.ts';
import type { AppJob } from '../../../platform/modules/define-module.ts';
import {
  type ExecutionRow,
  workflowExecutionSteps,
  workflowExecutions,
  workflows,
  workflowVersions,
} from '../workflows.tables.ts';
import { drive, type Graph, nextPending } from './drive.ts';
import type { WakeScheduler } from './wake.ts';

const RUN_ATTEMPTS = 6;
/** 5 s, 10 s, 20 s, … at most 10 minutes between tries of a step that failed for a passing reason */
const runBackoff = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), 600_000);

export interface RunSetting {
  graph: Graph;
  workflowName: string;
  timeZone: string;
}

/** What a run needs besides its row: its version's graph, the workflow's name and the organization's time zone. */
export async function runSettingOf(tx: Tx, execution: ExecutionRow): Promise<RunSetting | null> {
  const [found] = await tx
    .select({
      nodes: workflowVersions.nodes,
      edges: workflowVersions.edges,
      name: workflows.name,
      timeZone: workspaces.timeZone,
    })
    .from(workflowVersions)
    .innerJoin(workflows, eq(workflows.id, workflowVersions.workflowId))
    .innerJoin(workspaces, eq(workspaces.id, workflows.workspaceId))
    .where(and(eq(workflowVersions.workflowId, execution.workflowId), eq(workflowVersions.version, execution.version)));
  if (!found) return null;
  const graph = execution.context.graph ?? { nodes: found.nodes, edges: found.edges };
  return { graph, workflowName: found.name, timeZone: found.timeZone };
}

const runPayload = z.object({ execution_id: z.uuid() });
/** a wake names the wait it ends by the run's step count then: a stale wake (of a wait already over) does nothing */
const wakePayload = runPayload.extend({ step_count: z.number().int() });

/** Parks a run until `until`: a wake job then, cancelled when the run is cancelled or the customer replies. */
export const jobWake = (ctx: AppContext): WakeScheduler => ({
  schedule: (tx, execution, until, stepCount) =>
    ctx.jobs.enqueue(
      wakeJob,
      { execution_id: execution.id, step_count: stepCount },
      { tx, runAt: until, workspaceId: execution.workspaceId },
    ),
});

/** Drives a running execution from where it stands (a new run, a retried one, one a wake set going). */
async function runExecution(job: AppJob, executionId: string) {
  const ctx = job.app;
  const loaded = await job.inWorkspace(async (tx) => {
    const [execution] = await tx.select().from(workflowExecutions).where(eq(workflowExecutions.id, executionId));
    if (execution?.status !== 'running') return null;
    const setting = await runSettingOf(tx, execution);
    return setting && { execution, setting };
  });
  if (!loaded) return;
  await drive(ctx, loaded.execution, {
    ...loaded.setting,
    wake: jobWake(ctx),
    lastAttempt: job.attempt >= RUN_ATTEMPTS,
  });
}

/** Runs an execution: its steps one after another until it ends, waits or fails. */
export const runJob = defineJob({
  name: 'workflows.run',
  version: 1,
  queue: 'workflows',
  payload: runPayload,
  maxAttempts: RUN_ATTEMPTS,
  backoffMs: runBackoff,
  handle: (payload, job: AppJob) => runExecution(job, payload.execution_id),
});

/**
 * Ends a wait: the waiting step succeeds (a reply wait: `yes` when the customer wrote, `no` when the time ran out)
 * and the run goes on with the steps after it. Answers whether the run was woken.
 */
export async function wakeExecution(tx: Tx, executionId: string, stepCount: number, now: Date) {
  const [execution] = await tx
    .select()
    .from(workflowExecutions)
    .where(eq(workflowExecutions.id, executionId))
    .for('update');
  if (execution?.status !== 'waiting' || execution.stepCount !== stepCount || !execution.currentNodeId) return false;
  const replied = execution.context.reply?.node_id === execution.currentNodeId;
  // a wake before its time (a clock apart by a moment) is early only when nothing else ended the wait
  if (!replied && execution.waitingUntil && execution.waitingUntil.getTime() > now.getTime() + 1000) return false;
  const setting = await runSettingOf(tx, execution);
  if (!setting) return false;
  const node = setting.graph.nodes.find((one) => one.id === execution.currentNodeId);
  const branch = node?.type === 'action.wait_for_reply' ? (replied ? 'yes' : 'no') : undefined;
  const output =
    node?.type === 'action.wait_for_reply'
      ? { replied, ...(replied && { reply: execution.context.reply!.text }) }
      : { waited_until: Math.floor((execution.waitingUntil ?? now).getTime() / 1000) };
  const [last] = await tx
    .select({ id: workflowExecutionSteps.id })
    .from(workflowExecutionSteps)
    .where(eq(workflowExecutionSteps.executionId, executionId))
    .orderBy(desc(workflowExecutionSteps.seq))
    .limit(1);
  if (last)
    await tx
      .update(workflowExecutionSteps)
      .set({ status: 'succeeded', finishedAt: now, output })
      .where(eq(workflowExecutionSteps.id, last.id));
  const context = {
    ...execution.context,
    pending: nextPending(setting.graph, execution.context.pending ?? [], execution.currentNodeId, branch),
    steps: { ...execution.context.steps, [execution.currentNodeId]: output },
    last: { node_id: execution.currentNodeId, status: 'succeeded' as const, attempt: 1 },
    waiting_for_reply: false,
  };
  await tx
    .update(workflowExecutions)
    .set({ status: 'running', context, waitingUntil: null, waitJobId: null })
    .where(eq(workflowExecutions.id, executionId));
  return true;
}

/** Wakes a waiting run at its time (or at the customer's reply) and drives it on. */
export const wakeJob = defineJob({
  name: 'workflows.wake',
  version: 1,
  queue: 'workflows',
  payload: wakePayload,
  maxAttempts: RUN_ATTEMPTS,
  backoffMs: runBackoff,
  async handle(payload, job: AppJob) {
    const now = new Date(job.app.now());
    const woken = await job.inWorkspace((tx) => wakeExecution(tx, payload.execution_id, payload.step_count, now));
    if (woken || job.attempt > 1) await runExecution(job, payload.execution_id);
  },
});
