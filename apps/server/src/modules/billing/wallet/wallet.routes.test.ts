import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../../../test/fakes/stripe-api.ts';
import { createAdmin, createOwner, loginAdmin } from '../../../../test/fixtures.ts';
import { joinAs } from '../../../../test/members.ts';
import { createTestApp, json, type TestApp } from '../../../../test/test-app.ts';
import { notifications } from '../../notifications/notifications.tables.ts';
import { requests } from '../../teams/test-helpers.ts';
import { billingAccounts, subscriptionPlans, wallets, walletTransactions } from '../billing.tables.ts';
import { withdraw } from './ledger.ts';
import { creditTopUp } from './wallet.service.ts';

const KEY = 'sk_test_fake_stripe_key';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestApp;
let r: ReturnType<typeof requests>;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(async () => {
  t = await createTestApp({ STRIPE_API_URL: fake.url });
  r = requests(t);
});
afterEach(() => t.close());

const stripe = () => {
  const url = new URL(fake.url);
  return new Stripe(KEY, { host: url.hostname, port: Number(url.port), protocol: 'http' });
};

async function settings(values: Record<string, string>) {
  const admin = await createAdmin(t, { isSuper: true });
  const token = await loginAdmin(t, admin.username);
  const saved = await r.put('/v1/system-setting', token, {
    settings: Object.entries(values).map(([key, value]) => ({ key, value })),
  });
  expect(saved.statusCode, saved.body).toBe(200);
}
const billingOn = () => settings({ 'billing.enabled': 'true', 'stripe.secret_key': KEY });

/** an organization whose Stripe customer has a default card (what the payment-method routes leave behind) */
async function withCard(workspaceId: string, card = 'pm_card_visa', planMilli?: number) {
  const customer = await stripe().customers.create({ metadata: { workspace_id: workspaceId } });
  const method = await stripe().paymentMethods.attach(card, { customer: customer.id });
  const [plan] = planMilli
    ? await t.database.platform((db) =>
        db
          .insert(subscriptionPlans)
          .values({
            tag: `plus-${planMilli}`,
            name: 'Plus',
            currency: 'usd',
            monthlyPriceCents: 1000,
            yearlyPriceCents: 10000,
            walletMultiplierMilli: planMilli,
          })
          .returning(),
      )
    : [];
  await t.database.withWorkspace(workspaceId, (tx) =>
    tx.insert(billingAccounts).values({
      workspaceId,
      stripeCustomerId: customer.id,
      defaultPaymentMethodId: method.id,
      planId: plan?.id ?? null,
    }),
  );
  return { customer: customer.id, method: method.id };
}

/** the PaymentIntents the app asked Stripe for on behalf of an organization */
const topUpRequests = (workspaceId: string) =>
  fake.requests.filter(
    (q) =>
      q.method === 'POST' &&
      q.path === '/v1/payment_intents' &&
      (q.params.metadata as Record<string, string> | undefined)?.workspace_id === workspaceId,
  );

const wallet = async (token: string) => json(await r.get('/v1/wallet', token)).data;

