import { PLAN_FEATURES } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { workspaces } from '../../platform/identity/workspaces.tables.ts';
import { channels } from '../channels/channels.tables.ts';
import { planBody, setSettings, subscribe } from './test-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
async function createPlan(overrides: Record<string, unknown> = {}) {
  const admin = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/admin/subscription-plans',
    headers: bearer(admin),
    payload: planBody(overrides),
  });
  return json(response).data as { id: string; tag: string };
}
const invite = (token: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/workspace/members/invite',
    headers: bearer(token),
    payload: { email, role: 'member' },
  });

describe('the plan gate on broadcasts', () => {
  it('lets every organization use broadcasts while billing is off', async () => {
    const owner = await createOwner(t);
    expect((await get('/v1/broadcasts', owner.token)).statusCode).toBe(200);
  });

  it('asks to upgrade, with billing on, unless the plan in force has broadcasts', async () => {
    await setSettings(t, { 'billing.enabled': 'true' });
    const withFeature = await createPlan({ tag: 'pro', features: ['broadcast'] });
    const without = await createPlan({ tag: 'basic', features: ['workflow'] });
    const none = await createOwner(t);
    const basic = await createOwner(t);
    const pro = await createOwner(t);
    const lapsed = await createOwner(t);
    const cancelled = await createOwner(t);
    await subscribe(t, basic.workspaceId, without.id);
    await subscribe(t, pro.workspaceId, withFeature.id);
    await subscribe(t, lapsed.workspaceId, withFeature.id, { status: 'expired' });
    await subscribe(t, cancelled.workspaceId, withFeature.id, { status: 'cancelled', autoRenewal: false });

    for (const refused of [none, basic, lapsed]) {
      for (const url of ['/v1/broadcasts', `/v1/broadcasts/${crypto.randomUUID()}`]) {
        const response = await get(url, refused.token);
        expect(response.statusCode).toBe(403);
        expect(json(response).error).toBe('please upgrade your plan');
      }
      const paused = await t.app.inject({
        method: 'POST',
        url: `/v1/broadcasts/${crypto.randomUUID()}/pause`,
        headers: bearer(refused.token),
      });
      expect(json(paused).error).toBe('please upgrade your plan');
    }
    expect((await get('/v1/broadcasts', pro.token)).statusCode).toBe(200);
    expect((await get('/v1/broadcasts', cancelled.token)).statusCode).toBe(200);
    // a member without broadcast_read is refused by the permission first, whatever the plan
    const viewer = await joinAs(t, pro.workspaceId, 'member');
    const forbidden = await get('/v1/broadcasts', viewer.token);
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden).error).not.toBe('please upgrade your plan');
  });
});

