import { z } from 'zod';

/** Workflow automation (issue 27, SPEC 3 and 4): the nodes of a workflow's graph, their data, and its problems. */
export const WORKFLOW_LIMITS = {
  nameMax: 100,
  descriptionMax: 1000,
  nodesMax: 100,
  edgesMax: 200,
  nodeIdMax: 64,
  textMax: 4096,
  keywordsMax: 50,
  keywordMax: 100,
  channelsMax: 100,
  headersMax: 20,
  headerValueMax: 2000,
  urlMax: 2000,
  httpBodyMax: 100_000,
  /** steps one execution runs before it is stopped (the loop guard's second half) */
  stepsPerRun: 100,
  /** the longest wait: 90 days */
  waitMaxSeconds: 90 * 24 * 3600,
  /** customers a manual run or a test run takes at once */
  manualCustomersMax: 1000,
  /** a webhook's JSON body */
  webhookBodyMaxBytes: 256 * 1024,
} as const;

/** What starts a workflow; each is the type of its one trigger node. */
export const WORKFLOW_TRIGGER_TYPES = [
  'trigger.message_received',
  'trigger.conversation_opened',
  'trigger.conversation_closed',
  'trigger.conversation_assigned',
  'trigger.customer_created',
  'trigger.customer_tag_added',
  'trigger.broadcast_reply',
  'trigger.webhook',
  'trigger.schedule',
  'trigger.manual',
] as const;
export type WorkflowTriggerType = (typeof WORKFLOW_TRIGGER_TYPES)[number];

export const WORKFLOW_ACTION_TYPES = [
  'action.send_message',
  'action.send_template',
  'action.send_email',
  'action.assign',
  'action.add_tag',
  'action.remove_tag',
  'action.update_field',
  'action.add_note',
  'action.close_conversation',
  'action.hand_to_ai',
  'action.http_request',
  'action.wait',
  'action.wait_for_reply',
  'condition',
] as const;
export type WorkflowActionType = (typeof WORKFLOW_ACTION_TYPES)[number];
export type WorkflowNodeType = WorkflowTriggerType | WorkflowActionType;

/** Steps whose edges carry a branch: `yes` and `no` (a condition; a wait for a reply: replied or timed out). */
export const BRANCHING_NODE_TYPES: readonly WorkflowNodeType[] = ['condition', 'action.wait_for_reply'];
/** Steps that reach the customer or the outside world: shown, not done, in a test run. */
export const SENDING_NODE_TYPES: readonly WorkflowNodeType[] = [
  'action.send_message',
  'action.send_template',
  'action.send_email',
  'action.http_request',
];

const text = (max: number = WORKFLOW_LIMITS.textMax) => z.string().trim().min(1).max(max);
const idList = (max: number) =>
  z
    .array(z.uuid())
    .max(max)
    .transform((ids) => [...new Set(ids)]);
const channelIds = idList(WORKFLOW_LIMITS.channelsMax).optional();

