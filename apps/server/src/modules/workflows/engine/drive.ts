import {
  renderVariables,
  WORKFLOW_LIMITS,
  WORKFLOW_NODE_DATA,
  type WorkflowEdge,
  type WorkflowNode,
  type WorkflowNodeType,
} from '@omnichat/contracts';
import { and, eq } from 'drizzle-orm';
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
import { loadSubjects, type RunSubjects } from './subjects.ts';
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
  status: StepStatusValue;
  attempt: number;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: StepOutcome;
  error?: string;
  missing: string[];
}

async function recordStep(tx: Tx, execution: ExecutionRow, seq: number, record: StepRecord) {
  await tx.insert(workflowExecutionSteps).values({
    workspaceId: execution.workspaceId,
    executionId: execution.id,
    seq,
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
  });
}

/** The attempt a step's next run is: one more than its failed run just before, else the first. */
const attemptOf = (context: ExecutionContext, nodeId: string) =>
  context.last?.node_id === nodeId && context.last.status === 'failed' ? context.last.attempt + 1 : 1;

/**
 * Runs an execution's steps from where it stands until it ends, waits or fails: each step in a transaction of
 * its own that locks the run (a cancel stops it between steps), does the step's change, records the step and moves
 * the run on, so a crash repeats at most the step it was in. Events a step causes carry the workflow as their
 * cause (the loop guard). A step failing for good fails the run; a transient failure throws, for the job's retry.
 */
