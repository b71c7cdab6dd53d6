import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFailureSpec } from '../../../../test/fakes/stripe-api.ts';
import { joinAs } from '../../../../test/members.ts';
import { json } from '../../../../test/test-app.ts';
import { notifications } from '../../notifications/notifications.tables.ts';
import { subscriptionPlans } from '../billing.tables.ts';
import {
  accountRow,
  addCard,
  type BillingWorld,
  billingWorld,
  call,
  currentOf,
  organization,
  planTagOf,
} from './test-helpers.ts';

const DAY = 86_400;
const CURRENT = '/v1/subscription/current';

let world: BillingWorld;
beforeAll(async () => {
  world = await billingWorld();
  await world.plan('basic', 1000, { member: 3 });
  await world.plan('pro', 5000);
  const hidden = await world.plan('legacy', 500);
  await world.t.database.db.update(subscriptionPlans).set({ hidden: true }).where(eq(subscriptionPlans.id, hidden.id));
});
afterAll(() => world.close());

/** The subscription creates the fake received for a Stripe customer, retries included. */
const createsFor = (customer: string) =>
  world.fake.requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/subscriptions' && r.params.customer === customer,
  );
const subscribe = (token: string, plan_tag: string, billing_cycle: 'monthly' | 'yearly' = 'monthly') =>
  call(world.t, token, 'PUT', CURRENT, { plan_tag, billing_cycle });

