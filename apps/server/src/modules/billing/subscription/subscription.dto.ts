import { PLAN_FEATURES, type Subscription } from '@omnichat/contracts';
import { toUnixSeconds } from '../../../platform/db/columns.ts';
import type { BillingAccountRow, SubscriptionPlanRow } from '../billing.tables.ts';

/** States in which the plan's features are the organization's. */
const SERVED = new Set(['active', 'past_due', 'cancelled']);

const seconds = (date: Date | null) => (date ? toUnixSeconds(date) : null);

/**
 * The organization's subscription as the app shows it (SPEC 7). MERGE: the plans helper's `GET
 * /v1/subscription/current` answers the same; keep one.
 */
export function subscriptionDto(
  account: BillingAccountRow | null,
  plan: SubscriptionPlanRow | null,
  nextPlan: SubscriptionPlanRow | null,
  billingEnabled: boolean,
): Subscription {
  const status = account?.status ?? 'not_subscribed';
  const served = plan && SERVED.has(status);
  return {
    plan_tag: served ? plan.tag : null,
    plan_name: served ? plan.name : null,
    status,
    billing_cycle: served ? (account?.billingCycle ?? null) : null,
    start: seconds(account?.periodStart ?? null),
    end: seconds(account?.periodEnd ?? null),
    next_billing_date: account?.autoRenewal ? seconds(account.periodEnd) : null,
    trial_end: seconds(account?.trialEnd ?? null),
    auto_renewal: account?.autoRenewal ?? false,
    paid_price_cents: account?.paidPriceCents ?? null,
    currency: plan?.currency ?? null,
    next_plan_tag: served && nextPlan ? nextPlan.tag : null,
    billing_enabled: billingEnabled,
    features: !billingEnabled ? [...PLAN_FEATURES] : served ? plan.features : [],
  };
}
