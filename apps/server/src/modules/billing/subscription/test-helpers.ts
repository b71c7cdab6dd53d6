import type { AddressInfo } from 'node:net';
import type { Subscription } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import { startFakeStripe } from '../../../../test/fakes/stripe-api.ts';
import { createAdmin, createOwner, loginAdmin } from '../../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../../test/test-app.ts';
import { workspaces } from '../../../platform/identity/workspaces.tables.ts';
import { billingAccounts, subscriptionPlans } from '../billing.tables.ts';

export const STRIPE_KEY = 'sk_test_fake_stripe_key';
export const WEBHOOK_SECRET = 'whsec_test_billing_secret';
export const WEBHOOK_PATH = '/public/v1/billing/stripe/webhook';

/** The app against a fake Stripe that delivers its events to the app's webhook, with billing switched on. */
export async function billingWorld() {
  const fake = await startFakeStripe({ keys: [STRIPE_KEY] });
  const t = await createTestApp({ STRIPE_API_URL: fake.url });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  fake.deliverTo(`http://127.0.0.1:${port}${WEBHOOK_PATH}`, WEBHOOK_SECRET);
  const root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
  const setBilling = async (enabled: boolean) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v1/system-setting',
      headers: bearer(root),
      payload: {
        settings: [
          { key: 'billing.enabled', value: String(enabled) },
          { key: 'stripe.secret_key', value: STRIPE_KEY },
          { key: 'stripe.publishable_key', value: 'pk_test_fake' },
          { key: 'stripe.webhook_secret', value: WEBHOOK_SECRET },
        ],
      },
    });
    if (response.statusCode !== 200) throw new Error(`billing settings refused: ${response.body}`);
  };
  await setBilling(true);
  const plan = async (tag: string, monthly: number, limits: { member?: number; channel?: number } = {}) => {
    const [row] = await t.database.db
      .insert(subscriptionPlans)
      .values({
        tag,
        name: tag.toUpperCase(),
        currency: 'usd',
        monthlyPriceCents: monthly,
        yearlyPriceCents: monthly * 10,
        memberLimit: limits.member ?? null,
        channelLimit: limits.channel ?? null,
        features: ['broadcast'],
      })
      .returning();
    return row!;
  };
  return {
    t,
    fake,
    setBilling,
    plan,
    /** waits for every delivery Stripe made so far, then applies what was stored */
    async applyEvents() {
      await fake.settled();
      await t.app.jobs.drain();
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
export type BillingWorld = Awaited<ReturnType<typeof billingWorld>>;

/** An owner of a new organization with `trialDays` of trial. */
export async function organization(t: TestApp, trialDays = 0) {
  const owner = await createOwner(t);
  await t.database.withWorkspace(owner.workspaceId, (tx) =>
    tx.update(workspaces).set({ trialDays }).where(eq(workspaces.id, owner.workspaceId)),
  );
  return owner;
}

export const call = (
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A card added as the web app does: a SetupIntent, Stripe.js's confirmation (the fake's), then kept. */
export async function addCard(world: BillingWorld, token: string, card: 'visa' | 'mastercard' | 'declined' = 'visa') {
  const intent = await call(world.t, token, 'POST', '/v1/billing/setup-intent');
  if (intent.statusCode !== 200) throw new Error(`setup intent refused: ${intent.body}`);
  const secret: string = json(intent).data.client_secret;
  const method = await world.fake.confirmSetupIntent(secret.split('_secret_')[0]!, card);
  const added = await call(world.t, token, 'POST', '/v1/billing/payment-methods', { payment_method_id: method.id });
  if (added.statusCode !== 200) throw new Error(`card refused: ${added.body}`);
  return json(added).data as { id: string; is_default: boolean };
}

export async function accountRow(t: TestApp, workspaceId: string) {
  const [row] = await t.database.withWorkspace(workspaceId, (tx) =>
    tx.select().from(billingAccounts).where(eq(billingAccounts.workspaceId, workspaceId)),
  );
  return row;
}

export async function planTagOf(t: TestApp, workspaceId: string) {
  const [row] = await t.database.withWorkspace(workspaceId, (tx) =>
    tx.select({ planTag: workspaces.planTag }).from(workspaces).where(eq(workspaces.id, workspaceId)),
  );
  return row?.planTag ?? null;
}

/** The organization's subscription as its member reads it (`GET /v1/subscription/current`). */
export async function currentOf(t: TestApp, token: string): Promise<Subscription> {
  const response = await t.app.inject({ method: 'GET', url: '/v1/subscription/current', headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`current subscription: ${response.body}`);
  return response.json().data;
}