export const CONDITION_OPERATORS = [
  'contains',
  'not_contains',
  'equals',
  'not_equals',
  'is_empty',
  'is_not_empty',
  'greater_than',
  'less_than',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const HTTP_STEP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const scheduleData = z.union([
  z.strictObject({ at: z.number().int().min(0) }),
  z.strictObject({
    cron: z
      .string()
      .trim()
      .regex(/^(\S+\s+){4}\S+$/, { error: 'workflow_cron_invalid' }),
    /** run once for each customer carrying any of these tags; none: one run without a customer */
    tag_ids: idList(100).optional(),
  }),
]);

/**
 * The `data` of each node type. Variables (`{{customer.first_name}}`, `{{message.text}}`, `{{webhook.body.x}}`,
 * `{{steps.<node id>.<path>}}`) are allowed in texts; one that does not exist is left empty and shown in the log.
 */
export const WORKFLOW_NODE_DATA = {
  'trigger.message_received': z.object({
    channel_ids: channelIds,
    /** case-insensitive "contains"; none: every inbound message */
    keywords: z
      .array(z.string().trim().min(1).max(WORKFLOW_LIMITS.keywordMax))
      .max(WORKFLOW_LIMITS.keywordsMax)
      .optional(),
  }),
  'trigger.conversation_opened': z.object({ channel_ids: channelIds }),
  'trigger.conversation_closed': z.object({ channel_ids: channelIds }),
  'trigger.conversation_assigned': z.object({ channel_ids: channelIds }),
  'trigger.customer_created': z.object({}),
  'trigger.customer_tag_added': z.object({ tag_id: z.uuid() }),
  /** a customer answered a broadcast (of one, or of any) */
  'trigger.broadcast_reply': z.object({ broadcast_id: z.uuid().nullable().optional() }),
  'trigger.webhook': z.object({}),
  'trigger.schedule': scheduleData,
  'trigger.manual': z.object({}),
  'action.send_message': z.object({ text: text() }),
  'action.send_template': z.object({
    template_id: z.uuid(),
    /** the template's parameter values by key, variables allowed */
    parameters: z.record(z.string().max(100), z.string().max(1024)).optional(),
  }),
  'action.send_email': z.object({
    email_template_id: z.uuid(),
    /** recipients besides the template's, variables allowed; none and no template recipients: the customer's e-mail */
    to: z.string().trim().max(1000).optional(),
  }),
  'action.assign': z
    .object({
      member_id: z.uuid().nullable().optional(),
      team_id: z.uuid().nullable().optional(),
      all_teams: z.boolean().optional(),
    })
    .refine((data) => Boolean(data.member_id || data.team_id || data.all_teams), {
      error: 'workflow_assign_target_required',
    }),
  'action.add_tag': z.object({ tag_id: z.uuid() }),
  'action.remove_tag': z.object({ tag_id: z.uuid() }),
  'action.update_field': z.object({
    /** a customer field (`company`, `city`, …) or a custom field (`custom_fields.<key>`) */
    field: z.string().trim().min(1).max(60),
    value: z.string().max(WORKFLOW_LIMITS.textMax),
  }),
  'action.add_note': z.object({ text: text() }),
  'action.close_conversation': z.object({}),
  /** the conversation's channel's AI agent answers it again */
  'action.hand_to_ai': z.object({}),
  'action.http_request': z.object({
    method: z.enum(HTTP_STEP_METHODS),
    url: z.string().trim().min(1).max(WORKFLOW_LIMITS.urlMax),
    headers: z
      .record(z.string().trim().min(1).max(100), z.string().max(WORKFLOW_LIMITS.headerValueMax))
      .refine((headers) => Object.keys(headers).length <= WORKFLOW_LIMITS.headersMax)
      .optional(),
    body: z.string().max(WORKFLOW_LIMITS.httpBodyMax).optional(),
  }),
  'action.wait': z.object({ seconds: z.number().int().min(1).max(WORKFLOW_LIMITS.waitMaxSeconds) }),
  /** `yes`: the customer wrote within the time; `no`: they did not */
  'action.wait_for_reply': z.object({
    timeout_seconds: z.number().int().min(1).max(WORKFLOW_LIMITS.waitMaxSeconds),
  }),
  condition: z.object({
    /**
     * `message.text`, `customer.<field>` (`customer.custom_fields.<key>`, `customer.tags`: tag ids), `time.hour`
     * (0-23) or `time.weekday` (1 Monday … 7 Sunday) in the organization's time zone, `webhook.<path>`, or a previous
     * step's output `steps.<node id>.<path>`
     */
    field: z.string().trim().min(1).max(200),
    operator: z.enum(CONDITION_OPERATORS),
    value: z.string().max(1000).optional(),
  }),
} satisfies Record<WorkflowNodeType, z.ZodType>;

export const WORKFLOW_NODE_TYPES = Object.keys(WORKFLOW_NODE_DATA) as WorkflowNodeType[];
export type WorkflowNodeData<T extends WorkflowNodeType> = z.output<(typeof WORKFLOW_NODE_DATA)[T]>;
export const isTriggerType = (type: string): type is WorkflowTriggerType => type.startsWith('trigger.');

const nodeIdField = z
  .string()
  .trim()
  .min(1)
  .max(WORKFLOW_LIMITS.nodeIdMax)
  .regex(/^[\w-]+$/);

export const workflowNodeSchema = z.object({
  id: nodeIdField,
  type: z.string().max(60),
  data: z.record(z.string(), z.unknown()).default({}),
  /** where the builder draws it; the server keeps it and never reads it */
  position: z.object({ x: z.number().finite(), y: z.number().finite() }).optional(),
});
export type WorkflowNode = z.output<typeof workflowNodeSchema>;

export const workflowEdgeSchema = z.object({
  source: nodeIdField,
  target: nodeIdField,
  branch: z.enum(['yes', 'no']).optional(),
});
export type WorkflowEdge = z.output<typeof workflowEdgeSchema>;

/** One thing wrong with a graph: the node (or edge, `source->target`) at fault and the catalogue key. */
export interface GraphProblem {
  path: (string | number)[];
  message: string;
}

/**
 * What is wrong with a workflow's graph, each problem naming the node at fault: not exactly one trigger, a node of
 * unknown type or invalid data, an id used twice, an edge to nowhere or into the trigger, a branch missing or out
 * of place, a loop. Shared by the server (400) and the builder (marks on the nodes).
 */
export function graphProblems(nodes: WorkflowNode[], edges: WorkflowEdge[]): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const byId = new Map<string, WorkflowNode>();
  for (const node of nodes) {
    if (byId.has(node.id)) problems.push({ path: ['nodes', node.id], message: 'workflow_node_id_twice' });
    byId.set(node.id, node);
  }
  const triggers = nodes.filter((node) => isTriggerType(node.type));
  if (triggers.length === 0) problems.push({ path: ['nodes'], message: 'workflow_trigger_missing' });
  for (const extra of triggers.slice(1))
    problems.push({ path: ['nodes', extra.id], message: 'workflow_trigger_twice' });
  for (const node of nodes) {
    const schema = WORKFLOW_NODE_DATA[node.type as WorkflowNodeType];
    if (!schema) {
      problems.push({ path: ['nodes', node.id, 'type'], message: 'workflow_node_type_unknown' });
      continue;
    }
    const parsed = schema.safeParse(node.data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({ path: ['nodes', node.id, 'data', ...issue.path.map(String)], message: issue.message });
    }
  }
  for (const edge of edges) {
    const name = `${edge.source}->${edge.target}`;
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) {
      problems.push({ path: ['edges', name], message: 'workflow_edge_dangling' });
      continue;
    }
    if (isTriggerType(target.type)) problems.push({ path: ['edges', name], message: 'workflow_edge_into_trigger' });
    const branching = BRANCHING_NODE_TYPES.includes(source.type as WorkflowNodeType);
    if (branching !== Boolean(edge.branch))
      problems.push({ path: ['nodes', source.id], message: 'workflow_branch_required' });
  }
  const cycleAt = firstCycleNode(nodes, edges);
  if (cycleAt) problems.push({ path: ['nodes', cycleAt], message: 'workflow_cycle' });
  return problems;
}

/** A node on a loop of the graph, or null (depth-first search, colours white/grey/black). */
function firstCycleNode(nodes: WorkflowNode[], edges: WorkflowEdge[]): string | null {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
  const state = new Map<string, 1 | 2>();
  for (const start of nodes) {
    if (state.has(start.id)) continue;
    const stack: [string, number][] = [[start.id, 0]];
    state.set(start.id, 1);
    while (stack.length) {
      const top = stack.at(-1)!;
      const [id, index] = top;
      const targets = next.get(id) ?? [];
      if (index >= targets.length) {
        state.set(id, 2);
        stack.pop();
        continue;
      }
      top[1] += 1;
      const target = targets[index]!;
      if (state.get(target) === 1) return target;
      if (!state.has(target)) {
        state.set(target, 1);
        stack.push([target, 0]);
      }
    }
  }
  return null;
}