describe('the current subscription', () => {
  it('is not subscribed with every feature while billing is off', async () => {
    const owner = await createOwner(t);
    expect(json(await get('/v1/subscription/current', owner.token)).data).toEqual({
      plan_tag: null,
      plan_name: null,
      status: 'not_subscribed',
      billing_cycle: null,
      start: null,
      end: null,
      next_billing_date: null,
      trial_end: null,
      auto_renewal: false,
      paid_price_cents: null,
      currency: null,
      next_plan_tag: null,
      billing_enabled: false,
      features: [...PLAN_FEATURES],
    });
  });

  it("answers the organization's own plan, period and scheduled downgrade, only to its members", async () => {
    await setSettings(t, { 'billing.enabled': 'true' });
    const pro = await createPlan({ tag: 'pro', features: ['broadcast', 'workflow'] });
    const basic = await createPlan({ tag: 'basic', features: [] });
    const owner = await createOwner(t);
    const other = await createOwner(t);
    const account = await subscribe(t, owner.workspaceId, pro.id, { nextPlanId: basic.id });
    const viewer = await joinAs(t, owner.workspaceId, 'viewer');
    for (const token of [owner.token, viewer.token]) {
      expect(json(await get('/v1/subscription/current', token)).data).toMatchObject({
        plan_tag: 'pro',
        plan_name: 'Pro',
        status: 'active',
        billing_cycle: 'monthly',
        start: Math.floor(account.periodStart!.getTime() / 1000),
        end: Math.floor(account.periodEnd!.getTime() / 1000),
        next_billing_date: Math.floor(account.periodEnd!.getTime() / 1000),
        auto_renewal: true,
        paid_price_cents: 2900,
        currency: 'usd',
        next_plan_tag: 'basic',
        billing_enabled: true,
        features: ['broadcast', 'workflow'],
      });
    }
    expect(json(await get('/v1/subscription/current', other.token)).data).toMatchObject({
      plan_tag: null,
      status: 'not_subscribed',
      features: [],
    });
  });

  it('reports a cancelled subscription whose period ended as expired, without its plan', async () => {
    await setSettings(t, { 'billing.enabled': 'true' });
    const pro = await createPlan();
    const owner = await createOwner(t);
    await subscribe(t, owner.workspaceId, pro.id, {
      status: 'cancelled',
      autoRenewal: false,
      periodEnd: new Date(Date.now() - 1000),
    });
    expect(json(await get('/v1/subscription/current', owner.token)).data).toMatchObject({
      plan_tag: null,
      status: 'expired',
      features: [],
    });
  });
});

describe('plan limits', () => {
  it("takes the member limit from the plan with billing on, and the organization's own with it off", async () => {
    const plan = await createPlan({ member_limit: 2 });
    const owner = await createOwner(t);
    await subscribe(t, owner.workspaceId, plan.id);
    expect((await invite(owner.token, 'one@example.com')).statusCode).toBe(200);
    expect((await invite(owner.token, 'two@example.com')).statusCode).toBe(200);

    await setSettings(t, { 'billing.enabled': 'true' });
    const refused = await invite(owner.token, 'three@example.com');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error).toBe('this organization has no free seats left (2)');
  });

  it("holds the plan's channel limit with billing on, storing nothing past it, and the organization's own with it off", async () => {
    await setSettings(t, { 'billing.enabled': 'true' });
    const plan = await createPlan({ channel_limit: 1 });
    const owner = await createOwner(t);
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.update(workspaces).set({ channelLimit: 3 }).where(eq(workspaces.id, owner.workspaceId)),
    );
    await subscribe(t, owner.workspaceId, plan.id);
    const connect = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/channels',
        headers: bearer(owner.token),
        payload: { type: 'webchat', name },
      });
    const names = async () =>
      (await t.database.withWorkspace(owner.workspaceId, (tx) => tx.select().from(channels)))
        .map((row) => row.name)
        .sort();

    expect((await connect('One')).statusCode).toBe(200);
    const second = await connect('Two');
    expect(second.statusCode).toBe(409);
    expect(json(second).error).toBe('this organization can connect at most 1 channels');
    expect(await names()).toEqual(['One']);

    await setSettings(t, { 'billing.enabled': 'false' });
    expect((await connect('Two')).statusCode).toBe(200);
    expect((await connect('Three')).statusCode).toBe(200);
    const fourth = await connect('Four');
    expect(fourth.statusCode).toBe(409);
    expect(json(fourth).error).toBe('this organization can connect at most 3 channels');
    expect(await names()).toEqual(['One', 'Three', 'Two']);
  });

  it('lets an organization on an unlimited plan invite past its own member limit', async () => {
    await setSettings(t, { 'billing.enabled': 'true', 'defaults.workspace.member_limit': '1' });
    const plan = await createPlan({ member_limit: null });
    const owner = await createOwner(t);
    expect((await invite(owner.token, 'one@example.com')).statusCode).toBe(403);
    await subscribe(t, owner.workspaceId, plan.id);
    expect((await invite(owner.token, 'one@example.com')).statusCode).toBe(200);
  });
});
