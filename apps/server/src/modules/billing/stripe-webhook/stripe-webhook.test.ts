import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/test-app.ts';
import { notifications } from '../../notifications/notifications.tables.ts';
import { stripeEvents } from '../billing.tables.ts';
import {
  addCard,
  type BillingWorld,
  billingWorld,
  call,
  currentOf,
  organization,
  WEBHOOK_PATH,
  WEBHOOK_SECRET,
} from '../subscription/test-helpers.ts';

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
