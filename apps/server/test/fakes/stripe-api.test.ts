import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from './stripe-api.ts';

const KEY = 'sk_test_fake_stripe_key';
const DAY = 86_400;

let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  fake = await startFakeStripe({ keys: [KEY] });
  stripe = new Stripe(KEY, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(() => fake.close());

async function plan(amount: number, interval: 'month' | 'year' = 'month') {
  const product = await stripe.products.create({ name: `Plan ${amount}`, metadata: { tag: `p${amount}` } });
  return stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: amount, recurring: { interval } });
}
async function customerWithCard(card: 'visa' | 'declined' | 'mastercard' = 'visa') {
  const customer = await stripe.customers.create({ email: 'owner@example.com', name: 'Acme' });
  const intent = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
  const method = await fake.confirmSetupIntent(intent.id, card);
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id as string } });
  return { customer, method };
}
const periodEnd = (sub: Stripe.Subscription) => sub.items.data[0]!.current_period_end;

describe('the fake Stripe API, through the real SDK', () => {
  it('keeps products and prices; a price changes only its active flag and metadata', async () => {
    const price = await plan(1900);
    expect(price).toMatchObject({ object: 'price', id: expect.stringMatching(/^price_/), unit_amount: 1900 });
    expect(price.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
    const product = await stripe.products.update(price.product as string, { name: 'Pro', metadata: { tag: 'pro' } });
    expect((await stripe.products.retrieve(product.id)).name).toBe('Pro');
    expect((await stripe.prices.update(price.id, { active: false, metadata: { old: 'yes' } })).active).toBe(false);
    await expect(
      stripe.prices.update(price.id, { unit_amount: 100 } as Stripe.PriceUpdateParams),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', message: 'Received unknown parameter: unit_amount' });
    await expect(stripe.prices.retrieve('price_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such price: 'price_nope'",
    });
    expect((await stripe.balance.retrieve()).object).toBe('balance');
  });

  it('refuses a bad key with 401', async () => {
    const wrong = new Stripe('sk_test_wrong_key_0000', { host: '127.0.0.1', port: fake.port, protocol: 'http' });
    await expect(wrong.balance.retrieve()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('lists the card a confirmed SetupIntent attached', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com' });
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      client_secret: expect.stringMatching(/^seti_.+_secret_/),
    });
    await fake.confirmSetupIntent(intent.id, 'mastercard');
    expect((await stripe.setupIntents.retrieve(intent.id)).status).toBe('succeeded');
    const cards = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(cards.data).toHaveLength(1);
    expect(cards.data[0]!.card).toMatchObject({ brand: 'mastercard', last4: '4444', exp_month: 12 });
    expect(fake.events('setup_intent.succeeded').at(-1)!.data).toMatchObject({ object: { id: intent.id } });
    await stripe.paymentMethods.detach(cards.data[0]!.id);
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toEqual([]);
  });

  it('starts a trial, charges at its end and renews each period', async () => {
    const price = await plan(2900);
    const { customer } = await customerWithCard();
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 14,
      metadata: { org: '1' },
      expand: ['latest_invoice'],
    });
    expect(sub.status).toBe('trialing');
    expect(periodEnd(sub)).toBe(fake.now() + 14 * DAY);
    expect((sub.latest_invoice as Stripe.Invoice).amount_paid).toBe(0);
    await fake.advanceTo(periodEnd(sub));
    const charged = await stripe.subscriptions.retrieve(sub.id);
    expect(charged.status).toBe('active');
    const invoices = await stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data[0]).toMatchObject({ status: 'paid', amount_paid: 2900, billing_reason: 'subscription_cycle' });
    expect(invoices.data[0]!.hosted_invoice_url).toMatch(new RegExp(`^${fake.url}/invoices/in_`));
    expect((await fetch(invoices.data[0]!.hosted_invoice_url!)).status).toBe(200);
    await fake.advanceTo(periodEnd(charged));
    expect(
      (await stripe.invoices.list({ customer: customer.id })).data.filter((i) => i.amount_paid === 2900),
    ).toHaveLength(2);
  });

  it('leaves an upgrade pending while its payment fails (pending_if_incomplete)', async () => {
    const [basic, pro] = [await plan(1000), await plan(5000)];
    const { customer, method } = await customerWithCard();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basic.id }] });
    expect(sub.status).toBe('active');
    fake.declineCard(method.id as string);
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, price: pro.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    expect(updated.items.data[0]!.price.id).toBe(basic.id);
    expect(updated.pending_update?.subscription_items?.[0]?.price.id).toBe(pro.id);
    expect(fake.events('invoice.payment_failed').at(-1)!.data.object).toMatchObject({
      billing_reason: 'subscription_update',
    });
    // error_if_incomplete answers Stripe's 402 with the decline
    await expect(
      stripe.subscriptions.update(sub.id, {
        items: [{ id: sub.items.data[0]!.id, price: pro.id }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError', message: 'Your card was declined.', statusCode: 402 });
    fake.declineCard(method.id as string, false);
    const upgraded = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, price: pro.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    expect(upgraded.items.data[0]!.price.id).toBe(pro.id);
  });

  it('applies a scheduled downgrade at the period end', async () => {
    const [pro, basic] = [await plan(5000), await plan(1000)];
    const { customer } = await customerWithCard();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: pro.id }] });
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    const phase = schedule.phases[0]!;
    await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      phases: [
        { items: [{ price: pro.id }], start_date: phase.start_date, end_date: phase.end_date },
        { items: [{ price: basic.id }], duration: { interval: 'month', interval_count: 1 } },
      ],
    });
    expect((await stripe.subscriptions.retrieve(sub.id)).schedule).toBe(schedule.id);
    await fake.advanceTo(periodEnd(sub));
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect(after.items.data[0]!.price.id).toBe(basic.id);
    const latest = await stripe.invoices.retrieve(after.latest_invoice as string);
    expect(latest).toMatchObject({ amount_paid: 1000, status: 'paid' });
    expect(latest.parent?.subscription_details?.subscription).toBe(sub.id);
    // the last phase ends: the schedule releases the subscription, which keeps renewing
    await fake.advanceTo(periodEnd(after));
    expect((await stripe.subscriptionSchedules.retrieve(schedule.id)).status).toBe('released');
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });

  it('ends a subscription cancelled at the period end, and not once resumed', async () => {
    const price = await plan(1500);
    const { customer } = await customerWithCard();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    await fake.advanceTo(periodEnd(sub));
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.status).toBe('active');
    const cancelled = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(cancelled.cancel_at).toBe(periodEnd(renewed));
    await fake.advanceTo(periodEnd(renewed));
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
    expect(fake.events('customer.subscription.deleted').at(-1)!.data.object).toMatchObject({ id: sub.id });
  });

  it('marks a failed renewal past due, then ends the subscription after the retry fails', async () => {
    const price = await plan(1500);
    const { customer, method } = await customerWithCard();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    fake.declineCard(method.id as string);
    await fake.advanceTo(periodEnd(sub));
    const pastDue = await stripe.subscriptions.retrieve(sub.id);
    expect(pastDue.status).toBe('past_due');
    expect(fake.events('invoice.payment_failed').at(-1)!.data.object).toMatchObject({ customer: customer.id });
    await fake.advanceTo(periodEnd(pastDue));
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
  });

  it('charges off-session and answers a decline with StripeCardError', async () => {
    const { customer, method } = await customerWithCard();
    const intent = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'usd',
      customer: customer.id,
      payment_method: method.id as string,
      off_session: true,
      confirm: true,
      metadata: { topup: '1' },
    });
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 2000 });
    const declined = await customerWithCard('declined');
    const error = await stripe.paymentIntents
      .create({
        amount: 2000,
        currency: 'usd',
        customer: declined.customer.id,
        payment_method: declined.method.id as string,
        off_session: true,
        confirm: true,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = error as Stripe.errors.StripeCardError;
    expect(cardError.message).toBe('Your card was declined.');
    expect(cardError.decline_code).toBe('generic_decline');
    expect(cardError.payment_intent).toMatchObject({ status: 'requires_payment_method' });
    expect(fake.events('payment_intent.payment_failed').at(-1)!.data.object).toMatchObject({
      id: cardError.payment_intent!.id,
    });
  });

  it('answers an Idempotency-Key replay with the first answer', async () => {
    const first = await stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'key-1' });
    const again = await stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'key-1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('does a request whose answer is lost, and replays it to the retry; a 500 is retried only when told', async () => {
    const retrying = new Stripe(KEY, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 1 });
    const email = 'lost@example.com';
    fake.failNext({ method: 'POST', path: '/v1/customers' }, 'answer-lost');
    const customer = await retrying.customers.create({ email });
    expect(fake.objects('customer', (c) => c.email === email).map((c) => c.id)).toEqual([customer.id]);

    const created = () => fake.requests.filter((r) => r.path === '/v1/customers' && r.params.email === 'five@x.io');
    fake.failNext({ method: 'POST', path: '/v1/customers' }, { status: 500 });
    await expect(retrying.customers.create({ email: 'five@x.io' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    );
    expect(created()).toHaveLength(1);
    fake.failNext({ method: 'POST', path: '/v1/customers' }, { status: 500, retry: true });
    await retrying.customers.create({ email: 'five@x.io' });
    expect(created()).toHaveLength(3);
  });

  it('delivers signed events that constructEvent accepts, and a tampered one fails', async () => {
    const SECRET = 'whsec_test_secret';
    const received: { body: string; signature: string }[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString(),
          signature: String(request.headers['stripe-signature']),
        });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      fake.deliverTo(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, SECRET);
      const customer = await stripe.customers.create({ email: 'hook@example.com' });
      await fake.settled();
      const event = stripe.webhooks.constructEvent(received[0]!.body, received[0]!.signature, SECRET);
      expect(event).toMatchObject({ type: 'customer.created', data: { object: { id: customer.id } }, livemode: false });
      expect(() =>
        stripe.webhooks.constructEvent(received[0]!.body.replace('hook@', 'evil@'), received[0]!.signature, SECRET),
      ).toThrow(Stripe.errors.StripeSignatureVerificationError);
      // the same event twice and out of order
      const [a, b] = fake.events().slice(-2);
      await fake.deliver([b!, a!, b!]);
      expect(received.slice(-3).map((r) => JSON.parse(r.body).id)).toEqual([b!.id, a!.id, b!.id]);
      const built = fake.signedEvent(a!, SECRET);
      expect(stripe.webhooks.constructEvent(built.payload, built.header, SECRET).id).toBe(a!.id);
    } finally {
      receiver.close();
    }
  });
});
