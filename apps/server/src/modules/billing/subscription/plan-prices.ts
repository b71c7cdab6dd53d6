import type { BillingCycle } from '@omnichat/contracts';
import { eq, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import { type SubscriptionPlanRow, subscriptionPlans } from '../billing.tables.ts';
import { createPlansService } from '../plans.service.ts';

/** The plan's Stripe Price for a cycle, its Product and Prices made first when the plan has none yet. */
export async function stripePriceOf(ctx: AppContext, plan: SubscriptionPlanRow, cycle: BillingCycle): Promise<string> {
  const synced = await createPlansService(ctx).ensureInStripe(plan);
  return (cycle === 'monthly' ? synced.stripeMonthlyPriceId : synced.stripeYearlyPriceId)!;
}

export async function planByTag(ctx: AppContext, tag: string) {
  const [plan] = await ctx.database.platform((db) =>
    db.select().from(subscriptionPlans).where(eq(subscriptionPlans.tag, tag)),
  );
  return plan ?? null;
}

export async function planById(ctx: AppContext, id: string | null) {
  if (!id) return null;
  const [plan] = await ctx.database.platform((db) =>
    db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)),
  );
  return plan ?? null;
}

/**
 * The plan and cycle of a Stripe Price: by its id, or by its Product and interval (a plan whose price changed has
 * new Prices; subscribers on the old ones are still on the plan).
 */
export async function planOfPrice(
  ctx: AppContext,
  price: Stripe.Price,
): Promise<{ plan: SubscriptionPlanRow; cycle: BillingCycle } | null> {
  const productId = typeof price.product === 'string' ? price.product : price.product.id;
  const plans = await ctx.database.platform((db) =>
    db
      .select()
      .from(subscriptionPlans)
      .where(
        or(
          eq(subscriptionPlans.stripeMonthlyPriceId, price.id),
          eq(subscriptionPlans.stripeYearlyPriceId, price.id),
          eq(subscriptionPlans.stripeProductId, productId),
        ),
      ),
  );
  const plan = plans[0];
  if (!plan) return null;
  const cycle: BillingCycle =
    price.id === plan.stripeMonthlyPriceId
      ? 'monthly'
      : price.id === plan.stripeYearlyPriceId
        ? 'yearly'
        : price.recurring?.interval === 'year'
          ? 'yearly'
          : 'monthly';
  return { plan, cycle };
}
