import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/test-app.ts';
import { notifications } from '../../notifications/notifications.tables.ts';
import { stripeEvents } from '../billing.tables.ts';
import {
  accountRow,
  addCard,
  type BillingWorld,
  billingWorld,
  call,
  currentOf,
  organization,
  STRIPE_KEY,
  WEBHOOK_PATH,
  WEBHOOK_SECRET,
} from '../subscription/test-helpers.ts';
import { setSettings } from '../test-helpers.ts';

let world: BillingWorld;
beforeAll(async () => {
  world = await billingWorld();
  await world.plan('basic', 1000);
});
afterAll(() => world.close());

const post = (payload: string, signature?: string) =>
  world.t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
const storedEvent = async (id: string) =>
  (await world.t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id)))[0];

async function subscribed() {
  const owner = await organization(world.t);
  const card = await addCard(world, owner.token);
  const response = await call(world.t, owner.token, 'PUT', '/v1/subscription/current', {
    plan_tag: 'basic',
    billing_cycle: 'monthly',
  });
  await world.applyEvents();
  return { owner, card, subscription: json(response).data };
}

describe('the Stripe webhook', () => {
  it('refuses a missing or wrong signature with 400 and keeps nothing', async () => {
    await organization(world.t).then((owner) => addCard(world, owner.token));
    const event = { ...world.fake.events('setup_intent.succeeded').at(-1)!, id: 'evt_forged_1' };
    const signed = world.fake.signedEvent(event, 'whsec_someone_else');
    expect((await post(signed.payload, signed.header)).statusCode).toBe(400);
    expect((await post(signed.payload)).statusCode).toBe(400);
    const tampered = world.fake.signedEvent(event, WEBHOOK_SECRET);
    const forged = tampered.payload.replace(/"livemode":\s*false/, '"livemode": true');
    expect(forged).not.toBe(tampered.payload);
    expect((await post(forged, tampered.header)).statusCode).toBe(400);
    // signed, but not an event
    const bare = world.fake.signedEvent({ id: 'evt_forged_1' }, WEBHOOK_SECRET);
    expect((await post(bare.payload, bare.header)).statusCode).toBe(400);
    expect(await storedEvent('evt_forged_1')).toBeUndefined();
  });

  it('applies an event once however often Stripe delivers it', async () => {
    const { t, fake } = world;
    const { owner, card, subscription } = await subscribed();
    fake.declineCard(card.id);
    await fake.advanceTo(subscription.end);
    await world.applyEvents();
    const failed = fake.events('invoice.payment_failed').at(-1)!;
    await fake.deliver([failed.id, failed.id]);
    const signed = fake.signedEvent(failed, WEBHOOK_SECRET);
    expect((await post(signed.payload, signed.header)).statusCode).toBe(200);
    await world.applyEvents();
    const told = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.select().from(notifications).where(eq(notifications.type, 'subscription.payment_failed')),
    );
    expect(told).toHaveLength(1);
    expect((await currentOf(t, owner.token)).status).toBe('past_due');
    expect(fake.deliveries.filter((d) => d.event === failed.id).every((d) => d.status === 200)).toBe(true);
  });

  it('never lets an older event undo a newer state, in whatever order they come', async () => {
    const { t, fake } = world;
    const { owner } = await subscribed();
    await fake.advance(60);
    await call(t, owner.token, 'POST', '/v1/subscription/current/cancel');
    await fake.advance(60);
    await call(t, owner.token, 'POST', '/v1/subscription/current/resume');
    await world.applyEvents();
    expect((await currentOf(t, owner.token)).status).toBe('active');
    const updates = fake
      .events('customer.subscription.updated')
      .filter((e) => (e.data as { object: { cancel_at_period_end: boolean } }).object.cancel_at_period_end);
    const cancelling = updates.at(-1)!;
    // the same older event, as a delivery Stripe had not made yet, after the newer one was applied
    const late = fake.signedEvent({ ...cancelling, id: 'evt_late_cancel' }, WEBHOOK_SECRET);
    expect((await post(late.payload, late.header)).statusCode).toBe(200);
    await world.applyEvents();
    expect(await currentOf(t, owner.token)).toMatchObject({ status: 'active', auto_renewal: true });
    expect((await storedEvent('evt_late_cancel'))?.appliedAt).not.toBeNull();
    // everything again, newest first: still as Stripe has it now
    await fake.deliver(fake.events().slice(-6).reverse());
    await world.applyEvents();
    expect(await currentOf(t, owner.token)).toMatchObject({ status: 'active', plan_tag: 'basic' });
  });

  it('deposits a top-up once when its payment_intent.succeeded comes after the request confirmed it, twice', async () => {
    const { t, fake } = world;
    const owner = await organization(t);
    await addCard(world, owner.token);
    const topped = await call(t, owner.token, 'POST', '/v1/wallet/top-up', { amount_cents: 2000 });
    expect(topped.statusCode, topped.body).toBe(200);
    expect(json(topped).data.balance_cents).toBe(2000);
    const customer = (await accountRow(t, owner.workspaceId))!.stripeCustomerId;
    const succeeded = fake
      .events('payment_intent.succeeded')
      .filter((e) => (e.data.object as { customer: string }).customer === customer);
    expect(succeeded).toHaveLength(1);
    // Stripe's delivery, a redelivery of the same event, and a copy under another event id
    await world.applyEvents();
    await fake.deliver([succeeded[0]!.id]);
    await world.applyEvents();
    const copy = fake.signedEvent({ ...succeeded[0]!, id: `${succeeded[0]!.id}_copy` }, WEBHOOK_SECRET);
    expect((await post(copy.payload, copy.header)).statusCode).toBe(200);
    await world.applyEvents();
    expect(fake.deliveries.filter((d) => d.event === succeeded[0]!.id).map((d) => d.status)).toEqual([200, 200]);
    expect((await storedEvent(`${succeeded[0]!.id}_copy`))?.appliedAt).not.toBeNull();

    expect(json(await call(t, owner.token, 'GET', '/v1/wallet')).data.balance_cents).toBe(2000);
    const ledger = json(await call(t, owner.token, 'GET', '/v1/wallet/transactions'));
    expect(ledger.page.total).toBe(1);
    expect(ledger.data).toEqual([
      expect.objectContaining({ topic: 'top_up', type: 'deposit', amount_cents: 2000, balance_after_cents: 2000 }),
    ]);
  });

  it('ends as Stripe has it when two updates of one second come in reverse order', async () => {
    const { t, fake } = world;
    const { owner, subscription } = await subscribed();
    const id = (await accountRow(t, owner.workspaceId))!.stripeSubscriptionId!;
    const stripe = new Stripe(STRIPE_KEY, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
    // Stripe's deliveries fail while the app has another secret; Stripe sends them again later, in no set order
    await setSettings(t, { 'stripe.webhook_secret': 'whsec_rotated_elsewhere' });
    const seen = fake.events('customer.subscription.updated').length;
    await stripe.subscriptions.update(id, { metadata: { note: 'changed in the dashboard' } });
    await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    await fake.settled();
    await setSettings(t, { 'stripe.webhook_secret': WEBHOOK_SECRET });
    const [edited, cancelled] = fake.events('customer.subscription.updated').slice(seen);
    expect(edited!.created).toBe(cancelled!.created);
    expect(fake.deliveries.filter((d) => d.event === cancelled!.id).map((d) => d.status)).toEqual([400]);
    expect(await currentOf(t, owner.token)).toMatchObject({ status: 'active', auto_renewal: true });

    await fake.deliver([cancelled!.id, edited!.id]);
    await world.applyEvents();
    expect((await storedEvent(edited!.id))?.appliedAt).not.toBeNull();
    expect(await currentOf(t, owner.token)).toMatchObject({
      status: 'cancelled',
      auto_renewal: false,
      plan_tag: 'basic',
      end: subscription.end,
    });
  });

  it('keeps an event of an unknown customer, marked applied with a note, and answers 200', async () => {
    const template = world.fake.events('customer.subscription.updated').at(-1)!;
    const object = { ...(template.data as { object: Record<string, unknown> }).object, customer: 'cus_nobody' };
    const signed = world.fake.signedEvent(
      { ...template, id: 'evt_unknown_customer', data: { object } },
      WEBHOOK_SECRET,
    );
    expect((await post(signed.payload, signed.header)).statusCode).toBe(200);
    await world.applyEvents();
    expect(await storedEvent('evt_unknown_customer')).toMatchObject({
      appliedAt: expect.any(Date),
      error: 'unknown customer cus_nobody',
    });
  });
});
