import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../../test/test-app.ts';
import { billingAccounts, stripeEvents } from '../billing.tables.ts';
import { planBody } from '../test-helpers.ts';

let t: TestApp;
let writer: string;
beforeEach(async () => {
  t = await createTestApp();
  writer = await adminToken(['workspace_management_read', 'workspace_management_write', 'subscription_history_read']);
});
afterEach(() => t.close());

async function adminToken(permissions: string[]) {
  return loginAdmin(t, (await createAdmin(t, { permissions })).username);
}
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const history = (id: string, token = writer) => call('GET', `/v1/admin/billing/organizations/${id}/history`, token);
const now = () => Math.floor(Date.now() / 1000);

/** A Stripe event as the webhook stores it, applied (or not) for a customer. */
const storeEvent = (id: string, type: string, customer: string, created: number, object: object, applied = true) =>
  t.database.db.insert(stripeEvents).values({
    id,
    type,
    created,
    payload: { id, type, created, data: { object: { customer, ...object } } },
    appliedAt: applied ? new Date() : null,
  });

describe("an organization's subscription history", () => {
  it("lists the operators' comp and the customer's applied Stripe events, newest first", async () => {
    const { workspaceId } = await createOwner(t);
    const plan = planBody({ tag: 'pro-history' });
    expect((await call('POST', '/v1/admin/subscription-plans', writer, plan)).statusCode).toBe(200);
    const until = now() + 30 * 86_400;
    const comp = await call('POST', `/v1/admin/billing/organizations/${workspaceId}/comp`, writer, {
      plan_tag: 'pro-history',
      until,
    });
    expect(comp.statusCode).toBe(200);
    await t.database.withWorkspace(workspaceId, (tx) =>
      tx
        .update(billingAccounts)
        .set({ stripeCustomerId: 'cus_history' })
        .where(eq(billingAccounts.workspaceId, workspaceId)),
    );
    await storeEvent('evt_paid', 'invoice.paid', 'cus_history', now() - 86_400, { amount_paid: 2900, status: 'paid' });
    await storeEvent('evt_waiting', 'invoice.paid', 'cus_history', now() - 3600, { amount_paid: 100 }, false);
    await storeEvent('evt_other', 'invoice.paid', 'cus_someone_else', now() - 60, { amount_paid: 500 });
    await storeEvent('evt_topup', 'payment_intent.succeeded', 'cus_history', now() - 60, { amount: 700 });

    const response = await history(workspaceId);
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body.data).toEqual([
      expect.objectContaining({ kind: 'subscription.comp', plan_tag: 'pro-history', status: 'active' }),
      expect.objectContaining({ kind: 'invoice.paid', amount_cents: 2900, status: 'paid', actor: null }),
    ]);
    expect(body.data[0].actor).toEqual(expect.any(String));
    expect(body.data[0].at).toBeGreaterThan(body.data[1].at);
    expect(body.page.total).toBe(2);
  });

  it('refuses an admin without subscription_history_read and an organization user', async () => {
    const { workspaceId, token } = await createOwner(t);
    const reader = await adminToken(['workspace_management_read', 'workspace_management_write']);
    expect((await history(workspaceId, reader)).statusCode).toBe(403);
    expect([401, 403]).toContain((await history(workspaceId, token)).statusCode);
  });

  it('answers 404 for an organization that does not exist', async () => {
    expect((await history('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
