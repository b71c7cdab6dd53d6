import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { wakeJob } from '../engine/run-jobs.ts';
import { workflowExecutions } from '../workflows.tables.ts';

/**
 * The customer wrote: each run waiting in this conversation notes the reply and is woken now (its timeout's job
 * cancelled). A run waiting a plain duration notes it too but sleeps on: its wake reads the reply only at a reply
 * wait. Rows are locked, so a reply and a timeout at the same moment decide once.
 */
export async function answerReplyWaits(tx: Tx, ctx: AppContext, conversationId: string, text: string) {
  const waiting = await tx
    .select()
    .from(workflowExecutions)
    .where(and(eq(workflowExecutions.conversationId, conversationId), eq(workflowExecutions.status, 'waiting')))
    .for('update');
  for (const execution of waiting) {
    if (!execution.currentNodeId || execution.context.reply?.node_id === execution.currentNodeId) continue;
    if (!execution.context.waiting_for_reply) continue;
    await tx
      .update(workflowExecutions)
      .set({ context: { ...execution.context, reply: { node_id: execution.currentNodeId, text } } })
      .where(eq(workflowExecutions.id, execution.id));
    if (execution.waitJobId) await ctx.jobs.cancel(execution.waitJobId);
    await ctx.jobs.enqueue(
      wakeJob,
      { execution_id: execution.id, step_count: execution.stepCount },
      { tx, workspaceId: execution.workspaceId },
    );
  }
}
