import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../test/fakes/stripe-api.ts';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { subscriptionPlans } from './billing.tables.ts';
import { planBody, STRIPE_KEY, setSettings, subscribe } from './test-helpers.ts';

let fake: FakeStripe;
let t: TestApp;
let writer: string;
beforeAll(async () => {
  fake = await startFakeStripe({ keys: [STRIPE_KEY] });
});
afterAll(() => fake.close());
beforeEach(async () => {
  t = await createTestApp({ STRIPE_API_URL: fake.url });
  writer = await adminToken(['workspace_management_read', 'workspace_management_write']);
});
afterEach(() => t.close());

async function adminToken(permissions: string[]) {
  return loginAdmin(t, (await createAdmin(t, { permissions })).username);
}
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const storedPlans = () => t.database.db.select().from(subscriptionPlans);
const createPlan = async (overrides: Record<string, unknown> = {}) => {
  const response = await call('POST', '/v1/admin/subscription-plans', writer, planBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
};
const stripeCalls = (method: string, path: RegExp) =>
  fake.requests.filter((request) => request.method === method && path.test(request.path));

describe('subscription plans without Stripe', () => {
  it('creates, lists, updates and deletes a plan, keeping the multiplier in thousandths', async () => {
    const plan = await createPlan();
    expect(plan).toMatchObject({
      tag: 'pro',
      wallet_multiplier: 1.1,
      discounted_yearly_price_cents: 24000,
      hidden: false,
      subscriber_count: 0,
      stripe_product_id: null,
      features: ['broadcast'],
    });
    expect((await storedPlans())[0]).toMatchObject({ walletMultiplierMilli: 1100, stripeMonthlyPriceId: null });

    const updated = json(
      await call('PUT', `/v1/admin/subscription-plans/${plan.id}`, writer, planBody({ name: 'Pro+', hidden: true })),
    ).data;
    expect(updated).toMatchObject({ id: plan.id, name: 'Pro+', hidden: true });
    expect(json(await call('GET', '/v1/admin/subscription-plans', writer)).data).toEqual([updated]);

    expect(json(await call('DELETE', `/v1/admin/subscription-plans/${plan.id}`, writer)).data).toEqual({ id: plan.id });
    expect(await storedPlans()).toEqual([]);
    expect((await call('DELETE', `/v1/admin/subscription-plans/${plan.id}`, writer)).statusCode).toBe(404);
  });

  it('records who created, changed and deleted a plan in the platform audit log', async () => {
    const plan = await createPlan();
    await call('PUT', `/v1/admin/subscription-plans/${plan.id}`, writer, planBody({ monthly_price_cents: 3900 }));
    await call('DELETE', `/v1/admin/subscription-plans/${plan.id}`, writer);
    const root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    const log = json(await call('GET', '/v1/admin/audit-logs?size=100', root));
    const actions = (log.data as { action: string }[]).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['subscription_plan.create', 'subscription_plan.update', 'subscription_plan.delete']),
    );
  });

  it('refuses a tag another plan has, and bad input, changing nothing', async () => {
    const plan = await createPlan();
    const clash = await call('POST', '/v1/admin/subscription-plans', writer, planBody({ name: 'Other' }));
    expect(clash.statusCode).toBe(409);
    expect(json(clash).error).toBe('a plan with the tag "pro" already exists');
    const other = await createPlan({ tag: 'basic', name: 'Basic' });
    const renamed = await call('PUT', `/v1/admin/subscription-plans/${other.id}`, writer, planBody({ tag: 'pro' }));
    expect(renamed.statusCode).toBe(409);

    for (const bad of [
      { tag: 'x'.repeat(50) },
      { tag: 'Has Spaces' },
      { currency: 'dollars!' },
      { monthly_price_cents: 10.5 },
      { monthly_price_cents: -1 },
      { wallet_multiplier: 0.5 },
      { features: ['teleport'] },
    ]) {
      const response = await call('POST', '/v1/admin/subscription-plans', writer, planBody({ tag: 'new', ...bad }));
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await storedPlans()).map((row) => row.tag).sort()).toEqual(['basic', 'pro']);
    expect((await storedPlans()).find((row) => row.id === plan.id)?.name).toBe('Pro');
  });

  it('refuses to delete a plan an organization is on or moving to; hiding it works', async () => {
    const current = await createPlan();
    const next = await createPlan({ tag: 'basic', name: 'Basic' });
    const owner = await createOwner(t);
    await subscribe(t, owner.workspaceId, current.id, { nextPlanId: next.id });
    for (const plan of [current, next]) {
      const refused = await call('DELETE', `/v1/admin/subscription-plans/${plan.id}`, writer);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).error).toBe('this plan has subscribers and cannot be deleted: hide it instead');
    }
    expect(await storedPlans()).toHaveLength(2);
    const listed = json(await call('GET', '/v1/admin/subscription-plans', writer)).data;
    expect(listed.map((plan: { subscriber_count: number }) => plan.subscriber_count)).toEqual([1, 1]);
    const hidden = await call('PUT', `/v1/admin/subscription-plans/${current.id}`, writer, planBody({ hidden: true }));
    expect(json(hidden).data).toMatchObject({ hidden: true, subscriber_count: 1 });
  });

  it('refuses admins without the permission and organization users, changing nothing', async () => {
    const plan = await createPlan();
    const reader = await adminToken(['workspace_management_read']);
    const unrelated = await adminToken(['user_management_read', 'user_management_write']);
    const owner = await createOwner(t);
    expect((await call('GET', '/v1/admin/subscription-plans', reader)).statusCode).toBe(200);
    for (const token of [reader, unrelated, owner.token]) {
      expect((await call('POST', '/v1/admin/subscription-plans', token, planBody({ tag: 'x' }))).statusCode).toBe(403);
      const put = await call('PUT', `/v1/admin/subscription-plans/${plan.id}`, token, planBody({ name: 'Hacked' }));
      expect(put.statusCode).toBe(403);
      expect((await call('DELETE', `/v1/admin/subscription-plans/${plan.id}`, token)).statusCode).toBe(403);
    }
    for (const token of [unrelated, owner.token])
      expect((await call('GET', '/v1/admin/subscription-plans', token)).statusCode).toBe(403);
    expect((await call('GET', '/v1/admin/subscription-plans')).statusCode).toBe(401);
    expect((await storedPlans()).map((row) => [row.tag, row.name])).toEqual([['pro', 'Pro']]);
  });

  it('offers the visible plans to anyone, cheapest first, without secrets', async () => {
    await createPlan({ tag: 'business', name: 'Business', monthly_price_cents: 9900 });
    await createPlan({
      tag: 'starter',
      name: 'Starter',
      monthly_price_cents: 5000,
      discounted_monthly_price_cents: 900,
    });
    await createPlan({ tag: 'legacy', name: 'Legacy', monthly_price_cents: 100, hidden: true });
    await createPlan();
    const response = await call('GET', '/public/v1/subscription-plans');
    expect(response.statusCode).toBe(200);
    const plans = json(response).data as Record<string, unknown>[];
    expect(plans.map((plan) => plan.tag)).toEqual(['starter', 'pro', 'business']);
    for (const plan of plans) {
      expect(Object.keys(plan)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/stripe|hidden|subscriber|created/)]),
      );
    }
    expect(plans[1]).toMatchObject({ popular: true, member_limit: 5, features: ['broadcast'], wallet_multiplier: 1.1 });
  });
});