export async function drive(ctx: AppContext, execution: ExecutionRow, options: DriveOptions): Promise<ExecutionRow> {
  const { graph } = options;
  const now = options.now ?? (() => new Date(ctx.now()));
  const inWorkspace = <T>(work: (tx: Tx) => Promise<T>) => ctx.database.withWorkspace(execution.workspaceId, work);
  const cause = { workflow_id: execution.workflowId, execution_id: execution.id };
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  let state = execution;
  let subjects: RunSubjects | null = null;

  const finish = (tx: Tx, changes: Partial<ExecutionRow>) =>
    tx
      .update(workflowExecutions)
      .set({ currentNodeId: null, waitingUntil: null, finishedAt: now(), ...changes })
      .where(eq(workflowExecutions.id, state.id))
      .returning();

  for (;;) {
    const context = state.context;
    if (!context.pending) {
      const trigger = graph.nodes.find((node) => node.type.startsWith('trigger.'));
      context.pending = trigger ? successorsOf(graph, trigger.id).reverse() : [];
    }
    const nodeId = context.pending.at(-1);
    if (nodeId === undefined || state.stepCount >= WORKFLOW_LIMITS.stepsPerRun) {
      const stopped = nodeId !== undefined;
      const [ended] = await inWorkspace(async (tx) =>
        (await lockRunning(tx, state.id))
          ? finish(tx, {
              status: stopped ? 'failed' : 'succeeded',
              error: stopped ? failedText(`it stopped after ${WORKFLOW_LIMITS.stepsPerRun} steps`) : null,
              context,
            })
          : [],
      );
      return ended ?? state;
    }
    const node = nodes.get(nodeId);
    subjects ??= await inWorkspace((tx) => loadSubjects(tx, state));
    const missing: string[] = [];
    const scope = scopeOf(state, subjects, options.workflowName);
    const run: StepRun = {
      ctx,
      execution: state,
      node: node ?? { id: nodeId, type: 'unknown', data: {} },
      data: {},
      customer: subjects.customer,
      conversation: subjects.conversation,
      channelType: subjects.channelType,
      workflowName: options.workflowName,
      scope,
      timeZone: options.timeZone,
      now: now(),
      test: state.test,
      missing,
      render(text, encode) {
        const rendered = renderVariables(text, scope, encode);
        missing.push(...rendered.missing.filter((name) => !missing.includes(name)));
        return rendered.text;
      },
    };
    const attempt = attemptOf(context, nodeId);
    const startedAt = now();
    let outcome: StepOutcome;
    try {
      const handler = node && STEP_HANDLERS[node.type as WorkflowNodeType];
      if (!node || !handler) throw new StepFailure(`the step ${nodeId} is of an unknown type`);
      const data = WORKFLOW_NODE_DATA[node.type as WorkflowNodeType].safeParse(node.data);
      if (!data.success) throw new StepFailure(`the step ${nodeId} has invalid settings`);
      run.data = data.data as Record<string, unknown>;
      const before = handler.outside ? await withCause(cause, () => handler.outside!(run)) : {};
      const moved = await inWorkspace((tx) =>
        withCause(cause, async () => {
          const locked = await lockRunning(tx, state.id);
          if (!locked) return null;
          outcome = handler.inside ? await handler.inside(run, tx, before) : before;
          const waiting = outcome.waitUntil !== undefined;
          const seq = (context.seq ?? 0) + 1;
          await recordStep(tx, state, seq, {
            node,
            status: waiting ? 'waiting' : 'succeeded',
            attempt,
            startedAt,
            finishedAt: waiting ? null : now(),
            outcome,
            missing,
          });
          const next: ExecutionContext = {
            ...locked.context,
            pending: waiting ? context.pending : nextPending(graph, context.pending!, nodeId, outcome.branch),
            steps: { ...locked.context.steps, [nodeId]: outcome.output ?? null },
            seq,
            last: { node_id: nodeId, status: waiting ? 'waiting' : 'succeeded', attempt },
            waiting_for_reply: waiting && node.type === 'action.wait_for_reply',
          };
          const stepCount = locked.stepCount + 1;
          if (waiting) {
            const jobId = await options.wake.schedule(tx, state, outcome.waitUntil!, stepCount);
            const [parked] = await tx
              .update(workflowExecutions)
              .set({
                status: 'waiting',
                context: next,
                stepCount,
                currentNodeId: nodeId,
                waitingUntil: outcome.waitUntil!,
                waitJobId: jobId,
              })
              .where(eq(workflowExecutions.id, state.id))
              .returning();
            return parked!;
          }
          const [moved] = await tx
            .update(workflowExecutions)
            .set({ context: next, stepCount, currentNodeId: nodeId })
            .where(eq(workflowExecutions.id, state.id))
            .returning();
          return moved!;
        }),
      );
      if (!moved || moved.status !== 'running') return moved ?? state;
      state = moved;
      if (CHANGES_SUBJECTS.has(node.type)) subjects = null;
    } catch (error) {
      const failure =
        error instanceof StepFailure ? error : new StepFailure(safeErrorMessage(error) || 'unknown error', true);
      const retried = failure.transient && !options.lastAttempt;
      const failed = await inWorkspace(async (tx) => {
        const locked = await lockRunning(tx, state.id);
        if (!locked) return null;
        const seq = (locked.context.seq ?? 0) + 1;
        await recordStep(tx, state, seq, {
          node: run.node,
          status: 'failed',
          attempt,
          startedAt,
          finishedAt: now(),
          outcome: {},
          error: failure.message,
          missing,
        });
        const next: ExecutionContext = {
          ...locked.context,
          seq,
          last: { node_id: nodeId, status: 'failed', attempt },
        };
        if (retried) {
          await tx
            .update(workflowExecutions)
            .set({ context: next })
            .where(and(eq(workflowExecutions.id, state.id), eq(workflowExecutions.status, 'running')));
          return locked;
        }
        const [ended] = await finish(tx, {
          status: 'failed',
          error: failedText(failure.message),
          context: next,
          currentNodeId: nodeId,
        });
        return ended!;
      });
      if (retried && failed) throw error; // the job tries again with backoff, from this step
      return failed ?? state;
    }
  }
}

/** Steps after which the run reads its customer and conversation again. */
const CHANGES_SUBJECTS = new Set<string>([
  'action.add_tag',
  'action.remove_tag',
  'action.update_field',
  'action.assign',
  'action.close_conversation',
  'action.hand_to_ai',
]);
