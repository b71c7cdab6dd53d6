import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { pageField, pageSizeField } from './fields.ts';
import {
  BILLING_CYCLES,
  currentSubscriptionEndpoint,
  PLAN_FEATURES,
  SUBSCRIPTION_STATUSES,
  subscriptionSchema,
} from './workspace.ts';

/** Billing (issue 25): plans, the organization's subscription, its payment methods and its wallet. Money: integer cents. */

// the subscription's answer lives in workspace.ts: the organization app's first screen reads it (menu locks)
// without the rest of billing's schemas
export {
  BILLING_CYCLES,
  type BillingCycle,
  currentSubscriptionEndpoint,
  PLAN_FEATURES,
  type PlanFeature,
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionStatus,
  subscriptionSchema,
} from './workspace.ts';

export const BILLING_LIMITS = {
  tagMax: 49,
  nameMax: 100,
  currencyMax: 9,
  /** $1,000,000.00 */
  priceMaxCents: 100_000_000,
  walletMultiplierMax: 10,
  /** SPEC 8: top-ups of whole dollars, $10 at least */
  topUpMinCents: 1000,
  topUpMaxCents: 10_000_000,
  adjustmentMaxCents: 100_000_000,
  adjustmentReasonMax: 200,
} as const;

const cents = z
  .number({ error: 'request_invalid' })
  .int({ error: 'request_invalid' })
  .min(0)
  .max(BILLING_LIMITS.priceMaxCents);
const limit = z.number().int().min(0).max(1_000_000).nullable().optional();

export const planBodySchema = z.object({
  tag: z
    .string({ error: 'plan_tag_required' })
    .trim()
    .min(1, { error: 'plan_tag_required' })
    .max(BILLING_LIMITS.tagMax, { error: 'plan_tag_too_long' })
    .regex(/^[a-z0-9][a-z0-9_-]*$/, { error: 'plan_tag_invalid' }),
  name: z
    .string({ error: 'plan_name_required' })
    .trim()
    .min(1, { error: 'plan_name_required' })
    .max(BILLING_LIMITS.nameMax),
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .min(3, { error: 'plan_currency_invalid' })
    .max(BILLING_LIMITS.currencyMax, { error: 'plan_currency_invalid' })
    .regex(/^[a-z]+$/, { error: 'plan_currency_invalid' })
    .default('usd'),
  monthly_price_cents: cents,
  yearly_price_cents: cents,
  discounted_monthly_price_cents: cents.nullable().optional(),
  discounted_yearly_price_cents: cents.nullable().optional(),
  /** 1 normal; 1.1 credits 10% extra on top-ups (kept to 3 decimals) */
  wallet_multiplier: z.number().min(1).max(BILLING_LIMITS.walletMultiplierMax).default(1),
  popular: z.boolean().default(false),
  /** hidden plans are not offered (a plan with subscribers is hidden, never deleted) */
  hidden: z.boolean().default(false),
  /** empty = unlimited */
  member_limit: limit,
  channel_limit: limit,
  ai_agent_limit: limit,
  features: z
    .array(z.enum(PLAN_FEATURES, { error: 'request_invalid' }))
    .max(PLAN_FEATURES.length)
    .default([]),
});
export type PlanBody = z.input<typeof planBodySchema>;

export const publicPlanSchema = z.object({
  id: z.uuid(),
  tag: z.string(),
  name: z.string(),
  currency: z.string(),
  monthly_price_cents: z.number().int(),
  yearly_price_cents: z.number().int(),
  discounted_monthly_price_cents: z.number().int().nullable(),
  discounted_yearly_price_cents: z.number().int().nullable(),
  wallet_multiplier: z.number(),
  popular: z.boolean(),
  member_limit: z.number().int().nullable(),
  channel_limit: z.number().int().nullable(),
  ai_agent_limit: z.number().int().nullable(),
  features: z.array(z.enum(PLAN_FEATURES)),
});
export type PublicPlan = z.infer<typeof publicPlanSchema>;