describe('subscription plans kept in Stripe', () => {
  beforeEach(() => setSettings(t, { 'stripe.secret_key': STRIPE_KEY }));

  it('creates the Product and a Price per cycle at the charged price, and stores their ids', async () => {
    const plan = await createPlan();
    const [row] = await storedPlans();
    expect(plan.stripe_product_id).toBe(row!.stripeProductId);
    const product = fake.object(row!.stripeProductId!)!;
    expect(product).toMatchObject({ name: 'Pro', metadata: { tag: 'pro' } });
    expect(fake.object(row!.stripeMonthlyPriceId!)).toMatchObject({
      product: row!.stripeProductId,
      unit_amount: 2900,
      currency: 'usd',
      active: true,
      recurring: expect.objectContaining({ interval: 'month' }),
    });
    expect(fake.object(row!.stripeYearlyPriceId!)).toMatchObject({
      unit_amount: 24000,
      recurring: expect.objectContaining({ interval: 'year' }),
    });
  });

  it('makes new Prices for a changed charge and deactivates the old, keeping an unchanged one', async () => {
    const plan = await createPlan();
    const [before] = await storedPlans();
    const updated = await call(
      'PUT',
      `/v1/admin/subscription-plans/${plan.id}`,
      writer,
      planBody({ name: 'Professional', discounted_monthly_price_cents: 1900 }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const [after] = await storedPlans();
    expect(after!.stripeProductId).toBe(before!.stripeProductId);
    expect(fake.object(after!.stripeProductId!)).toMatchObject({ name: 'Professional' });
    expect(after!.stripeMonthlyPriceId).not.toBe(before!.stripeMonthlyPriceId);
    expect(fake.object(after!.stripeMonthlyPriceId!)).toMatchObject({ unit_amount: 1900, active: true });
    expect(fake.object(before!.stripeMonthlyPriceId!)).toMatchObject({ active: false });
    expect(after!.stripeYearlyPriceId).toBe(before!.stripeYearlyPriceId);
    expect(fake.object(after!.stripeYearlyPriceId!)).toMatchObject({ active: true });
  });

  it('answers Stripe’s message and stores nothing when Stripe refuses', async () => {
    fake.failNext({ method: 'POST', path: '/v1/prices' }, { status: 400, message: 'Invalid currency: xyz' });
    const refused = await call('POST', '/v1/admin/subscription-plans', writer, planBody());
    expect(refused.statusCode).toBe(502);
    expect(json(refused).error).toBe('Stripe refused the request: Invalid currency: xyz');
    expect(await storedPlans()).toEqual([]);
    const orphan = stripeCalls('POST', /^\/v1\/products$/).at(-1);
    expect(orphan).toBeDefined();

    const plan = await createPlan();
    const [before] = await storedPlans();
    fake.failNext({ method: 'POST', path: '/v1/prices' }, { status: 400, message: 'Amount too large' });
    const update = await call(
      'PUT',
      `/v1/admin/subscription-plans/${plan.id}`,
      writer,
      planBody({ name: 'Renamed', monthly_price_cents: 4900 }),
    );
    expect(update.statusCode).toBe(502);
    expect(json(update).error).toContain('Amount too large');
    expect(await storedPlans()).toEqual([before]);
    expect(fake.object(before!.stripeMonthlyPriceId!)).toMatchObject({ active: true });
  });

  it('puts a plan saved before the key was set into Stripe on its next save', async () => {
    await setSettings(t, { 'stripe.secret_key': '' });
    const plan = await createPlan();
    expect(plan.stripe_product_id).toBeNull();
    await setSettings(t, { 'stripe.secret_key': STRIPE_KEY });
    const saved = json(await call('PUT', `/v1/admin/subscription-plans/${plan.id}`, writer, planBody())).data;
    expect(saved.stripe_product_id).toMatch(/^prod_/);
    const [row] = await storedPlans();
    expect(fake.object(row!.stripeMonthlyPriceId!)).toMatchObject({ unit_amount: 2900 });
  });

  it('archives the Stripe Product of a deleted plan', async () => {
    const plan = await createPlan();
    await call('DELETE', `/v1/admin/subscription-plans/${plan.id}`, writer);
    expect(fake.object(plan.stripe_product_id)).toMatchObject({ active: false });
    expect(await t.database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, plan.id))).toEqual([]);
  });
});

describe('testing the Stripe connection', () => {
  it('answers livemode for a good key, Stripe’s message for a bad one; super admins only', async () => {
    const root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    const test = (token: string, payload: object) => call('POST', '/v1/admin/billing/stripe/test', token, payload);
    const none = await test(root, {});
    expect(none.statusCode).toBe(400);
    expect(json(none).error).toBe('set the Stripe secret key first');
    expect(json(await test(root, { secret_key: STRIPE_KEY })).data).toEqual({ ok: true, livemode: false });
    const bad = await test(root, { secret_key: 'sk_test_wrong' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toMatch(/^Stripe refused the connection test: .+/);

    await setSettings(t, { 'stripe.secret_key': STRIPE_KEY });
    expect(json(await test(root, {})).data).toEqual({ ok: true, livemode: false });
    expect(json(await test(root, { secret_key: '********' })).data).toEqual({ ok: true, livemode: false });
    expect((await test(writer, { secret_key: STRIPE_KEY })).statusCode).toBe(403);
    expect((await test((await createOwner(t)).token, {})).statusCode).toBe(403);
  });
});
