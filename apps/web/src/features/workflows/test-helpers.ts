import type { Execution, ExecutionDetail, Workflow, WorkflowSummary } from '@omnichat/contracts';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';

export const WORKFLOWS = '/v1/workflows';
export const EXECUTIONS = '/v1/workflow-executions';
export const SCHEDULES = '/v1/workflow-schedules';

export const paged = (items: unknown[]) => ({
  status: 200,
  body: { success: true, data: items, page: { page: 1, size: 10, total: items.length, total_pages: 1 } },
});

export const workflowFixture = (extra: Partial<Workflow> = {}): Workflow => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  name: 'Welcome',
  description: null,
  active: false,
  version: 1,
  trigger_type: 'trigger.conversation_opened',
  nodes: [
    { id: 'trigger', type: 'trigger.conversation_opened', data: {}, position: { x: 0, y: 0 } },
    { id: 'welcome', type: 'action.send_message', data: { text: 'Hi' }, position: { x: 0, y: 140 } },
  ],
  edges: [{ source: 'trigger', target: 'welcome' }],
  webhook: null,
  broken: [],
  next_run_at: null,
  last_run_at: null,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  ...extra,
});

export const summaryFixture = (extra: Partial<WorkflowSummary> = {}): WorkflowSummary => {
  const { nodes: _nodes, edges: _edges, broken: _broken, ...rest } = workflowFixture();
  return { ...rest, runs: 3, failures: 1, ...extra };
};

export const executionFixture = (extra: Partial<Execution> = {}): Execution => ({
  id: 'b0000000-0000-4000-8000-000000000001',
  workflow_id: workflowFixture().id,
  workflow_name: 'Welcome',
  version: 1,
  status: 'succeeded',
  test: false,
  trigger_type: 'trigger.conversation_opened',
  started_at: 1_700_000_000,
  finished_at: 1_700_000_002,
  customer_id: null,
  customer_name: 'Ann Lee',
  conversation_id: null,
  error: null,
  current_node_id: null,
  waiting_until: null,
  ...extra,
});

export const detailFixture = (extra: Partial<ExecutionDetail> = {}): ExecutionDetail => ({
  ...executionFixture(),
  nodes: workflowFixture().nodes,
  edges: workflowFixture().edges,
  steps: [
    {
      node_id: 'trigger',
      type: 'trigger.conversation_opened',
      status: 'succeeded',
      attempt: 1,
      started_at: 1_700_000_000,
      finished_at: 1_700_000_000,
    },
    {
      node_id: 'welcome',
      type: 'action.send_message',
      status: 'succeeded',
      attempt: 1,
      started_at: 1_700_000_001,
      finished_at: 1_700_000_002,
      output: { sent: true },
    },
  ],
  ...extra,
});

/** An owner signed in to the first organization. */
export function setup(extra: Parameters<typeof stubFetch>[0] = {}) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf({ ...WORKSPACES[0]!, role: 'owner' }));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/channels': [ok([])],
    'GET /v1/customer-tags': [ok([])],
    ...extra,
  });
}

/**
 * What React Flow measures, which jsdom does not do: element sizes and DOMMatrix (only for canvas tests). Returns
 * what puts them back: test files share one module graph and window, other tests must not see these sizes.
 */
export function stubCanvasDom() {
  class DOMMatrixReadOnlyStub {
    m22: number;
    constructor(transform?: string) {
      const scale = transform?.match(/scale\(([1-9.])\)/)?.[1];
      this.m22 = scale !== undefined ? Number(scale) : 1;
    }
  }
  const globals = globalThis as unknown as Record<string, unknown>;
  const hadMatrix = 'DOMMatrixReadOnly' in globals;
  const matrix = globals.DOMMatrixReadOnly;
  globals.DOMMatrixReadOnly = DOMMatrixReadOnlyStub;
  const sizes = ['offsetHeight', 'offsetWidth'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  );
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: { configurable: true, get: () => 100 },
    offsetWidth: { configurable: true, get: () => 200 },
  });
  return () => {
    if (hadMatrix) globals.DOMMatrixReadOnly = matrix;
    else delete globals.DOMMatrixReadOnly;
    for (const [name, descriptor] of sizes)
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  };
}
