import type { Execution, ExecutionDetail, ExecutionStatus, ExecutionStep, ScheduledRun } from '@omnichat/contracts';
import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { totalOf, totalOver } from '../../platform/db/paging.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { customers } from '../customers/index.ts';
import { runJob, runSettingOf } from './engine/run-jobs.ts';
import { skipScheduled } from './schedules/schedules.ts';
import {
  type ExecutionRow,
  type ExecutionStepRow,
  workflowExecutionSteps,
  workflowExecutions,
  workflowScheduledRuns,
  workflows,
} from './workflows.tables.ts';

const seconds = (date: Date | null) => (date ? toUnixSeconds(date) : null);

export function toExecutionDto(row: ExecutionRow, workflowName: string, customerName: string | null): Execution {
  return {
    id: row.id,
    workflow_id: row.workflowId,
    workflow_name: workflowName,
    version: row.version,
    status: row.status,
    test: row.test,
    trigger_type: row.triggerType,
    started_at: toUnixSeconds(row.startedAt),
    finished_at: seconds(row.finishedAt),
    customer_id: row.customerId,
    customer_name: customerName,
    conversation_id: row.conversationId,
    error: row.error,
    current_node_id: row.currentNodeId,
    waiting_until: seconds(row.waitingUntil),
  };
}

export const toStepDto = (row: ExecutionStepRow): ExecutionStep => ({
  node_id: row.nodeId,
  type: row.type,
  status: row.status,
  attempt: row.attempt,
  started_at: toUnixSeconds(row.startedAt),
  finished_at: seconds(row.finishedAt),
  ...(row.input !== null && { input: row.input }),
  ...(row.output !== null && { output: row.output }),
  ...(row.error !== null && { error: row.error }),
  ...(row.missingVariables?.length && { missing_variables: row.missingVariables }),
});

interface ExecutionQuery {
  workflow_id?: string;
  status?: ExecutionStatus;
  from?: number;
  to?: number;
  page: number;
  size: number;
}

/** A run with its steps in the order they ran and its version's graph. */
export async function executionDetail(tx: Tx, id: string): Promise<ExecutionDetail> {
  const [found] = await tx
    .select({ execution: workflowExecutions, workflowName: workflows.name, customerName: customers.displayName })
    .from(workflowExecutions)
    .innerJoin(workflows, eq(workflows.id, workflowExecutions.workflowId))
    .leftJoin(customers, eq(customers.id, workflowExecutions.customerId))
    .where(eq(workflowExecutions.id, id));
  if (!found) throw notFound();
  const steps = await tx
    .select()
    .from(workflowExecutionSteps)
    .where(eq(workflowExecutionSteps.executionId, id))
    .orderBy(asc(workflowExecutionSteps.seq));
  const setting = await runSettingOf(tx, found.execution);
  return {
    ...toExecutionDto(found.execution, found.workflowName, found.customerName),
    steps: steps.map(toStepDto),
    nodes: setting?.graph.nodes ?? [],
    edges: setting?.graph.edges ?? [],
  };
}

/** Runs: the history, one run's details, retry, cancel, and the upcoming scheduled firings. */
export function createExecutionsService(ctx: AppContext) {
  const { database } = ctx;

  async function list(member: MemberPrincipal, query: ExecutionQuery) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const conditions: SQL[] = [];
      if (query.workflow_id) conditions.push(eq(workflowExecutions.workflowId, query.workflow_id));
      if (query.status) conditions.push(eq(workflowExecutions.status, query.status));
      if (query.from !== undefined) conditions.push(gte(workflowExecutions.startedAt, new Date(query.from * 1000)));
      if (query.to !== undefined) conditions.push(lt(workflowExecutions.startedAt, new Date(query.to * 1000)));
      const where = conditions.length ? and(...conditions) : undefined;
      const rows = await tx
        .select({
          execution: workflowExecutions,
          workflowName: workflows.name,
          customerName: customers.displayName,
          total: totalOver(),
        })
        .from(workflowExecutions)
        .innerJoin(workflows, eq(workflows.id, workflowExecutions.workflowId))
        .leftJoin(customers, eq(customers.id, workflowExecutions.customerId))
        .where(where)
        .orderBy(desc(workflowExecutions.startedAt), desc(workflowExecutions.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const total = await totalOf(rows, query.page, () => tx.$count(workflowExecutions, where));
      return {
        items: rows.map((row) => toExecutionDto(row.execution, row.workflowName, row.customerName)),
        page: { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) },
      };
    });
  }

  async function get(member: MemberPrincipal, id: string) {
    return database.withWorkspace(member.workspaceId, (tx) => executionDetail(tx, id));
  }

  async function locked(tx: Tx, id: string) {
    const [row] = await tx.select().from(workflowExecutions).where(eq(workflowExecutions.id, id)).for('update');
    if (!row) throw notFound();
    return row;
  }

  /** A failed run goes on from its failed step, which gets a new attempt; the rest of the run is as it was. */
  async function retry(member: MemberPrincipal, id: string) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const row = await locked(tx, id);
      if (row.status !== 'failed' || row.test) throw new AppError(409, 'workflow_execution_not_failed');
      await tx
        .update(workflowExecutions)
        .set({ status: 'running', error: null, finishedAt: null })
        .where(eq(workflowExecutions.id, id));
      await ctx.jobs.enqueue(runJob, { execution_id: id }, { tx });
      const { steps: _steps, nodes: _nodes, edges: _edges, ...execution } = await executionDetail(tx, id);
      return execution;
    });
  }

  async function cancel(member: MemberPrincipal, id: string) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const row = await locked(tx, id);
      if (row.status !== 'running' && row.status !== 'waiting') throw new AppError(409, 'workflow_execution_finished');
      if (row.waitJobId) await ctx.jobs.cancel(row.waitJobId);
      await tx
        .update(workflowExecutions)
        .set({ status: 'cancelled', finishedAt: new Date(), waitingUntil: null, waitJobId: null })
        .where(eq(workflowExecutions.id, id));
      // the waiting step ends with the run
      await tx
        .update(workflowExecutionSteps)
        .set({ status: 'skipped', finishedAt: new Date() })
        .where(
          and(
            eq(workflowExecutionSteps.executionId, id),
            inArray(workflowExecutionSteps.status, ['waiting', 'running']),
          ),
        );
      const { steps: _steps, nodes: _nodes, edges: _edges, ...execution } = await executionDetail(tx, id);
      return execution;
    });
  }

  async function scheduled(member: MemberPrincipal): Promise<ScheduledRun[]> {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const rows = await tx
        .select({ run: workflowScheduledRuns, name: workflows.name })
        .from(workflowScheduledRuns)
        .innerJoin(workflows, eq(workflows.id, workflowScheduledRuns.workflowId))
        .where(eq(workflowScheduledRuns.status, 'scheduled'))
        .orderBy(asc(workflowScheduledRuns.runAt))
        .limit(500);
      return rows.map(({ run, name }) => ({
        id: run.id,
        workflow_id: run.workflowId,
        workflow_name: name,
        run_at: toUnixSeconds(run.runAt),
        periodic: run.periodic,
      }));
    });
  }

  async function skip(member: MemberPrincipal, id: string) {
    const skipped = await database.withWorkspace(member.workspaceId, (tx) => skipScheduled(ctx, tx, id));
    if (!skipped) throw notFound();
  }

  return { list, get, retry, cancel, scheduled, skip };
}