describe('subscription changes through Stripe', () => {
  it('needs a payment method first, and a plan on offer', async () => {
    const { t } = world;
    const owner = await organization(t);
    const refused = await subscribe(owner.token, 'basic');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error).toBe('payment method required before subscribing or topping up');
    await addCard(world, owner.token);
    for (const tag of ['nope', 'legacy']) {
      const missing = await subscribe(owner.token, tag);
      expect(missing.statusCode).toBe(404);
      expect(json(missing).error).toBe('plan not found');
    }
    expect((await accountRow(t, owner.workspaceId))?.status).toBe('not_subscribed');
  });

  it("subscribes with the organization's trial, then upgrades at once and is charged the difference", async () => {
    const { t, fake } = world;
    const owner = await organization(t, 14);
    await addCard(world, owner.token);
    const subscribed = await subscribe(owner.token, 'basic');
    expect(subscribed.statusCode).toBe(200);
    const data = json(subscribed).data;
    expect(data).toMatchObject({
      plan_tag: 'basic',
      status: 'active',
      billing_cycle: 'monthly',
      auto_renewal: true,
      next_plan_tag: null,
      trial_end: fake.now() + 14 * DAY,
      end: fake.now() + 14 * DAY,
      billing_enabled: true,
      features: ['broadcast'],
    });
    expect(await planTagOf(t, owner.workspaceId)).toBe('basic');
    const account = await accountRow(t, owner.workspaceId);
    const stripeSub = fake.object(account!.stripeSubscriptionId!) as {
      status: string;
      metadata: Record<string, string>;
    };
    expect(stripeSub).toMatchObject({ status: 'trialing', metadata: { workspace_id: owner.workspaceId } });

    // the trial ends: charged, still basic
    await fake.advanceTo(data.end);
    await world.applyEvents();
    expect(await currentOf(t, owner.token)).toMatchObject({
      plan_tag: 'basic',
      status: 'active',
      paid_price_cents: 1000,
    });

    const upgraded = await subscribe(owner.token, 'pro');
    expect(upgraded.statusCode).toBe(200);
    expect(json(upgraded).data).toMatchObject({ plan_tag: 'pro', status: 'active', next_plan_tag: null });
    await world.applyEvents();
    expect(await planTagOf(t, owner.workspaceId)).toBe('pro');
    const invoices = json(await call(t, owner.token, 'GET', '/v1/subscription/invoices')).data;
    expect(invoices[0]).toMatchObject({
      status: 'paid',
      amount_paid_cents: expect.any(Number),
      hosted_invoice_url: expect.stringContaining('/invoices/'),
    });
    expect(invoices[0].amount_paid_cents).toBeGreaterThan(0);
    expect(invoices[0].amount_paid_cents).toBeLessThanOrEqual(4000);
    expect(invoices.map((i: { amount_paid_cents: number }) => i.amount_paid_cents)).toContain(1000);

    // a second subscription never gets the trial again: cancelled, expired, subscribed again
    expect((await call(t, owner.token, 'POST', `${CURRENT}/cancel`)).statusCode).toBe(200);
    await fake.advanceTo(json(upgraded).data.end);
    await world.applyEvents();
    expect(await currentOf(t, owner.token)).toMatchObject({ status: 'expired', plan_tag: null });
    expect(await planTagOf(t, owner.workspaceId)).toBeNull();
    const again = json(await subscribe(owner.token, 'basic')).data;
    expect(again).toMatchObject({ plan_tag: 'basic', status: 'active', trial_end: null });
  });

  it("leaves a declined upgrade undone: 402 with Stripe's words, still on the old plan", async () => {
    const { t, fake } = world;
    const owner = await organization(t);
    const card = await addCard(world, owner.token);
    expect(json(await subscribe(owner.token, 'basic')).data.plan_tag).toBe('basic');
    await world.applyEvents();
    fake.declineCard(card.id);
    const declined = await subscribe(owner.token, 'pro');
    expect(declined.statusCode).toBe(402);
    expect(json(declined).error).toMatch(/declined/i);
    await world.applyEvents();
    expect(await currentOf(t, owner.token)).toMatchObject({ plan_tag: 'basic', status: 'active' });
    expect(await planTagOf(t, owner.workspaceId)).toBe('basic');
  });

  it('schedules a downgrade for the period end, withdraws it, and applies it when Stripe moves on', async () => {
    const { t, fake } = world;
    const owner = await organization(t);
    await addCard(world, owner.token);
    const start = json(await subscribe(owner.token, 'pro')).data;
    const scheduled = await subscribe(owner.token, 'basic');
    expect(scheduled.statusCode).toBe(200);
    expect(json(scheduled).data).toMatchObject({ plan_tag: 'pro', next_plan_tag: 'basic' });
    const withdrawn = await call(t, owner.token, 'DELETE', `${CURRENT}/next-plan`);
    expect(json(withdrawn).data).toMatchObject({ plan_tag: 'pro', next_plan_tag: null });
    expect((await call(t, owner.token, 'DELETE', `${CURRENT}/next-plan`)).statusCode).toBe(409);

    expect(json(await subscribe(owner.token, 'basic')).data.next_plan_tag).toBe('basic');
    await world.applyEvents();
    expect(await currentOf(t, owner.token)).toMatchObject({
      plan_tag: 'pro',
      next_plan_tag: 'basic',
    });
    await fake.advanceTo(start.end);
    await world.applyEvents();
    expect(await currentOf(t, owner.token)).toMatchObject({
      plan_tag: 'basic',
      next_plan_tag: null,
      status: 'active',
      paid_price_cents: 1000,
    });
    expect(await planTagOf(t, owner.workspaceId)).toBe('basic');
  });

  it('refuses a downgrade below current usage, naming what to remove', async () => {
    const { t } = world;
    const owner = await organization(t);
    await addCard(world, owner.token);
    await subscribe(owner.token, 'pro');
    for (let i = 0; i < 3; i++) await joinAs(t, owner.workspaceId, 'member');
    const refused = await subscribe(owner.token, 'basic');
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toBe('the BASIC plan allows 3 members: remove 1 member(s) first');
    expect(await currentOf(t, owner.token)).toMatchObject({ plan_tag: 'pro', next_plan_tag: null });
  });

  it('cancels at the period end and resumes before it; the last card stays while subscribed', async () => {
    const { t, fake } = world;
    const owner = await organization(t);
    const card = await addCard(world, owner.token);
    const start = json(await subscribe(owner.token, 'basic')).data;
    const cancelled = json(await call(t, owner.token, 'POST', `${CURRENT}/cancel`)).data;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      auto_renewal: false,
      plan_tag: 'basic',
      end: start.end,
      next_billing_date: null,
    });
    await world.applyEvents();
    expect((await currentOf(t, owner.token)).status).toBe('cancelled');
    const resumed = json(await call(t, owner.token, 'POST', `${CURRENT}/resume`)).data;
    expect(resumed).toMatchObject({ status: 'active', auto_renewal: true, next_billing_date: start.end });
    expect((await call(t, owner.token, 'POST', `${CURRENT}/resume`)).statusCode).toBe(409);

    const last = await call(t, owner.token, 'DELETE', `/v1/billing/payment-methods/${card.id}`);
    expect(last.statusCode).toBe(409);
    expect(json(last).error).toMatch(/last payment method/);

    await fake.advanceTo(start.end);
    await world.applyEvents();
    expect(await currentOf(t, owner.token)).toMatchObject({ status: 'active', plan_tag: 'basic' });
  });

  it('marks a failed renewal past due and tells the owners and admins', async () => {
    const { t, fake } = world;
    const owner = await organization(t);
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    const member = await joinAs(t, owner.workspaceId, 'member');
    const card = await addCard(world, owner.token);
    const start = json(await subscribe(owner.token, 'basic')).data;
    fake.declineCard(card.id);
    await fake.advanceTo(start.end);
    await world.applyEvents();
    expect(await currentOf(t, owner.token)).toMatchObject({ status: 'past_due', plan_tag: 'basic' });
    const told = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.select().from(notifications).where(eq(notifications.type, 'subscription.payment_failed')),
    );
    expect(told.map((n) => n.userId).sort()).toEqual([owner.user.id, admin.user.id].sort());
    expect(told.some((n) => n.userId === member.user.id)).toBe(false);
    expect(t.mail.sent.some((m) => m.to === owner.user.email && /payment failed/i.test(m.subject))).toBe(true);
  });

  it('subscribes yearly at the discounted yearly price, renewing a year later', async () => {
    const { t, fake } = world;
    const annual = await world.plan('annual', 5000);
    await t.database.db
      .update(subscriptionPlans)
      .set({ yearlyPriceCents: 50_000, discountedYearlyPriceCents: 42_000 })
      .where(eq(subscriptionPlans.id, annual.id));
    const owner = await organization(t);
    await addCard(world, owner.token);
    const answer = await subscribe(owner.token, 'annual', 'yearly');
    expect(answer.statusCode, answer.body).toBe(200);
    const data = json(answer).data;
    expect(data).toMatchObject({
      plan_tag: 'annual',
      status: 'active',
      billing_cycle: 'yearly',
      paid_price_cents: 42_000,
      auto_renewal: true,
    });
    expect(Math.abs(data.start - fake.now())).toBeLessThan(60);
    expect(data.end - data.start).toBeGreaterThanOrEqual(365 * DAY);
    expect(data.end - data.start).toBeLessThanOrEqual(366 * DAY);
    expect(data.next_billing_date).toBe(data.end);
    await world.applyEvents();
    expect(await currentOf(t, owner.token)).toMatchObject({ billing_cycle: 'yearly', end: data.end });
    const invoices = json(await call(t, owner.token, 'GET', '/v1/subscription/invoices')).data;
    expect(invoices.map((i: { amount_paid_cents: number }) => i.amount_paid_cents)).toEqual([42_000]);
  });

  it('answers 502 when Stripe cannot be reached on every attempt, leaving nothing half-written', async () => {
    const { t, fake } = world;
    const failures: StripeFailureSpec[] = ['network', { status: 500, message: 'Internal error', retry: true }];
    for (const failure of failures) {
      const owner = await organization(t);
      await addCard(world, owner.token);
      const customer = (await accountRow(t, owner.workspaceId))!.stripeCustomerId!;
      fake.failNext({ method: 'POST', path: '/v1/subscriptions' }, failure, 3);
      const down = await subscribe(owner.token, 'basic');
      expect(down.statusCode).toBe(502);
      expect(json(down).error).toBe('the payment service cannot be reached: nothing was charged, try again later');
      // the SDK tried three times (its two retries used up the failures), under one key
      const attempts = createsFor(customer);
      expect(attempts).toHaveLength(3);
      expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
      await world.applyEvents();
      expect(await currentOf(t, owner.token)).toMatchObject({ status: 'not_subscribed', plan_tag: null });
      expect(await accountRow(t, owner.workspaceId)).toMatchObject({
        status: 'not_subscribed',
        stripeSubscriptionId: null,
        planId: null,
      });
      expect(await planTagOf(t, owner.workspaceId)).toBeNull();
      expect(fake.objects('subscription', (s) => s.customer === customer)).toEqual([]);
    }
  });

  it('subscribes once through a transient failure: the retry carries the same Idempotency-Key', async () => {
    const { t, fake } = world;
    // a 500 Stripe asks to retry, then a create Stripe made whose answer was lost on the way
    const failures: StripeFailureSpec[] = [{ status: 500, message: 'Lock timeout', retry: true }, 'answer-lost'];
    for (const failure of failures) {
      const owner = await organization(t);
      await addCard(world, owner.token);
      const customer = (await accountRow(t, owner.workspaceId))!.stripeCustomerId!;
      fake.failNext({ method: 'POST', path: '/v1/subscriptions' }, failure);
      const answer = await subscribe(owner.token, 'basic');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(json(answer).data).toMatchObject({ plan_tag: 'basic', status: 'active' });
      const attempts = createsFor(customer);
      expect(attempts).toHaveLength(2);
      expect(attempts[0]!.idempotencyKey).toBeTruthy();
      expect(attempts[1]!.idempotencyKey).toBe(attempts[0]!.idempotencyKey);
      const subscriptions = fake.objects('subscription', (s) => s.customer === customer);
      expect(subscriptions).toHaveLength(1);
      await world.applyEvents();
      expect(await currentOf(t, owner.token)).toMatchObject({ plan_tag: 'basic', status: 'active' });
      expect((await accountRow(t, owner.workspaceId))?.stripeSubscriptionId).toBe(subscriptions[0]!.id);
      expect(await planTagOf(t, owner.workspaceId)).toBe('basic');
    }
  });

  it('refuses a plain member and a viewer on every route, and acts on the own organization only', async () => {
    const { t } = world;
    const owner = await organization(t);
    await addCard(world, owner.token);
    await subscribe(owner.token, 'basic');
    for (const role of ['member', 'viewer'] as const) {
      const { token } = await joinAs(t, owner.workspaceId, role);
      for (const [method, url, payload] of [
        ['PUT', CURRENT, { plan_tag: 'pro', billing_cycle: 'monthly' }],
        ['POST', `${CURRENT}/cancel`],
        ['POST', `${CURRENT}/resume`],
        ['DELETE', `${CURRENT}/next-plan`],
        ['GET', '/v1/subscription/invoices'],
      ] as const)
        expect((await call(t, token, method, url, payload)).statusCode).toBe(403);
    }
    const stranger = await organization(t);
    expect((await call(t, stranger.token, 'POST', `${CURRENT}/cancel`)).statusCode).toBe(409);
    expect(json(await call(t, stranger.token, 'GET', '/v1/subscription/invoices')).data).toEqual([]);
    expect(await currentOf(t, owner.token)).toMatchObject({ plan_tag: 'basic', status: 'active' });
  });
});