export const planSchema = publicPlanSchema.extend({
  hidden: z.boolean(),
  subscriber_count: z.number().int(),
  /** Stripe's Product of the plan, null until billing has been switched on with a key */
  stripe_product_id: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Plan = z.infer<typeof planSchema>;

export const changeSubscriptionBodySchema = z.object({
  plan_tag: z.string({ error: 'plan_not_found' }).trim().min(1, { error: 'plan_not_found' }).max(BILLING_LIMITS.tagMax),
  billing_cycle: z.enum(BILLING_CYCLES, { error: 'request_invalid' }),
});

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  amount_paid_cents: z.number().int(),
  amount_due_cents: z.number().int(),
  currency: z.string(),
  created_at: z.number(),
  period_start: z.number().nullable(),
  period_end: z.number().nullable(),
  hosted_invoice_url: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  is_default: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const WALLET_TRANSACTION_TYPES = ['deposit', 'withdrawal'] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

export const walletSchema = z.object({
  balance_cents: z.number().int(),
  currency: z.string(),
  /** cents still held for broadcasts under way (part of the balance, not spendable) */
  reserved_cents: z.number().int(),
  /** owners and admins are told once when the balance falls under it; null: never */
  low_balance_threshold_cents: z.number().int().nullable(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletTransactionSchema = z.object({
  id: z.uuid(),
  created_at: z.number(),
  /** what it was for: top_up, broadcast, adjustment, ... */
  topic: z.string(),
  /** a short description: the broadcast's name, an operator's reason */
  description: z.string().nullable(),
  amount_cents: z.number().int(),
  type: z.enum(WALLET_TRANSACTION_TYPES),
  balance_after_cents: z.number().int(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const topUpBodySchema = z.object({
  amount_cents: z
    .number({ error: 'top_up_amount_invalid' })
    .int({ error: 'top_up_amount_invalid' })
    .min(BILLING_LIMITS.topUpMinCents, { error: 'top_up_amount_invalid' })
    .max(BILLING_LIMITS.topUpMaxCents, { error: 'top_up_amount_invalid' })
    .refine((value) => value % 100 === 0, { error: 'top_up_amount_invalid' }),
});

const idParams = z.object({ id: z.uuid({ error: 'not_found' }) });
const stripeIdParams = z.object({ id: z.string().min(1).max(255) });

export const planEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/admin/subscription-plans',
    response: z.array(planSchema),
    summary: 'Every subscription plan, hidden ones included, with its subscriber count (workspace_management_read)',
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/admin/subscription-plans',
    body: planBodySchema,
    response: planSchema,
    summary: 'Create a plan (kept as a Stripe Product with a monthly and a yearly Price once Stripe is configured)',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/admin/subscription-plans/:id',
    params: idParams,
    body: planBodySchema,
    response: planSchema,
    summary: 'Update a plan; a price change makes new Stripe Prices (subscribers keep theirs until they change plan)',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/admin/subscription-plans/:id',
    params: idParams,
    response: z.object({ id: z.uuid() }),
    summary: 'Delete a plan without subscribers (a plan with subscribers can only be hidden)',
  }),
  public: endpoint({
    method: 'GET',
    path: '/public/v1/subscription-plans',
    response: z.array(publicPlanSchema),
    summary: 'The plans on offer (not hidden), cheapest first, with prices, limits and features',
  }),
};

export const subscriptionEndpoints = {
  current: currentSubscriptionEndpoint,
  change: endpoint({
    method: 'PUT',
    path: '/v1/subscription/current',
    body: changeSubscriptionBodySchema,
    response: subscriptionSchema,
    summary: 'Subscribe, upgrade (at once, prorated) or downgrade (from the next period) (owner or admin)',
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/v1/subscription/current/cancel',
    response: subscriptionSchema,
    summary: 'Cancel at the period end: access is kept until then (owner or admin)',
  }),
  resume: endpoint({
    method: 'POST',
    path: '/v1/subscription/current/resume',
    response: subscriptionSchema,
    summary: 'Resume a cancelled subscription before its period ends (owner or admin)',
  }),
  withdrawDowngrade: endpoint({
    method: 'DELETE',
    path: '/v1/subscription/current/next-plan',
    response: subscriptionSchema,
    summary: 'Withdraw the scheduled downgrade (owner or admin)',
  }),
  invoices: endpoint({
    method: 'GET',
    path: '/v1/subscription/invoices',
    response: z.array(invoiceSchema),
    summary: "The organization's invoices, newest first, with Stripe's hosted invoice link (owner or admin)",
  }),
};

export const paymentMethodEndpoints = {
  setupIntent: endpoint({
    method: 'POST',
    path: '/v1/billing/setup-intent',
    response: z.object({ client_secret: z.string(), publishable_key: z.string() }),
    summary: 'Start adding a card: a Stripe SetupIntent for Stripe.js Elements (owner or admin)',
  }),
  add: endpoint({
    method: 'POST',
    path: '/v1/billing/payment-methods',
    body: z.object({ payment_method_id: z.string({ error: 'request_invalid' }).min(1).max(255) }),
    response: paymentMethodSchema,
    summary: 'Keep the card Stripe.js confirmed (the first one becomes the default)',
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/billing/payment-methods',
    response: z.array(paymentMethodSchema),
    summary: "The organization's cards: brand, last 4, expiry, which is the default",
  }),
  setDefault: endpoint({
    method: 'PUT',
    path: '/v1/billing/payment-methods/:id/default',
    params: stripeIdParams,
    response: paymentMethodSchema,
    summary: 'Make a card the default (subscriptions and top-ups are charged to it)',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/billing/payment-methods/:id',
    params: stripeIdParams,
    response: z.object({ id: z.string() }),
    summary: 'Remove a card (not the last one while subscribed)',
  }),
};

export const walletEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/v1/wallet',
    response: walletSchema,
    summary: "The organization's wallet balance (owner or admin)",
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/v1/wallet/transactions',
    query: z.object({
      type: z.enum(WALLET_TRANSACTION_TYPES, { error: 'request_invalid' }).optional(),
      page: pageField,
      size: pageSizeField,
    }),
    response: z.array(walletTransactionSchema),
    paged: true,
    summary: "The wallet's transactions, newest first (owner or admin)",
  }),
  topUp: endpoint({
    method: 'POST',
    path: '/v1/wallet/top-up',
    body: topUpBodySchema,
    response: walletSchema,
    summary:
      'Top up whole dollars ($10 at least), charged to the default card; credited × the plan’s wallet multiplier once Stripe confirms',
  }),
  settings: endpoint({
    method: 'PUT',
    path: '/v1/wallet/settings',
    body: z.object({
      low_balance_threshold_cents: z.number().int().min(0).max(BILLING_LIMITS.adjustmentMaxCents).nullable(),
    }),
    response: walletSchema,
    summary: 'Set the low-balance warning threshold (owner or admin)',
  }),
};

export const stripeTestBodySchema = z.object({
  /** the key to try before saving it; the saved one when left out */
  secret_key: z.string().trim().max(255).optional(),
});

export const stripeAdminEndpoints = {
  test: endpoint({
    method: 'POST',
    path: '/v1/admin/billing/stripe/test',
    body: stripeTestBodySchema,
    response: z.object({ ok: z.literal(true), livemode: z.boolean() }),
    summary:
      "Test the Stripe secret key (the one given, else the saved one) by reading Stripe's balance (system admin)",
  }),
};

/** An organization as the operator's view lists it: its plan, subscription and wallet. */
export const adminBillingOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  plan_tag: z.string().nullable(),
  plan_name: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  billing_cycle: z.enum(BILLING_CYCLES).nullable(),
  period_end: z.number().nullable(),
  trial_end: z.number().nullable(),
  /** a plan granted without payment until `period_end` */
  comp: z.boolean(),
  balance_cents: z.number().int(),
  currency: z.string(),
});
export type AdminBillingOrganization = z.infer<typeof adminBillingOrganizationSchema>;

