import type { SubscriptionStatus } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { workspaces } from '../../../platform/identity/workspaces.tables.ts';
import { type BillingAccountRow, billingAccounts } from '../billing.tables.ts';
import { planOfPrice } from './plan-prices.ts';

const date = (unix: number | null | undefined) => (unix ? new Date(unix * 1000) : null);

/** SPEC 4's state of a Stripe subscription. */
export function statusOf(subscription: Stripe.Subscription): SubscriptionStatus {
  switch (subscription.status) {
    case 'canceled':
    case 'incomplete_expired':
      return 'expired';
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return 'past_due';
    default:
      return subscription.cancel_at_period_end || subscription.cancel_at ? 'cancelled' : 'active';
  }
}

/**
 * What the billing account becomes from Stripe's subscription: plan and cycle from its item's price, the period
 * from its item (API 2026-10-28), status, trial and renewal; the scheduled downgrade goes once it has begun. Answers null when the price is no plan of ours (nothing to change).
 */
export async function accountFromSubscription(
  ctx: AppContext,
  account: BillingAccountRow,
  subscription: Stripe.Subscription,
): Promise<Partial<typeof billingAccounts.$inferInsert> | null> {
  const item = subscription.items.data[0];
  const found = item ? await planOfPrice(ctx, item.price) : null;
  if (!item || !found) return null;
  const status = statusOf(subscription);
  // the scheduled downgrade has begun (a schedule released or cancelled otherwise: its own event, or the withdrawal)
  const scheduleGone = found.plan.id === account.nextPlanId;
  return {
    stripeSubscriptionId: subscription.id,
    planId: found.plan.id,
    billingCycle: found.cycle,
    status,
    periodStart: date(item.current_period_start),
    periodEnd: date(item.current_period_end),
    trialEnd: subscription.status === 'trialing' ? date(subscription.trial_end) : null,
    autoRenewal: status === 'active',
    ...(scheduleGone ? { nextPlanId: null, stripeScheduleId: null } : {}),
    ...(found.plan.id !== account.planId && item.price.unit_amount !== null
      ? { paidPriceCents: item.price.unit_amount }
      : {}),
  };
}

/** Saves the account's new state and the organization's `plan_tag` (what the web app reads) with it. */
export async function saveAccountState(
  tx: Tx,
  workspaceId: string,
  changes: Partial<typeof billingAccounts.$inferInsert>,
  planTag: string | null | undefined,
): Promise<BillingAccountRow> {
  const [row] = await tx
    .update(billingAccounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(billingAccounts.workspaceId, workspaceId))
    .returning();
  if (planTag !== undefined)
    await tx.update(workspaces).set({ planTag, updatedAt: new Date() }).where(eq(workspaces.id, workspaceId));
  return row!;
}
