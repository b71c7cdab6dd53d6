import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { type ExecutionContext, workflowExecutions, workflows } from '../workflows.tables.ts';
import { runJob } from './run-jobs.ts';

/** One run to start: of which workflow version, for whom, and from which trigger. */
export interface RunStart {
  workflowId: string;
  version: number;
  triggerType: string;
  /** what makes this trigger one (an event id, a webhook delivery, a schedule's moment): a second start is ignored */
  triggerKey: string | null;
  customerId: string | null;
  conversationId: string | null;
  context: ExecutionContext;
}

/**
 * Stores runs and their first jobs in the caller's transaction: a trigger delivered twice starts each workflow once
 * (the unique trigger key), and a run exists exactly when its trigger's change commits. Answers the new runs' ids.
 */
export async function startRuns(ctx: AppContext, tx: Tx, workspaceId: string, starts: RunStart[]): Promise<string[]> {
  if (!starts.length) return [];
  const started = await tx
    .insert(workflowExecutions)
    .values(
      starts.map((start) => ({
        workspaceId,
        workflowId: start.workflowId,
        version: start.version,
        triggerType: start.triggerType,
        triggerKey: start.triggerKey,
        customerId: start.customerId,
        conversationId: start.conversationId,
        context: start.context,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: workflowExecutions.id, workflowId: workflowExecutions.workflowId });
  if (!started.length) return [];
  await ctx.jobs.enqueueMany(
    runJob,
    started.map((run) => ({ execution_id: run.id })),
    { tx, workspaceId },
  );
  await tx
    .update(workflows)
    .set({ lastRunAt: sql`now()` })
    .where(inArray(workflows.id, [...new Set(started.map((run) => run.workflowId))]));
  return started.map((run) => run.id);
}
