import type { Plan, PublicPlan } from '@omnichat/contracts';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';

export const publicPlan = (n: number, overrides: Partial<PublicPlan> = {}): PublicPlan => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  tag: `plan-${n}`,
  name: `Plan ${n}`,
  currency: 'usd',
  monthly_price_cents: 2900 * n,
  yearly_price_cents: 29000 * n,
  discounted_monthly_price_cents: null,
  discounted_yearly_price_cents: null,
  wallet_multiplier: 1,
  popular: false,
  member_limit: 3 * n,
  channel_limit: 2 * n,
  ai_agent_limit: null,
  features: ['broadcast'],
  ...overrides,
});

export const adminPlan = (n: number, overrides: Partial<Plan> = {}): Plan => ({
  ...publicPlan(n),
  hidden: false,
  subscriber_count: 0,
  stripe_product_id: null,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  ...overrides,
});

/** An owner of the first organization, with the layout's calls stubbed and billing on. */
export function asOwner(routes: Parameters<typeof stubFetch>[0] = {}) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf({ ...WORKSPACES[0]!, role: 'owner' }));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture({ billing_enabled: true, features: [] }))],
    ...routes,
  });
}
