import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinAs } from '../../../../test/members.ts';
import { json } from '../../../../test/test-app.ts';
import { accountRow, addCard, type BillingWorld, billingWorld, call, organization } from './test-helpers.ts';

let world: BillingWorld;
beforeAll(async () => {
  world = await billingWorld();
});
afterAll(() => world.close());

describe('payment methods', () => {
  it('adds a card confirmed by Stripe.js: listed, the first one the default, on the customer of the organization', async () => {
    const { t, fake } = world;
    const owner = await organization(t);
    const intent = json(await call(t, owner.token, 'POST', '/v1/billing/setup-intent')).data;
    expect(intent).toEqual({
      client_secret: expect.stringMatching(/^seti_.+_secret_/),
      publishable_key: 'pk_test_fake',
    });
    const first = await addCard(world, owner.token, 'visa');
    expect(first.is_default).toBe(true);
    const second = await addCard(world, owner.token, 'mastercard');
    expect(second.is_default).toBe(false);

    const listed = json(await call(t, owner.token, 'GET', '/v1/billing/payment-methods')).data;
    expect(listed).toEqual(
      expect.arrayContaining([
        { id: first.id, brand: 'visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number), is_default: true },
        expect.objectContaining({ id: second.id, brand: 'mastercard', last4: '4444', is_default: false }),
      ]),
    );
    const account = await accountRow(t, owner.workspaceId);
    expect(account?.defaultPaymentMethodId).toBe(first.id);
    const customer = fake.object(account!.stripeCustomerId!) as {
      metadata: Record<string, string>;
      invoice_settings: { default_payment_method: string };
    };
    expect(customer.metadata.workspace_id).toBe(owner.workspaceId);
    expect(customer.invoice_settings.default_payment_method).toBe(first.id);

    const made = await call(t, owner.token, 'PUT', `/v1/billing/payment-methods/${second.id}/default`);
    expect(json(made).data).toMatchObject({ id: second.id, is_default: true });
    expect((await accountRow(t, owner.workspaceId))?.defaultPaymentMethodId).toBe(second.id);

    // removing the default hands the role to the card left
    expect((await call(t, owner.token, 'DELETE', `/v1/billing/payment-methods/${second.id}`)).statusCode).toBe(200);
    const left = json(await call(t, owner.token, 'GET', '/v1/billing/payment-methods')).data;
    expect(left).toEqual([expect.objectContaining({ id: first.id, is_default: true })]);
    // not subscribed: the last card may go
    expect((await call(t, owner.token, 'DELETE', `/v1/billing/payment-methods/${first.id}`)).statusCode).toBe(200);
    expect(json(await call(t, owner.token, 'GET', '/v1/billing/payment-methods')).data).toEqual([]);
    expect((await accountRow(t, owner.workspaceId))?.defaultPaymentMethodId).toBeNull();
  });

  it("refuses another organization's card, an unknown card, a plain member and a viewer, changing nothing", async () => {
    const { t } = world;
    const owner = await organization(t);
    const card = await addCard(world, owner.token);
    const stranger = await organization(t);
    await addCard(world, stranger.token);
    for (const [method, url, payload] of [
      ['POST', '/v1/billing/payment-methods', { payment_method_id: card.id }],
      ['PUT', `/v1/billing/payment-methods/${card.id}/default`],
      ['DELETE', `/v1/billing/payment-methods/${card.id}`],
    ] as const)
      expect((await call(t, stranger.token, method, url, payload)).statusCode).toBe(404);
    expect(
      (await call(t, owner.token, 'POST', '/v1/billing/payment-methods', { payment_method_id: 'pm_nope' })).statusCode,
    ).toBe(404);

    const admin = await joinAs(t, owner.workspaceId, 'admin');
    expect(json(await call(t, admin.token, 'GET', '/v1/billing/payment-methods')).data).toHaveLength(1);
    for (const role of ['member', 'viewer'] as const) {
      const { token } = await joinAs(t, owner.workspaceId, role, ['broadcast_write']);
      for (const [method, url, payload] of [
        ['POST', '/v1/billing/setup-intent'],
        ['GET', '/v1/billing/payment-methods'],
        ['POST', '/v1/billing/payment-methods', { payment_method_id: card.id }],
        ['PUT', `/v1/billing/payment-methods/${card.id}/default`],
        ['DELETE', `/v1/billing/payment-methods/${card.id}`],
      ] as const)
        expect((await call(t, token, method, url, payload)).statusCode).toBe(403);
    }
    expect(json(await call(t, owner.token, 'GET', '/v1/billing/payment-methods')).data).toEqual([
      expect.objectContaining({ id: card.id, is_default: true }),
    ]);
  });

  it('answers 409 "billing is not enabled" while billing is off', async () => {
    const { t } = world;
    const owner = await organization(t);
    await world.setBilling(false);
    try {
      const response = await call(t, owner.token, 'POST', '/v1/billing/setup-intent');
      expect(response.statusCode).toBe(409);
      expect(json(response).error).toBe('billing is not enabled');
    } finally {
      await world.setBilling(true);
    }
  });
});