export const walletAdjustmentBodySchema = z.object({
  /** positive credits, negative debits */
  amount_cents: z
    .number({ error: 'adjustment_amount_invalid' })
    .int({ error: 'adjustment_amount_invalid' })
    .min(-BILLING_LIMITS.adjustmentMaxCents, { error: 'adjustment_amount_invalid' })
    .max(BILLING_LIMITS.adjustmentMaxCents, { error: 'adjustment_amount_invalid' })
    .refine((value) => value !== 0, { error: 'adjustment_amount_invalid' }),
  reason: z
    .string({ error: 'adjustment_reason_required' })
    .trim()
    .min(1, { error: 'adjustment_reason_required' })
    .max(BILLING_LIMITS.adjustmentReasonMax, { error: 'adjustment_reason_required' }),
  /** made by the browser once per dialog: the same id again moves the money once (a double click) */
  request_id: z.uuid({ error: 'request_invalid' }),
});
export type WalletAdjustmentBody = z.infer<typeof walletAdjustmentBodySchema>;

const futureSeconds = z
  .number({ error: 'billing_date_in_past' })
  .int({ error: 'billing_date_in_past' })
  // the year 2100: beyond it a date is a mistake (and past JavaScript's dates it would not be one)
  .max(4_102_444_800, { error: 'request_invalid' })
  .refine((value) => value > Date.now() / 1000, { error: 'billing_date_in_past' });

