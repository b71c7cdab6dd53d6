import type { BillingCycle } from '@omnichat/contracts';
import { eq, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import { type SubscriptionPlanRow, subscriptionPlans } from '../billing.tables.ts';
import { callStripe } from './stripe-calls.ts';

/** What a cycle of the plan costs: the discounted price when there is one. */
export const cyclePriceCents = (plan: SubscriptionPlanRow, cycle: BillingCycle) =>
  cycle === 'monthly'
    ? (plan.discountedMonthlyPriceCents ?? plan.monthlyPriceCents)
    : (plan.discountedYearlyPriceCents ?? plan.yearlyPriceCents);

/**
 * The plan's Stripe Price for a cycle, making its Product and Prices when the plan has none yet.
 * MERGE: the plans helper's `ensurePlanInStripe` does the same; use it instead of this one.
 */
export async function stripePriceOf(
  ctx: AppContext,
  stripe: Stripe,
  plan: SubscriptionPlanRow,
  cycle: BillingCycle,
): Promise<string> {
  const kept = cycle === 'monthly' ? plan.stripeMonthlyPriceId : plan.stripeYearlyPriceId;
  if (kept) return kept;
  const productId =
    plan.stripeProductId ??
    (
      await callStripe(() =>
        stripe.products.create(
          { name: plan.name, metadata: { plan_id: plan.id, tag: plan.tag } },
          { idempotencyKey: `plan-product-${plan.id}` },
        ),
      )
    ).id;
  const price = await callStripe(() =>
    stripe.prices.create(
      {
        product: productId,
        currency: plan.currency,
        unit_amount: cyclePriceCents(plan, cycle),
        recurring: { interval: cycle === 'monthly' ? 'month' : 'year' },
        metadata: { plan_id: plan.id, cycle },
      },
      { idempotencyKey: `plan-price-${plan.id}-${cycle}-${cyclePriceCents(plan, cycle)}` },
    ),
  );
  await ctx.database.platform((db) =>
    db
      .update(subscriptionPlans)
      .set(
        cycle === 'monthly'
          ? { stripeProductId: productId, stripeMonthlyPriceId: price.id }
          : { stripeProductId: productId, stripeYearlyPriceId: price.id },
      )
      .where(eq(subscriptionPlans.id, plan.id)),
  );
  return price.id;
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
