import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../../test/test-app.ts';
import { workspaces } from '../../../platform/identity/workspaces.tables.ts';
import { billingAccounts } from '../billing.tables.ts';
import { planBody, setSettings, subscribe } from '../test-helpers.ts';

let t: TestApp;
let writer: string;
beforeEach(async () => {
  t = await createTestApp();
  writer = await adminToken(['workspace_management_read', 'workspace_management_write']);
});
afterEach(() => t.close());

async function adminToken(permissions: string[]) {
  return loginAdmin(t, (await createAdmin(t, { permissions })).username);
}
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const organizations = async (query = '') =>
  json(await call('GET', `/v1/admin/billing/organizations${query}`, writer)) as {
    data: { id: string; name: string; balance_cents: number; plan_tag: string | null; status: string; comp: boolean }[];
    page: { total: number };
  };
const organization = async (id: string) => (await organizations()).data.find((row) => row.id === id)!;
const adjust = (id: string, body: object, token = writer) =>
  call('POST', `/v1/admin/billing/organizations/${id}/wallet-adjustment`, token, body);
const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;

describe("the operator's view of organizations", () => {
  it('lists every organization with its plan, status and balance, by keyword and page', async () => {
    const acme = await createOwner(t, 'Acme billing');
    await createOwner(t, 'Globex billing');
    const all = await organizations('?page=1&size=1');
    expect(all.data).toHaveLength(1);
    expect(all.page.total).toBe(2);
    const found = await organizations('?keyword=acme');
    expect(found.data).toEqual([
      expect.objectContaining({
        id: acme.workspaceId,
        name: 'Acme billing',
        plan_tag: null,
        status: 'not_subscribed',
        comp: false,
        balance_cents: 0,
      }),
    ]);
  });

  it('credits and debits a wallet with a reason, once per request id, refusing a debit beyond the balance', async () => {
    const { workspaceId, token } = await createOwner(t);
    const credit = { amount_cents: 1500, reason: 'goodwill', request_id: randomUUID() };
    expect(json(await adjust(workspaceId, credit)).data.balance_cents).toBe(1500);
    const replay = await adjust(workspaceId, credit);
    expect(replay.statusCode).toBe(200);
    expect(json(replay).data.balance_cents).toBe(1500);

    const short = await adjust(workspaceId, { amount_cents: -2000, reason: 'refund', request_id: randomUUID() });
    expect(short.statusCode).toBe(402);
    expect(json(short).details).toMatchObject({ missing_cents: 500 });
    expect((await organization(workspaceId)).balance_cents).toBe(1500);

    await adjust(workspaceId, { amount_cents: -500, reason: 'refund', request_id: randomUUID() });
    expect((await organization(workspaceId)).balance_cents).toBe(1000);

    const ledger = json(await t.app.inject({ method: 'GET', url: '/v1/wallet/transactions', headers: bearer(token) }));
    expect(ledger.data).toEqual([
      expect.objectContaining({ topic: 'adjustment', description: 'refund', type: 'withdrawal', amount_cents: 500 }),
      expect.objectContaining({ topic: 'adjustment', description: 'goodwill', type: 'deposit', amount_cents: 1500 }),
    ]);
    const root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    const log = json(await call('GET', '/v1/admin/audit-logs?size=100', root)).data as { action: string }[];
    expect(log.filter((entry) => entry.action === 'wallet.adjust')).toHaveLength(2);
  });

  it('refuses an adjustment without a reason or of zero', async () => {
    const { workspaceId } = await createOwner(t);
    expect((await adjust(workspaceId, { amount_cents: 100, reason: ' ', request_id: randomUUID() })).statusCode).toBe(
      400,
    );
    expect((await adjust(workspaceId, { amount_cents: 0, reason: 'x', request_id: randomUUID() })).statusCode).toBe(
      400,
    );
    expect((await organization(workspaceId)).balance_cents).toBe(0);
  });

  it('grants a plan without payment: the organization has it with billing on; and extends a trial', async () => {
    await setSettings(t, { 'billing.enabled': 'true' });
    const plan = await call('POST', '/v1/admin/subscription-plans', writer, planBody());
    expect(plan.statusCode, plan.body).toBe(200);
    const { workspaceId, token } = await createOwner(t);
    const until = inDays(30);
    const granted = await call('POST', `/v1/admin/billing/organizations/${workspaceId}/comp`, writer, {
      plan_tag: 'pro',
      until,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(json(granted).data).toMatchObject({ plan_tag: 'pro', status: 'active', comp: true, period_end: until });
    const current = json(
      await t.app.inject({ method: 'GET', url: '/v1/subscription/current', headers: bearer(token) }),
    ).data;
    expect(current).toMatchObject({ plan_tag: 'pro', billing_enabled: true, features: ['broadcast'] });

    const trialEnd = inDays(14);
    const trial = await call('POST', `/v1/admin/billing/organizations/${workspaceId}/trial`, writer, {
      trial_end: trialEnd,
    });
    expect(json(trial).data.trial_end).toBe(trialEnd);
    const past = await call('POST', `/v1/admin/billing/organizations/${workspaceId}/comp`, writer, {
      plan_tag: 'pro',
      until: inDays(-1),
    });
    expect(past.statusCode).toBe(400);
  });

  it('refuses to grant a plan over one the organization pays for through Stripe, changing nothing', async () => {
    await setSettings(t, { 'billing.enabled': 'true' });
    const pro = json(await call('POST', '/v1/admin/subscription-plans', writer, planBody())).data as { id: string };
    const DAY = 86_400_000;
    const state = async (workspaceId: string) =>
      t.database.withWorkspace(workspaceId, async (tx) => ({
        account: (await tx.select().from(billingAccounts).where(eq(billingAccounts.workspaceId, workspaceId)))[0],
        planTag: (await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0]!.planTag,
      }));
    const comp = (workspaceId: string) =>
      call('POST', `/v1/admin/billing/organizations/${workspaceId}/comp`, writer, {
        plan_tag: 'pro',
        until: inDays(60),
      });

    const paying = [
      { status: 'active' as const },
      { status: 'past_due' as const },
      { status: 'cancelled' as const, autoRenewal: false, periodEnd: new Date(Date.now() + 5 * DAY) },
    ];
    for (const account of paying) {
      const { workspaceId } = await createOwner(t);
      await subscribe(t, workspaceId, pro.id, { stripeSubscriptionId: `sub_${randomUUID()}`, ...account });
      const before = await state(workspaceId);
      const refused = await comp(workspaceId);
      expect(refused.statusCode, account.status).toBe(409);
      expect(json(refused).error).toBe(
        'this organization pays for a plan through Stripe: cancel its subscription before granting one',
      );
      expect(await state(workspaceId)).toEqual(before);
      expect((await organization(workspaceId)).comp).toBe(false);
    }

    // a Stripe subscription that has ended, a cancelled one past its period, an earlier comp: granted
    const ended = [
      { status: 'expired' as const, stripeSubscriptionId: `sub_${randomUUID()}` },
      {
        status: 'cancelled' as const,
        stripeSubscriptionId: `sub_${randomUUID()}`,
        periodEnd: new Date(Date.now() - DAY),
      },
      { status: 'active' as const, comp: true },
    ];
    for (const account of ended) {
      const { workspaceId } = await createOwner(t);
      await subscribe(t, workspaceId, pro.id, account);
      const granted = await comp(workspaceId);
      expect(granted.statusCode, granted.body).toBe(200);
      expect(json(granted).data).toMatchObject({ plan_tag: 'pro', status: 'active', comp: true });
    }
    const { workspaceId: fresh } = await createOwner(t);
    expect((await comp(fresh)).statusCode).toBe(200);

    const root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    const log = json(await call('GET', '/v1/admin/audit-logs?size=100', root)).data as { action: string }[];
    expect(log.filter((entry) => entry.action === 'subscription.comp')).toHaveLength(ended.length + 1);
  });

  it('refuses admins without workspace management and organization users, changing nothing', async () => {
    const { workspaceId, token } = await createOwner(t);
    const other = await adminToken(['user_management_read']);
    const reader = await adminToken(['workspace_management_read']);
    const body = { amount_cents: 1000, reason: 'x', request_id: randomUUID() };
    expect((await call('GET', '/v1/admin/billing/organizations', other)).statusCode).toBe(403);
    expect((await call('GET', '/v1/admin/billing/organizations', token)).statusCode).toBe(403);
    expect((await adjust(workspaceId, body, other)).statusCode).toBe(403);
    expect((await adjust(workspaceId, body, reader)).statusCode).toBe(403);
    expect((await adjust(workspaceId, body, token)).statusCode).toBe(403);
    const comp = { plan_tag: 'pro', until: inDays(3) };
    expect((await call('POST', `/v1/admin/billing/organizations/${workspaceId}/comp`, token, comp)).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', `/v1/admin/billing/organizations/${workspaceId}/trial`, reader, { trial_end: inDays(3) }))
        .statusCode,
    ).toBe(403);
    expect(await organization(workspaceId)).toMatchObject({ balance_cents: 0, plan_tag: null });
    expect((await adjust(randomUUID(), body)).statusCode).toBe(404);
  });
});
