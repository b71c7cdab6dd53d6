import type { BillingCycle } from '@omnichat/contracts';
import type Stripe from 'stripe';
import type { SubscriptionPlanRow } from './billing.tables.ts';
import { stripeFailure } from './stripe-errors.ts';

type PlanPricing = Pick<
  SubscriptionPlanRow,
  | 'tag'
  | 'name'
  | 'currency'
  | 'monthlyPriceCents'
  | 'yearlyPriceCents'
  | 'discountedMonthlyPriceCents'
  | 'discountedYearlyPriceCents'
>;
export type PlanStripeIds = Pick<
  SubscriptionPlanRow,
  'stripeProductId' | 'stripeMonthlyPriceId' | 'stripeYearlyPriceId'
>;

const INTERVAL = { monthly: 'month', yearly: 'year' } as const satisfies Record<BillingCycle, string>;
const PRICE_FIELD = {
  monthly: 'stripeMonthlyPriceId',
  yearly: 'stripeYearlyPriceId',
} as const satisfies Record<BillingCycle, keyof PlanStripeIds>;

/** What a subscriber of the cycle is charged: the discounted price when there is one. */
export const chargedCents = (plan: PlanPricing, cycle: BillingCycle): number =>
  cycle === 'monthly'
    ? (plan.discountedMonthlyPriceCents ?? plan.monthlyPriceCents)
    : (plan.discountedYearlyPriceCents ?? plan.yearlyPriceCents);

export const isInStripe = (plan: PlanStripeIds) =>
  Boolean(plan.stripeProductId && plan.stripeMonthlyPriceId && plan.stripeYearlyPriceId);

/**
 * Makes Stripe hold the plan: its Product (name, tag in the metadata) and one recurring Price per cycle. Stripe's
 * Prices cannot change, so a cycle whose charge or currency changed gets a new Price and the old one is answered in
 * `retired` (to deactivate once our row points at the new one). When a call fails, what this call created is
 * archived again (best effort) and the failure is a 502 with Stripe's message; our rows are untouched by it.
 */
export async function syncPlanToStripe(
  stripe: Stripe,
  planId: string,
  plan: PlanPricing,
  stored: (PlanPricing & PlanStripeIds) | null,
): Promise<{ ids: PlanStripeIds; retired: string[] }> {
  const created: { product?: string; prices: string[] } = { prices: [] };
  try {
    const product = { name: plan.name, metadata: { plan_id: planId, tag: plan.tag } };
    let productId = stored?.stripeProductId ?? null;
    if (productId) await stripe.products.update(productId, product);
    else {
      productId = (await stripe.products.create(product)).id;
      created.product = productId;
    }
    const ids: PlanStripeIds = { stripeProductId: productId, stripeMonthlyPriceId: null, stripeYearlyPriceId: null };
    const retired: string[] = [];
    for (const cycle of ['monthly', 'yearly'] as const) {
      const current = stored?.[PRICE_FIELD[cycle]] ?? null;
      const unchanged =
        current !== null &&
        stored !== null &&
        stored.stripeProductId === productId &&
        stored.currency === plan.currency &&
        chargedCents(stored, cycle) === chargedCents(plan, cycle);
      if (unchanged) {
        ids[PRICE_FIELD[cycle]] = current;
        continue;
      }
      const price = await stripe.prices.create({
        product: productId,
        currency: plan.currency,
        unit_amount: chargedCents(plan, cycle),
        recurring: { interval: INTERVAL[cycle] },
        metadata: { plan_id: planId, tag: plan.tag, cycle },
      });
      created.prices.push(price.id);
      ids[PRICE_FIELD[cycle]] = price.id;
      if (current) retired.push(current);
    }
    return { ids, retired };
  } catch (error) {
    await undo(stripe, created);
    throw stripeFailure(error);
  }
}

/** Archives what a failed sync created, so Stripe offers nothing our database does not know. */
async function undo(stripe: Stripe, created: { product?: string; prices: string[] }) {
  for (const price of created.prices) await stripe.prices.update(price, { active: false }).catch(() => undefined);
  if (created.product) await stripe.products.update(created.product, { active: false }).catch(() => undefined);
}

/** Deactivates Prices a plan no longer uses (subscribers on them keep them until they change plan). */
export async function retirePrices(stripe: Stripe, priceIds: string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const id of priceIds) {
    await stripe.prices.update(id, { active: false }).catch(() => failed.push(id));
  }
  return failed;
}
