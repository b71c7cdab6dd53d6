import { createAdmin, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, type TestApp } from '../../../test/test-app.ts';
import type { BillingAccountRow } from './billing.tables.ts';
import { billingAccounts } from './billing.tables.ts';

export const STRIPE_KEY = 'sk_test_fake_stripe_key';

export const planBody = (overrides: Record<string, unknown> = {}) => ({
  tag: 'pro',
  name: 'Pro',
  currency: 'usd',
  monthly_price_cents: 2900,
  yearly_price_cents: 29000,
  discounted_monthly_price_cents: null,
  discounted_yearly_price_cents: 24000,
  wallet_multiplier: 1.1,
  popular: true,
  member_limit: 5,
  channel_limit: 2,
  ai_agent_limit: null,
  features: ['broadcast'],
  ...overrides,
});

/** Sets system settings as a super admin does on the settings pages. */
export async function setSettings(t: TestApp, settings: Record<string, string>) {
  const root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
  const response = await t.app.inject({
    method: 'PUT',
    url: '/v1/system-setting',
    headers: bearer(root),
    payload: { settings: Object.entries(settings).map(([key, value]) => ({ key, value })) },
  });
  if (response.statusCode !== 200) throw new Error(`settings refused: ${response.body}`);
}

/** Puts an organization on a plan as the subscription flow would leave it (Stripe's state, without Stripe). */
export async function subscribe(
  t: TestApp,
  workspaceId: string,
  planId: string,
  account: Partial<typeof billingAccounts.$inferInsert> = {},
): Promise<BillingAccountRow> {
  const [row] = await t.database.withWorkspace(workspaceId, (tx) =>
    tx
      .insert(billingAccounts)
      .values({
        workspaceId,
        planId,
        status: 'active',
        billingCycle: 'monthly',
        autoRenewal: true,
        periodStart: new Date(Date.now() - 86_400_000),
        periodEnd: new Date(Date.now() + 29 * 86_400_000),
        paidPriceCents: 2900,
        ...account,
      })
      .returning(),
  );
  return row!;
}
