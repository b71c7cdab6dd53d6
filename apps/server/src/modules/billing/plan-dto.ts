import type { Plan, PlanBody, PublicPlan, planBodySchema } from '@omnichat/contracts';
import type { z } from 'zod';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { SubscriptionPlanRow, subscriptionPlans } from './billing.tables.ts';

export type PlanInput = z.output<typeof planBodySchema>;

/** What a buyer may see of a plan: prices, limits, features; never Stripe's ids or the subscriber count. */
export const toPublicPlan = (row: SubscriptionPlanRow): PublicPlan => ({
  id: row.id,
  tag: row.tag,
  name: row.name,
  currency: row.currency,
  monthly_price_cents: row.monthlyPriceCents,
  yearly_price_cents: row.yearlyPriceCents,
  discounted_monthly_price_cents: row.discountedMonthlyPriceCents,
  discounted_yearly_price_cents: row.discountedYearlyPriceCents,
  wallet_multiplier: row.walletMultiplierMilli / 1000,
  popular: row.popular,
  member_limit: row.memberLimit,
  channel_limit: row.channelLimit,
  ai_agent_limit: row.aiAgentLimit,
  features: row.features,
});

export const toPlanDto = (row: SubscriptionPlanRow, subscriberCount: number): Plan => ({
  ...toPublicPlan(row),
  hidden: row.hidden,
  subscriber_count: subscriberCount,
  stripe_product_id: row.stripeProductId,
  created_at: toUnixSeconds(row.createdAt),
  updated_at: toUnixSeconds(row.updatedAt),
});

/** The row's columns for a validated body; the wallet multiplier is kept in thousandths (1.1 → 1100). */
export const toPlanColumns = (body: PlanInput) =>
  ({
    tag: body.tag,
    name: body.name,
    currency: body.currency,
    monthlyPriceCents: body.monthly_price_cents,
    yearlyPriceCents: body.yearly_price_cents,
    discountedMonthlyPriceCents: body.discounted_monthly_price_cents ?? null,
    discountedYearlyPriceCents: body.discounted_yearly_price_cents ?? null,
    walletMultiplierMilli: Math.round(body.wallet_multiplier * 1000),
    popular: body.popular,
    hidden: body.hidden,
    memberLimit: body.member_limit ?? null,
    channelLimit: body.channel_limit ?? null,
    aiAgentLimit: body.ai_agent_limit ?? null,
    features: [...new Set(body.features)],
  }) satisfies Partial<typeof subscriptionPlans.$inferInsert>;

/** What the audit log keeps of a plan. */
export const auditedPlan = (row: SubscriptionPlanRow): PlanBody & { stripe_product_id: string | null } => {
  const { id: _id, ...shown } = toPublicPlan(row);
  return { ...shown, hidden: row.hidden, stripe_product_id: row.stripeProductId };
};
