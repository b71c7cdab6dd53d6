import { PLAN_FEATURES, type Subscription, type SubscriptionStatus } from '@omnichat/contracts';
import type { AppContext } from '../../../context.ts';
import { billingAccountOf, billingEnabled, planInForce } from '../billing-gate.ts';

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/**
 * The organization's subscription as `GET /v1/subscription/current` answers it. `plan_tag` names the plan in force
 * only (null when not subscribed, expired or lapsed); `features` is every feature while billing is off.
 */
export async function currentSubscription(
  ctx: AppContext,
  workspaceId: string,
  now = new Date(),
): Promise<Subscription> {
  const enabled = await billingEnabled(ctx);
  const found = await ctx.database.withWorkspace(workspaceId, (tx) => billingAccountOf(tx, workspaceId));
  const allFeatures = [...PLAN_FEATURES];
  if (!found) {
    return {
      plan_tag: null,
      plan_name: null,
      status: 'not_subscribed',
      billing_cycle: null,
      start: null,
      end: null,
      next_billing_date: null,
      trial_end: null,
      auto_renewal: false,
      paid_price_cents: null,
      currency: null,
      next_plan_tag: null,
      billing_enabled: enabled,
      features: enabled ? [] : allFeatures,
    };
  }
  const { account, plan, nextPlan } = found;
  const inForce = plan !== null && planInForce(account, now);
  // a cancelled period that ended is expired, whether or not Stripe's event has arrived yet
  const status: SubscriptionStatus =
    plan && !inForce && account.status !== 'not_subscribed' ? 'expired' : plan ? account.status : 'not_subscribed';
  const renewing = inForce && account.autoRenewal && (status === 'active' || status === 'past_due');
  return {
    plan_tag: inForce ? plan.tag : null,
    plan_name: inForce ? plan.name : null,
    status,
    billing_cycle: inForce ? account.billingCycle : null,
    start: inForce ? seconds(account.periodStart) : null,
    end: inForce ? seconds(account.periodEnd) : null,
    next_billing_date: renewing ? seconds(account.periodEnd) : null,
    trial_end: seconds(account.trialEnd),
    auto_renewal: inForce && account.autoRenewal,
    paid_price_cents: inForce ? account.paidPriceCents : null,
    currency: plan?.currency ?? null,
    next_plan_tag: inForce ? (nextPlan?.tag ?? null) : null,
    billing_enabled: enabled,
    features: enabled ? (inForce ? [...plan.features] : []) : allFeatures,
  };
}