export const compBodySchema = z.object({
  plan_tag: z.string({ error: 'plan_not_found' }).trim().min(1, { error: 'plan_not_found' }).max(BILLING_LIMITS.tagMax),
  /** unix seconds: the plan is in force until then */
  until: futureSeconds,
});
export type CompBody = z.infer<typeof compBodySchema>;

export const trialBodySchema = z.object({ trial_end: futureSeconds });

/** One event in an organization's subscription history: an operator's action or an applied Stripe event. */
export const subscriptionHistoryEntrySchema = z.object({
  /** unix seconds */
  at: z.number().int(),
  /** the audit action (`subscription.comp`, `subscription.trial_extend`, `wallet.adjust`) or the Stripe event type */
  kind: z.string(),
  plan_tag: z.string().nullable(),
  amount_cents: z.number().int().nullable(),
  status: z.string().nullable(),
  /** the system admin's name for an operator's action; null for Stripe's */
  actor: z.string().nullable(),
});
export type SubscriptionHistoryEntry = z.infer<typeof subscriptionHistoryEntrySchema>;

export const adminBillingEndpoints = {
  organizations: endpoint({
    method: 'GET',
    path: '/v1/admin/billing/organizations',
    query: z.object({ keyword: z.string().trim().max(200).optional(), page: pageField, size: pageSizeField }),
    response: z.array(adminBillingOrganizationSchema),
    paged: true,
    summary:
      'Every organization with its plan, status, cycle, period end and wallet balance (workspace_management_read)',
  }),
  adjustWallet: endpoint({
    method: 'POST',
    path: '/v1/admin/billing/organizations/:id/wallet-adjustment',
    params: idParams,
    body: walletAdjustmentBodySchema,
    response: adminBillingOrganizationSchema,
    summary:
      "Credit (positive) or debit (negative) an organization's wallet with a reason, once per request_id (audited)",
  }),
  comp: endpoint({
    method: 'POST',
    path: '/v1/admin/billing/organizations/:id/comp',
    params: idParams,
    body: compBodySchema,
    response: adminBillingOrganizationSchema,
    summary:
      'Grant a plan without payment until a time (audited); 409 while the organization pays for a plan through Stripe',
  }),
  trial: endpoint({
    method: 'POST',
    path: '/v1/admin/billing/organizations/:id/trial',
    params: idParams,
    body: trialBodySchema,
    response: adminBillingOrganizationSchema,
    summary: "Extend the organization's trial to a time (audited)",
  }),
  history: endpoint({
    method: 'GET',
    path: '/v1/admin/billing/organizations/:id/history',
    params: idParams,
    query: z.object({ page: pageField, size: pageSizeField }),
    response: z.array(subscriptionHistoryEntrySchema),
    paged: true,
    summary:
      "An organization's subscription history, newest first: operators' billing actions and applied Stripe events (subscription_history_read)",
  }),
};
