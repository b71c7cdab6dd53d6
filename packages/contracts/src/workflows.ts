import { z } from 'zod';
import { messageResultSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { pageField, pageSizeField } from './fields.ts';
import { graphProblems, WORKFLOW_LIMITS, workflowEdgeSchema, workflowNodeSchema } from './workflow-nodes.ts';

/** Workflow automation (issue 27, SPEC 3 and 4): workflows, their runs and schedules, as the API answers them. */
const nameField = z
  .string({ error: 'workflow_name_required' })
  .trim()
  .min(1, { error: 'workflow_name_required' })
  .max(WORKFLOW_LIMITS.nameMax - 1, { error: 'workflow_name_max' });

export const workflowBodySchema = z
  .object({
    name: nameField,
    description: z.string().trim().max(WORKFLOW_LIMITS.descriptionMax).nullable().optional(),
    active: z.boolean().default(false),
    nodes: z.array(workflowNodeSchema).max(WORKFLOW_LIMITS.nodesMax),
    edges: z.array(workflowEdgeSchema).max(WORKFLOW_LIMITS.edgesMax).default([]),
  })
  .superRefine((body, context) => {
    for (const problem of graphProblems(body.nodes, body.edges))
      context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
export type WorkflowBody = z.input<typeof workflowBodySchema>;

export const workflowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** 1 at creation, one more at each `PUT`: a run keeps the version it started on */
  version: z.number().int(),
  trigger_type: z.string(),
  nodes: z.array(workflowNodeSchema),
  edges: z.array(workflowEdgeSchema),
  /** a webhook trigger's address and the secret its callers send in `X-Workflow-Secret` */
  webhook: z.object({ url: z.string(), secret: z.string() }).nullable(),
  /** settings naming a channel, tag, template, team or member deleted since the save: the builder marks them */
  broken: z.array(z.object({ node_id: z.string(), field: z.string() })),
  /** the next time a schedule trigger fires (unix seconds), while active */
  next_run_at: z.number().nullable(),
  last_run_at: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Workflow = z.infer<typeof workflowSchema>;

/** A workflow in the list: without its graph. */
export const workflowSummarySchema = workflowSchema.omit({ nodes: true, edges: true, broken: true }).extend({
  runs: z.number().int(),
  failures: z.number().int(),
});
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;

export const EXECUTION_STATUSES = ['running', 'waiting', 'succeeded', 'failed', 'cancelled'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export const STEP_STATUSES = ['running', 'succeeded', 'failed', 'skipped', 'waiting'] as const;

export const executionStepSchema = z.object({
  node_id: z.string(),
  type: z.string(),
  status: z.enum(STEP_STATUSES),
  /** 1, or more when a retried run ran the step again */
  attempt: z.number().int(),
  started_at: z.number(),
  finished_at: z.number().nullable(),
  input: z.unknown().optional(),
  output: z.unknown().optional(),
  error: z.string().optional(),
  /** variables its texts named that did not exist (left empty) */
  missing_variables: z.array(z.string()).optional(),
});
export type ExecutionStep = z.infer<typeof executionStepSchema>;

export const executionSchema = z.object({
  id: z.uuid(),
  workflow_id: z.uuid(),
  workflow_name: z.string(),
  version: z.number().int(),
  status: z.enum(EXECUTION_STATUSES),
  /** a test run: sending steps were shown, not done */
  test: z.boolean(),
  trigger_type: z.string(),
  started_at: z.number(),
  finished_at: z.number().nullable(),
  customer_id: z.uuid().nullable(),
  customer_name: z.string().nullable(),
  conversation_id: z.uuid().nullable(),
  /** why it failed ('workflow execution failed: …') */
  error: z.string().nullable(),
  /** the step it failed at, or waits at */
  current_node_id: z.string().nullable(),
  /** while waiting: when the wait ends (unix seconds) */
  waiting_until: z.number().nullable(),
});
export type Execution = z.infer<typeof executionSchema>;

/** One execution with its steps in the order they ran and the graph of its version, to draw its path. */
export const executionDetailSchema = executionSchema.extend({
  steps: z.array(executionStepSchema),
  nodes: z.array(workflowNodeSchema),
  edges: z.array(workflowEdgeSchema),
});
export type ExecutionDetail = z.infer<typeof executionDetailSchema>;

/** A schedule trigger's next firing, cancellable (the one after it is then scheduled). */
export const scheduledRunSchema = z.object({
  id: z.uuid(),
  workflow_id: z.uuid(),
  workflow_name: z.string(),
  run_at: z.number(),
  /** periodic (a cron) or one time */
  periodic: z.boolean(),
});
export type ScheduledRun = z.infer<typeof scheduledRunSchema>;

export const workflowRunBodySchema = z.object({
  customer_ids: z.array(z.uuid()).min(1).max(WORKFLOW_LIMITS.manualCustomersMax),
});
export type WorkflowRunBody = z.input<typeof workflowRunBodySchema>;

/** A test run of the saved workflow, or of the graph given (the builder's unsaved draft). */
export const workflowTestBodySchema = z.object({
  customer_id: z.uuid(),
  conversation_id: z.uuid().nullable().optional(),
  /** the message the trigger saw (default: the conversation's last customer message) */
  message_text: z.string().max(WORKFLOW_LIMITS.textMax).optional(),
  draft: z
    .object({
      nodes: z.array(workflowNodeSchema).max(WORKFLOW_LIMITS.nodesMax),
      edges: z.array(workflowEdgeSchema).max(WORKFLOW_LIMITS.edgesMax),
    })
    .superRefine((draft, context) => {
      for (const problem of graphProblems(draft.nodes, draft.edges))
        context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    })
    .optional(),
});
export type WorkflowTestBody = z.input<typeof workflowTestBodySchema>;

const workflowParams = z.object({ id: z.uuid({ error: 'not_found' }) });
/** A query value left empty (`?status=&page=`) is one not given. */
const orUnset = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema);
const executionQuery = z.object({
  status: orUnset(z.enum(EXECUTION_STATUSES).optional()),
  /** unix seconds: runs started at or after / before */
  from: orUnset(z.coerce.number().int().min(0).optional()),
  to: orUnset(z.coerce.number().int().min(0).optional()),
  page: orUnset(pageField),
  size: orUnset(pageSizeField),
});

export const workflowEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/workflows',
    query: z.object({
      page: pageField,
      size: pageSizeField,
      keyword: z.string().trim().max(100).optional(),
    }),
    response: z.array(workflowSummarySchema),
    paged: true,
    summary: "The organization's workflows, newest first, with their runs and failures",
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/workflows',
    body: workflowBodySchema,
    response: workflowSchema,
    summary: 'Create a workflow: one trigger node, steps, and edges (`branch` yes/no after a condition)',
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/workflows/:id',
    params: workflowParams,
    response: workflowSchema,
    summary: 'A workflow with its graph',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/workflows/:id',
    params: workflowParams,
    body: workflowBodySchema,
    response: workflowSchema,
    summary: 'Replace the definition: a new version (runs keep the version they started on)',
  }),
  setActive: endpoint({
    method: 'PUT',
    path: '/v1/workflows/:id/active',
    params: workflowParams,
    body: z.object({ active: z.boolean() }),
    response: workflowSchema,
    summary: 'Switch a workflow on or off (no new version)',
  }),
  duplicate: endpoint({
    method: 'POST',
    path: '/v1/workflows/:id/duplicate',
    params: workflowParams,
    response: workflowSchema,
    summary: 'A copy of the workflow, switched off',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/workflows/:id',
    params: workflowParams,
    response: messageResultSchema,
    summary: 'Delete a workflow; its waiting runs are cancelled',
  }),
  run: endpoint({
    method: 'POST',
    path: '/v1/workflows/:id/run',
    params: workflowParams,
    body: workflowRunBodySchema,
    response: z.object({ execution_ids: z.array(z.uuid()) }),
    summary: 'Run a workflow with a manual trigger for chosen customers',
  }),
  test: endpoint({
    method: 'POST',
    path: '/v1/workflows/:id/test',
    params: workflowParams,
    body: workflowTestBodySchema,
    response: executionDetailSchema,
    summary:
      'A test run on a customer (and conversation): sending steps are shown, not sent; the others say what they would do',
  }),
  executions: endpoint({
    method: 'GET',
    path: '/v1/workflows/:id/executions',
    params: workflowParams,
    query: executionQuery,
    response: z.array(executionSchema),
    paged: true,
    summary: "A workflow's runs, newest first",
  }),
};

