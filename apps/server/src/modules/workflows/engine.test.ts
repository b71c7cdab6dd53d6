import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import type { AppContext } from '../../context.ts';
import { startRuns } from './engine/start.ts';
import { PATH, workflowBody, workflowsSetup } from './test-helpers.ts';
import { workflows, workflowVersions } from './workflows.tables.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('the engine', () => {
  it('starts a workflow once for a trigger delivered twice (its trigger key)', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(
      workflowBody(
        [
          { id: 'hand', type: 'trigger.manual' },
          { id: 'check', type: 'condition', data: { field: 'message.text', operator: 'is_empty' } },
        ],
        [{ source: 'hand', target: 'check' }],
      ),
    );
    const start = {
      workflowId: workflow.id,
      version: 1,
      triggerType: 'trigger.manual',
      triggerKey: 'event:one-delivery',
      customerId: null,
      conversationId: null,
      context: {},
    };
    const ctx = { jobs: t.app.jobs } as unknown as AppContext;
    const first = await t.database.withWorkspace(s.owner.workspaceId, (tx) =>
      startRuns(ctx, tx, s.owner.workspaceId, [start]),
    );
    const again = await t.database.withWorkspace(s.owner.workspaceId, (tx) =>
      startRuns(ctx, tx, s.owner.workspaceId, [start]),
    );
    expect(first).toHaveLength(1);
    expect(again).toEqual([]);
    await t.app.jobs.drain();
    expect(await s.runs(workflow.id)).toHaveLength(1);
  });

  it('stops a run after 100 steps, recording why', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(
      workflowBody(
        [
          { id: 'hand', type: 'trigger.manual' },
          { id: 'c0', type: 'condition', data: { field: 'message.text', operator: 'is_empty' } },
        ],
        [{ source: 'hand', target: 'c0' }],
      ),
    );
    // a graph longer than a save allows (100 nodes), written past the checks to prove the guard
    const chain = Array.from({ length: 120 }, (_, n) => ({
      id: `c${n}`,
      type: 'condition',
      data: { field: 'message.text', operator: 'is_empty' },
    }));
    const edges = [
      { source: 'hand', target: 'c0' },
      ...chain.slice(1).map((node, n) => ({ source: `c${n}`, target: node.id, branch: 'yes' as const })),
    ];
    await t.database.withWorkspace(s.owner.workspaceId, async (tx) => {
      await tx
        .update(workflowVersions)
        .set({ nodes: [{ id: 'hand', type: 'trigger.manual', data: {} }, ...chain], edges })
        .where(eq(workflowVersions.workflowId, workflow.id));
      await tx.update(workflows).set({ active: true }).where(eq(workflows.id, workflow.id));
    });
    const customer = json(await s.r.post('/v1/customers', s.owner.token, { first_name: 'A', last_name: 'B' })).data;
    await s.r.post(`${PATH}/${workflow.id}/run`, s.owner.token, { customer_ids: [customer.id] });
    await t.app.jobs.drain();
    const [run] = await s.runs(workflow.id);
    const detail = await s.run(run!.id);
    expect(detail.status).toBe('failed');
    expect(detail.error).toBe('workflow execution failed: it stopped after 100 steps');
    expect(detail.steps).toHaveLength(100);
  });
});
