import {
  renderVariables,
  WORKFLOW_LIMITS,
  WORKFLOW_NODE_DATA,
  type WorkflowEdge,
  type WorkflowNode,
  type WorkflowNodeType,
} from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { withCause } from '../../../platform/events/cause.ts';
import { safeErrorMessage } from '../../../platform/logging.ts';
import { STEP_HANDLERS } from '../steps/index.ts';
import { StepFailure, type StepOutcome, type StepRun } from '../steps/step-types.ts';
import {
  type ExecutionContext,
  type ExecutionRow,
  type StepStatusValue,
  workflowExecutionSteps,
  workflowExecutions,
} from '../workflows.tables.ts';
import { scopeOf } from './scope.ts';
import { afterStep, loadSubjects, type RunSubjects } from './subjects.ts';
import type { WakeScheduler } from './wake.ts';

/** A run's graph: its version's nodes and edges. */
export interface Graph {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** The nodes after `nodeId` (on `branch` when given), in edge order. */
export function successorsOf(graph: Graph, nodeId: string, branch?: 'yes' | 'no'): string[] {
  return graph.edges
    .filter((edge) => edge.source === nodeId && (branch === undefined || edge.branch === branch))
    .map((edge) => edge.target);
}

/** What is left to run after `nodeId` went on `branch`: its successors first (depth first), then the rest. */
export function nextPending(graph: Graph, pending: string[], nodeId: string, branch?: 'yes' | 'no'): string[] {
  const rest = pending.slice(0, -1);
  return [...rest, ...successorsOf(graph, nodeId, branch).reverse()];
}

export interface DriveOptions {
  graph: Graph;
  workflowName: string;
  timeZone: string;
  /** where a wait parks the run: a job in a real run; a test run never waits */
  wake: WakeScheduler;
  /** the job's last attempt: a transient failure then fails the run instead of throwing for another try */
  lastAttempt: boolean;
  now?: () => Date;
}

const failedText = (reason: string) => `workflow execution failed: ${reason}`;

/** The run, locked, if it is still running (a cancel or a finish stops the steps). */
async function lockRunning(tx: Tx, id: string) {
  const [row] = await tx.select().from(workflowExecutions).where(eq(workflowExecutions.id, id)).for('update');
  return row?.status === 'running' ? row : null;
}

interface StepRecord {
  node: WorkflowNode;
  seq: number;
  status: StepStatusValue;
  attempt: number;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: StepOutcome;
  error?: string;
  missing: string[];
}

async function recordSteps(tx: Tx, execution: ExecutionRow, records: StepRecord[]) {
  if (!records.length) return;
  await tx.insert(workflowExecutionSteps).values(
    records.map((record) => ({
      workspaceId: execution.workspaceId,
      executionId: execution.id,
      seq: record.seq,
      nodeId: record.node.id,
      type: record.node.type,
      status: record.status,
      attempt: record.attempt,
      input: record.outcome.input ?? null,
      output: record.outcome.output ?? null,
      error: record.error ?? null,
      missingVariables: record.missing.length ? record.missing : null,
      startedAt: record.startedAt,
      finishedAt: record.finishedAt,
    })),
  );
}

/** The attempt a step's next run is: one more than its failed run just before, else the first. */
const attemptOf = (context: ExecutionContext, nodeId: string) =>
  context.last?.node_id === nodeId && context.last.status === 'failed' ? context.last.attempt + 1 : 1;

/** Steps run in one transaction at most; a step with outside work (HTTP) starts a new one. */
const STEPS_PER_TRANSACTION = 20;

/** A step's outside work, done before its transaction: its outcome or its failure. */
type OutsideWork = ({ before: StepOutcome } | { failed: unknown }) & { missing: string[] };

type BatchEnd =
  | { kind: 'go_on'; row: ExecutionRow }
  | { kind: 'stopped'; row: ExecutionRow }
  | { kind: 'retry'; error: unknown };

/**
 * Runs an execution's steps from where it stands until it ends, waits or fails. Steps run in transactions that
 * lock the run (a cancel stops it between them), up to 20 steps each, every step in a savepoint of its own: a step
 * that fails leaves the steps before it done and recorded, and its own change undone. A step's outside work (an
 * HTTP call) runs before its transaction. Events a step causes carry the workflow as their cause (the loop guard).
 * A step failing for good fails the run; a transient failure is recorded, then thrown for the job's retry, which
 * starts again at that step.
 */
export async function drive(ctx: AppContext, execution: ExecutionRow, options: DriveOptions): Promise<ExecutionRow> {
  const { graph } = options;
  const now = options.now ?? (() => new Date(ctx.now()));
  const inWorkspace = <T>(work: (tx: Tx) => Promise<T>) => ctx.database.withWorkspace(execution.workspaceId, work);
  const cause = { workflow_id: execution.workflowId, execution_id: execution.id };
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const trigger = graph.nodes.find((node) => node.type.startsWith('trigger.'));
  const pendingOf = (context: ExecutionContext) =>
    context.pending ?? (trigger ? successorsOf(graph, trigger.id).reverse() : []);
  let subjects: RunSubjects | null = null;

  /** A step's view of the run; `missing` collects the variables its texts named that do not exist. */
  function stepRun(row: ExecutionRow, node: WorkflowNode, at: Date, found: RunSubjects, missing: string[]): StepRun {
    const scope = scopeOf(row, found, options.workflowName);
    return {
      ctx,
      execution: row,
      node,
      data: {},
      customer: found.customer,
      conversation: found.conversation,
      channelType: found.channelType,
      workflowName: options.workflowName,
      scope,
      timeZone: options.timeZone,
      now: at,
      test: row.test,
      missing,
      render(text, encode) {
        const rendered = renderVariables(text, scope, encode);
        missing.push(...rendered.missing.filter((name) => !missing.includes(name)));
        return rendered.text;
      },
    };
  }

  /** The node's handler with its data checked, or the reason it cannot run. */
  function prepare(node: WorkflowNode | undefined, nodeId: string) {
    const handler = node && STEP_HANDLERS[node.type as WorkflowNodeType];
    if (!node || !handler) throw new StepFailure(`the step ${nodeId} is of an unknown type`);
    const data = WORKFLOW_NODE_DATA[node.type as WorkflowNodeType].safeParse(node.data);
    if (!data.success) throw new StepFailure(`the step ${nodeId} has invalid settings`);
    return { handler, data: data.data as Record<string, unknown> };
  }

  /** One transaction of steps; `first` is the first step's outside work, done or failed, when it has some. */
  async function batch(tx: Tx, state: ExecutionRow, first: OutsideWork | null) {
    const row = await lockRunning(tx, state.id);
    if (!row) return { kind: 'stopped', row: state } satisfies BatchEnd;
    subjects ??= await loadSubjects(tx, row);
    const context: ExecutionContext = { ...row.context, pending: pendingOf(row.context) };
    let stepCount = row.stepCount;
    const records: StepRecord[] = [];
    const current = () => ({ ...row, context, stepCount });
    const write = async (changes: Partial<ExecutionRow>) => {
      await recordSteps(tx, row, records);
      const [written] = await tx
        .update(workflowExecutions)
        .set({ context, stepCount, ...changes })
        .where(eq(workflowExecutions.id, row.id))
        .returning();
      return written!;
    };
    const finish = (changes: Partial<ExecutionRow>) =>
      write({ currentNodeId: null, waitingUntil: null, finishedAt: now(), ...changes });

    for (let n = 0; ; n++) {
      const nodeId = context.pending!.at(-1);
      if (nodeId === undefined || stepCount >= WORKFLOW_LIMITS.stepsPerRun) {
        const stopped = nodeId !== undefined;
        const ended = await finish({
          status: stopped ? 'failed' : 'succeeded',
          error: stopped ? failedText(`it stopped after ${WORKFLOW_LIMITS.stepsPerRun} steps`) : null,
        });
        return { kind: 'stopped', row: ended } satisfies BatchEnd;
      }
      const node = nodes.get(nodeId);
      const outside = node && STEP_HANDLERS[node.type as WorkflowNodeType]?.outside;
      if (n > 0 && (outside || n >= STEPS_PER_TRANSACTION))
        return { kind: 'go_on', row: await write({ currentNodeId: context.last?.node_id ?? null }) } satisfies BatchEnd;
      // the variables the step's outside work found missing are the step's too
      const missing: string[] = n === 0 && first ? [...first.missing] : [];
      const startedAt = now();
      const run = stepRun(current(), node ?? { id: nodeId, type: 'unknown', data: {} }, startedAt, subjects, missing);
      const attempt = attemptOf(context, nodeId);
      const seq = (context.seq ?? 0) + 1;
      try {
        if (n === 0 && first && 'failed' in first) throw first.failed;
        const { handler, data } = prepare(node, nodeId);
        run.data = data;
        const before = n === 0 && first && 'before' in first ? first.before : {};
        const outcome = handler.inside ? await tx.transaction((step) => handler.inside!(run, step, before)) : before;
        const waiting = outcome.waitUntil !== undefined;
        records.push({
          node: node!,
          seq,
          status: waiting ? 'waiting' : 'succeeded',
          attempt,
          startedAt,
          finishedAt: waiting ? null : now(),
          outcome,
          missing,
        });
        context.steps = { ...context.steps, [nodeId]: outcome.output ?? null };
        context.seq = seq;
        context.last = { node_id: nodeId, status: waiting ? 'waiting' : 'succeeded', attempt };
        stepCount += 1;
        if (waiting) {
          context.waiting_for_reply = node!.type === 'action.wait_for_reply';
          const waitJobId = await options.wake.schedule(tx, current(), outcome.waitUntil!, stepCount);
          const parked = await write({
            status: 'waiting',
            currentNodeId: nodeId,
            waitingUntil: outcome.waitUntil!,
            waitJobId,
          });
          return { kind: 'stopped', row: parked } satisfies BatchEnd;
        }
        context.pending = nextPending(graph, context.pending!, nodeId, outcome.branch);
        subjects = await afterStep(tx, row, subjects, node!.type);
      } catch (error) {
        const failure =
          error instanceof StepFailure ? error : new StepFailure(safeErrorMessage(error) || 'unknown error', true);
        const retried = failure.transient && !options.lastAttempt;
        records.push({
          node: run.node,
          seq,
          status: 'failed',
          attempt,
          startedAt,
          finishedAt: now(),
          outcome: {},
          error: failure.message,
          missing,
        });
        context.seq = seq;
        context.last = { node_id: nodeId, status: 'failed', attempt };
        if (retried) {
          await write({ currentNodeId: nodeId });
          return { kind: 'retry', error } satisfies BatchEnd;
        }
        const ended = await finish({ status: 'failed', error: failedText(failure.message), currentNodeId: nodeId });
        return { kind: 'stopped', row: ended } satisfies BatchEnd;
      }
    }
  }

  let state = execution;
  for (;;) {
    // the next step's outside work, if it has any, before its transaction
    const nodeId = pendingOf(state.context).at(-1);
    const node = nodeId === undefined ? undefined : nodes.get(nodeId);
    const outside = node && STEP_HANDLERS[node.type as WorkflowNodeType]?.outside;
    let first: OutsideWork | null = null;
    if (outside && nodeId !== undefined) {
      subjects ??= await inWorkspace((tx) => loadSubjects(tx, state));
      const missing: string[] = [];
      const run = stepRun(state, node!, now(), subjects, missing);
      try {
        run.data = prepare(node, nodeId).data;
        first = { before: await withCause(cause, () => outside(run)), missing };
      } catch (error) {
        first = { failed: error, missing };
      }
    }
    const end: BatchEnd = await inWorkspace((tx) => withCause(cause, () => batch(tx, state, first)));
    if (end.kind === 'retry') throw end.error; // the job tries again with backoff, from this step
    if (end.kind === 'stopped') return end.row;
    state = end.row;
  }
}