const executionParams = z.object({ id: z.uuid({ error: 'not_found' }) });

export const workflowExecutionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/workflow-executions',
    query: executionQuery.extend({ workflow_id: z.uuid().optional() }),
    response: z.array(executionSchema),
    paged: true,
    summary: "The organization's workflow runs, newest first: by workflow, status and time",
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/workflow-executions/:id',
    params: executionParams,
    response: executionDetailSchema,
    summary: 'A run with each step: status, timing, input, output and error',
  }),
  retry: endpoint({
    method: 'POST',
    path: '/v1/workflow-executions/:id/retry',
    params: executionParams,
    response: executionSchema,
    summary: 'Run a failed run again from its failed step (a new attempt of that step)',
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/v1/workflow-executions/:id/cancel',
    params: executionParams,
    response: executionSchema,
    summary: 'Cancel a waiting or running run',
  }),
  scheduled: endpoint({
    method: 'GET',
    path: '/v1/workflow-schedules',
    response: z.array(scheduledRunSchema),
    summary: "The upcoming runs of the organization's active scheduled workflows, soonest first",
  }),
  cancelScheduled: endpoint({
    method: 'DELETE',
    path: '/v1/workflow-schedules/:id',
    params: executionParams,
    response: messageResultSchema,
    summary: 'Skip an upcoming scheduled run (a periodic workflow is scheduled at its next time)',
  }),
};

/** The public address a webhook trigger is called at: `POST` with `X-Workflow-Secret` and a JSON body. */
export const WORKFLOW_WEBHOOK_PATH = '/public/v1/workflows/:id/webhook';
export const WORKFLOW_WEBHOOK_SECRET_HEADER = 'x-workflow-secret';