describe('wallet routes', () => {
  it('tops up whole dollars on the default card, credited × the plan multiplier exactly once', async () => {
    const owner = await createOwner(t);
    expect(await wallet(owner.token)).toEqual({
      balance_cents: 0,
      currency: 'usd',
      reserved_cents: 0,
      low_balance_threshold_cents: null,
    });
    const off = await r.post('/v1/wallet/top-up', owner.token, { amount_cents: 2000 });
    expect(off.statusCode).toBe(409);
    expect(json(off).error).toBe('billing is not enabled');
    await billingOn();
    for (const amount_cents of [999, 1050, 500, 20.5]) {
      const bad = await r.post('/v1/wallet/top-up', owner.token, { amount_cents });
      expect(bad.statusCode, `${amount_cents}`).toBe(400);
    }
    const noCard = await r.post('/v1/wallet/top-up', owner.token, { amount_cents: 2000 });
    expect(noCard.statusCode).toBe(400);
    expect(json(noCard).error).toBe('payment method required before subscribing or topping up');
    const { method } = await withCard(owner.workspaceId, 'pm_card_visa', 1100);
    const topped = await r.post('/v1/wallet/top-up', owner.token, { amount_cents: 2000 });
    expect(topped.statusCode, topped.body).toBe(200);
    expect(json(topped).data).toMatchObject({ balance_cents: 2200, reserved_cents: 0 });
    const asked = topUpRequests(owner.workspaceId);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.idempotencyKey).toBeTruthy();
    const [credit] = await t.database.withWorkspace(owner.workspaceId, (tx) => tx.select().from(walletTransactions));
    const intent = await stripe().paymentIntents.retrieve(credit!.reference!);
    expect(intent).toMatchObject({
      amount: 2000,
      currency: 'usd',
      status: 'succeeded',
      payment_method: method,
      metadata: { workspace_id: owner.workspaceId, kind: 'top_up' },
    });
    // the webhook's handler brings the same PaymentIntent, as often as Stripe delivers it: no second credit
    expect((await creditTopUp({ database: t.database, events: t.app.events }, intent))?.moved).toBe(false);
    const list = json(await r.get('/v1/wallet/transactions', owner.token));
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      topic: 'top_up',
      type: 'deposit',
      amount_cents: 2200,
      balance_after_cents: 2200,
    });
    expect(list.page.total).toBe(1);
  });

  it("shows a declined card with Stripe's message and an unreachable Stripe as such, crediting nothing", async () => {
    const owner = await createOwner(t);
    await billingOn();
    const { method } = await withCard(owner.workspaceId);
    fake.declineCard(method);
    const declined = await r.post('/v1/wallet/top-up', owner.token, { amount_cents: 1000 });
    expect(declined.statusCode).toBe(402);
    expect(json(declined).error).toBe('the payment was declined: Your card was declined.');
    fake.declineCard(method, false);
    fake.failNext({ path: /payment_intents/ }, 'network', 3);
    const down = await r.post('/v1/wallet/top-up', owner.token, { amount_cents: 1000 });
    expect(down.statusCode).toBe(502);
    expect(await wallet(owner.token)).toMatchObject({ balance_cents: 0 });
    expect(json(await r.get('/v1/wallet/transactions', owner.token)).data).toEqual([]);
  });

  it('pages transactions newest first, filters by type and exports them in the reader’s language', async () => {
    const owner = await createOwner(t);
    const ctx = { events: t.app.events };
    const ws = owner.workspaceId;
    await t.database.withWorkspace(ws, async (tx) => {
      await tx.insert(wallets).values({ workspaceId: ws });
      const { deposit } = await import('./ledger.ts');
      await deposit(ctx, tx, { workspaceId: ws, amountCents: 5000, topic: 'top_up', idempotencyKey: 'a' });
    });
    for (const [i, cents] of [100, 200, 300].entries())
      await t.database.withWorkspace(ws, (tx) =>
        withdraw(ctx, tx, {
          workspaceId: ws,
          amountCents: cents,
          topic: 'broadcast',
          description: `B${i}`,
          idempotencyKey: `w${i}`,
        }),
      );
    const first = json(await r.get('/v1/wallet/transactions?size=2&page=1', owner.token));
    expect(first.data.map((row: { amount_cents: number }) => row.amount_cents)).toEqual([300, 200]);
    expect(first.page).toMatchObject({ total: 4, total_pages: 2 });
    const deposits = json(await r.get('/v1/wallet/transactions?type=deposit', owner.token)).data;
    expect(deposits.map((row: { balance_after_cents: number }) => row.balance_after_cents)).toEqual([5000]);
    const file = await t.app.inject({
      method: 'GET',
      url: '/v1/wallet/transactions/export?format=csv',
      headers: { authorization: `Bearer ${owner.token}`, 'x-locale': 'zh-hk' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('日期,主題,描述,類型,金額（美仙）,交易後餘額（美仙）');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(',broadcast,B2,支出,300,4400');
    const xlsx = await r.get('/v1/wallet/transactions/export?format=xlsx', owner.token);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('exports every transaction past a page of the export, those written in one transaction (one time) too', async () => {
    const owner = await createOwner(t);
    const ws = owner.workspaceId;
    // 1,050 movements in one transaction share its time, microseconds included on PostgreSQL
    await t.database.withWorkspace(ws, (tx) =>
      tx.insert(walletTransactions).values(
        Array.from({ length: 1_050 }, (_, i) => ({
          workspaceId: ws,
          type: 'deposit' as const,
          topic: 'top_up',
          amountCents: 1,
          balanceAfterCents: i + 1,
          idempotencyKey: `bulk-${i}`,
        })),
      ),
    );
    const file = await r.get('/v1/wallet/transactions/export?format=csv', owner.token);
    expect(file.statusCode).toBe(200);
    expect(file.body.trim().split('\n')).toHaveLength(1 + 1_050);
  });

  it('tells owners and admins once when the balance falls under the threshold, again after a deposit lifts it', async () => {
    const owner = await createOwner(t);
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    const member = await joinAs(t, owner.workspaceId, 'member');
    const ws = owner.workspaceId;
    const ctx = { events: t.app.events };
    const saved = await r.put('/v1/wallet/settings', owner.token, { low_balance_threshold_cents: 1500 });
    expect(json(saved).data).toMatchObject({ low_balance_threshold_cents: 1500 });
    const { deposit } = await import('./ledger.ts');
    const move = (kind: 'in' | 'out', cents: number, key: string) =>
      t.database.withWorkspace(ws, (tx) =>
        (kind === 'in' ? deposit : withdraw)(ctx, tx, {
          workspaceId: ws,
          amountCents: cents,
          topic: 't',
          idempotencyKey: key,
        }),
      );
    await move('in', 2000, 'a');
    await move('out', 600, 'b');
    await move('out', 100, 'c');
    await t.app.jobs.drain();
    const told = async () =>
      (await t.database.withWorkspace(ws, (tx) => tx.select().from(notifications))).filter(
        (n) => n.type === 'wallet.low_balance',
      );
    const once = await told();
    expect(once.map((n) => n.userId).sort()).toEqual([owner.user.id, admin.user.id].sort());
    expect(once.every((n) => n.userId !== member.user.id)).toBe(true);
    await move('in', 500, 'd');
    await move('out', 400, 'e');
    await t.app.jobs.drain();
    expect(await told()).toHaveLength(4);
  });

  it('refuses members without the owner or admin role and answers another organization with its own wallet', async () => {
    const owner = await createOwner(t);
    await billingOn();
    await withCard(owner.workspaceId);
    const member = await joinAs(t, owner.workspaceId, 'member', ['broadcast_read', 'broadcast_write', 'member_read']);
    const other = await createOwner(t);
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    expect((await r.put('/v1/wallet/settings', admin.token, { low_balance_threshold_cents: 700 })).statusCode).toBe(
      200,
    );
    const calls = [
      () => r.get('/v1/wallet', member.token),
      () => r.get('/v1/wallet/transactions', member.token),
      () => r.get('/v1/wallet/transactions/export?format=csv', member.token),
      () => r.put('/v1/wallet/settings', member.token, { low_balance_threshold_cents: 1 }),
      () => r.post('/v1/wallet/top-up', member.token, { amount_cents: 1000 }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(403);
    // another organization's owner reaches only their own wallet: a top-up there needs their own card
    expect(await wallet(other.token)).toMatchObject({ balance_cents: 0, low_balance_threshold_cents: null });
    expect((await r.post('/v1/wallet/top-up', other.token, { amount_cents: 1000 })).statusCode).toBe(400);
    expect(await wallet(owner.token)).toMatchObject({ balance_cents: 0, low_balance_threshold_cents: 700 });
    expect(topUpRequests(owner.workspaceId)).toEqual([]);
    const [account] = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.select().from(billingAccounts).where(eq(billingAccounts.workspaceId, owner.workspaceId)),
    );
    expect(account!.lowBalanceThresholdCents).toBe(700);
  });
});
