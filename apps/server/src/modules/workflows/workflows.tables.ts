import type { WorkflowEdge, WorkflowNode } from '@omnichat/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { workspaceRef } from '../../platform/identity/workspaces.tables.ts';

/**
 * A workflow: its current version's graph and trigger (what the trigger listeners match on without reading the
 * versions), whether it is on, and a webhook trigger's secret.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(false),
    version: integer('version').notNull().default(1),
    triggerType: text('trigger_type').notNull(),
    /** the trigger node's data, for matching */
    trigger: jsonb('trigger').$type<Record<string, unknown>>().notNull().default({}),
    /** what a webhook trigger's callers send in X-Workflow-Secret */
    webhookSecret: text('webhook_secret').notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('workflows_workspace_idx').on(t.workspaceId, t.createdAt),
    index('workflows_active_trigger_idx').on(t.workspaceId, t.triggerType).where(sql`${t.active}`),
  ],
);
export type WorkflowRow = typeof workflows.$inferSelect;

/**
 * One more at each change of an organization's workflows (saved, switched, copied, deleted): what the trigger
 * listeners' cache of its active workflows is checked against, one row read by key.
 */
export const workflowStamps = pgTable('workflow_stamps', {
  workspaceId: workspaceRef().primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/** Every saved definition: a run reads the version it started on. */
export const workflowVersions = pgTable(
  'workflow_versions',
  {
    workspaceId: workspaceRef(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    nodes: jsonb('nodes').$type<WorkflowNode[]>().notNull(),
    edges: jsonb('edges').$type<WorkflowEdge[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workflowId, t.version] })],
);
export type WorkflowVersionRow = typeof workflowVersions.$inferSelect;

export type ExecutionStatusValue = 'running' | 'waiting' | 'succeeded' | 'failed' | 'cancelled';

/**
 * One run of a workflow version. `trigger_key` makes a trigger (an event, a webhook delivery, a schedule's firing)
 * start each workflow once however often it is delivered. `context` is what the run's variables read besides the
 * customer: the message, the webhook body, each step's output by node id.
 */
export const workflowExecutions = pgTable(
  'workflow_executions',
  {
    id: id(),
    workspaceId: workspaceRef(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status').$type<ExecutionStatusValue>().notNull().default('running'),
    test: boolean('test').notNull().default(false),
    triggerType: text('trigger_type').notNull(),
    triggerKey: text('trigger_key'),
    customerId: uuid('customer_id'),
    conversationId: uuid('conversation_id'),
    context: jsonb('context').$type<ExecutionContext>().notNull().default({}),
    /** the step it runs, waits at or failed at; null before the first and after the last */
    currentNodeId: text('current_node_id'),
    /** steps run so far (the 100-step guard) */
    stepCount: integer('step_count').notNull().default(0),
    waitingUntil: timestamp('waiting_until', { withTimezone: true }),
    /** the job that ends the wait, cancelled with the run */
    waitJobId: uuid('wait_job_id'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workflow_executions_trigger_key').on(t.workflowId, t.triggerKey),
    index('workflow_executions_workflow_idx').on(t.workflowId, t.startedAt),
    index('workflow_executions_workspace_idx').on(t.workspaceId, t.startedAt),
    index('workflow_executions_reply_idx')
      .on(t.conversationId)
      .where(sql`${t.status} = 'waiting' and ${t.conversationId} is not null`),
  ],
);
export type ExecutionRow = typeof workflowExecutions.$inferSelect;

/** What a run's variables and conditions read besides the customer and conversation. */
export interface ExecutionContext {
  message?: { id?: string; text: string };
  webhook?: { body: unknown; headers: Record<string, string> };
  /** outputs of the steps run so far, by node id */
  steps?: Record<string, unknown>;
  /** for a reply-wait: the node that waits, and the reply when it came */
  reply?: { node_id: string; text: string } | null;
  /** a test run of an unsaved draft: the draft's graph instead of the version's */
  graph?: { nodes: WorkflowNode[]; edges: WorkflowEdge[] };
  /** the run waits at a reply wait (a customer's message wakes it) */
  waiting_for_reply?: boolean;
  /** the nodes left to run, the next last (depth first); unset before the first step */
  pending?: string[];
  /** step rows written so far */
  seq?: number;
  /** the step recorded last: a failed one runs again as its next attempt */
  last?: { node_id: string; status: 'succeeded' | 'failed' | 'waiting'; attempt: number };
}

export type StepStatusValue = 'running' | 'succeeded' | 'failed' | 'skipped' | 'waiting';

/** One step of a run as it ran: a retried step gets a row per attempt. */
export const workflowExecutionSteps = pgTable(
  'workflow_execution_steps',
  {
    id: id(),
    workspaceId: workspaceRef(),
    executionId: uuid('execution_id')
      .notNull()
      .references(() => workflowExecutions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    nodeId: text('node_id').notNull(),
    type: text('type').notNull(),
    status: text('status').$type<StepStatusValue>().notNull(),
    attempt: integer('attempt').notNull().default(1),
    input: jsonb('input'),
    output: jsonb('output'),
    error: text('error'),
    missingVariables: text('missing_variables').array(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('workflow_execution_steps_seq_key').on(t.executionId, t.seq)],
);
export type ExecutionStepRow = typeof workflowExecutionSteps.$inferSelect;

/** A schedule trigger's next firing: one row per workflow and moment; cancelling skips it. */
export const workflowScheduledRuns = pgTable(
  'workflow_scheduled_runs',
  {
    id: id(),
    workspaceId: workspaceRef(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    periodic: boolean('periodic').notNull(),
    status: text('status').$type<'scheduled' | 'fired' | 'cancelled'>().notNull().default('scheduled'),
    jobId: uuid('job_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('workflow_scheduled_runs_moment_key').on(t.workflowId, t.runAt),
    index('workflow_scheduled_runs_due_idx').on(t.workspaceId, t.runAt).where(sql`${t.status} = 'scheduled'`),
  ],
);
export type ScheduledRunRow = typeof workflowScheduledRuns.$inferSelect;
