import type { BillingCycle, PlanFeature, SubscriptionStatus, WalletTransactionType } from '@omnichat/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { workspaceRef } from '../../platform/identity/workspaces.tables.ts';

/**
 * A subscription plan, platform-wide (no workspace: every organization may read the visible ones). Kept in Stripe
 * as a Product with one Price per cycle; a price change makes new Prices (Stripe's are immutable).
 */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: id(),
  tag: text('tag').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  yearlyPriceCents: integer('yearly_price_cents').notNull(),
  discountedMonthlyPriceCents: integer('discounted_monthly_price_cents'),
  discountedYearlyPriceCents: integer('discounted_yearly_price_cents'),
  /** thousandths: 1000 normal, 1100 credits 10% extra on top-ups */
  walletMultiplierMilli: integer('wallet_multiplier_milli').notNull().default(1000),
  popular: boolean('popular').notNull().default(false),
  hidden: boolean('hidden').notNull().default(false),
  memberLimit: integer('member_limit'),
  channelLimit: integer('channel_limit'),
  aiAgentLimit: integer('ai_agent_limit'),
  features: text('features').array().$type<PlanFeature[]>().notNull().default(sql`'{}'::text[]`),
  stripeProductId: text('stripe_product_id'),
  stripeMonthlyPriceId: text('stripe_monthly_price_id'),
  stripeYearlyPriceId: text('stripe_yearly_price_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;

/**
 * An organization's billing account: its Stripe customer, its subscription as Stripe last told it (one row per
 * organization), and its wallet's settings. `stripe_state_at` is the `created` time of the newest Stripe event
 * applied, so an older event never undoes a newer state.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    workspaceId: workspaceRef().primaryKey(),
    stripeCustomerId: text('stripe_customer_id').unique(),
    defaultPaymentMethodId: text('default_payment_method_id'),
    planId: uuid('plan_id').references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    billingCycle: text('billing_cycle').$type<BillingCycle>(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('not_subscribed'),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    stripeScheduleId: text('stripe_schedule_id'),
    nextPlanId: uuid('next_plan_id').references(() => subscriptionPlans.id, { onDelete: 'set null' }),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    paidPriceCents: integer('paid_price_cents'),
    /** a plan a system admin granted without payment, until `period_end` */
    comp: boolean('comp').notNull().default(false),
    stripeStateAt: bigint('stripe_state_at', { mode: 'number' }),
    lowBalanceThresholdCents: integer('low_balance_threshold_cents'),
    /** set when owners were told of a low balance; cleared when a deposit lifts it again */
    lowBalanceNotifiedAt: timestamp('low_balance_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('billing_accounts_plan_idx').on(t.planId)],
);
export type BillingAccountRow = typeof billingAccounts.$inferSelect;

/** A wallet's balance, moved only together with a ledger row; the CHECK keeps it from ever going below zero. */
export const wallets = pgTable(
  'wallets',
  {
    workspaceId: workspaceRef().primaryKey(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    /** held for broadcasts under way: part of the balance that cannot be spent elsewhere */
    reservedCents: bigint('reserved_cents', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('wallets_balance_not_negative', sql`${t.balanceCents} >= 0`),
    check('wallets_reserved_within_balance', sql`${t.reservedCents} >= 0 and ${t.reservedCents} <= ${t.balanceCents}`),
  ],
);
export type WalletRow = typeof wallets.$inferSelect;

/**
 * The wallet's ledger: append-only (a trigger refuses UPDATE and DELETE), one row per movement with the balance
 * after it. `idempotency_key` makes a movement happen once however often it is asked for (a top-up confirmed by
 * the request and by Stripe's webhook; a broadcast recipient settled twice).
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: id(),
    workspaceId: workspaceRef(),
    type: text('type').$type<WalletTransactionType>().notNull(),
    topic: text('topic').notNull(),
    description: text('description'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** what it refers to: a PaymentIntent, a broadcast, an admin's adjustment */
    reference: text('reference'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('wallet_transactions_idempotency').on(t.workspaceId, t.idempotencyKey),
    index('wallet_transactions_workspace_idx').on(t.workspaceId, t.createdAt, t.id),
    check('wallet_transactions_amount_positive', sql`${t.amountCents} > 0`),
    check('wallet_transactions_balance_not_negative', sql`${t.balanceAfterCents} >= 0`),
  ],
);
export type WalletTransactionRow = typeof walletTransactions.$inferSelect;

/**
 * Money a wallet holds for something under way (a broadcast: `broadcast:<id>`), part of `wallets.reserved_cents`:
 * what is left of it after its settlements, released when it ends.
 */
export const walletReservations = pgTable(
  'wallet_reservations',
  {
    workspaceId: workspaceRef(),
    reference: text('reference').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.reference] }),
    check('wallet_reservations_not_negative', sql`${t.cents} >= 0`),
  ],
);

/**
 * Stripe's events as delivered to the webhook: verified, stored once by id, applied by a job in the order of their
 * `created` time. Platform data: an event names its organization only through its Stripe customer.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** Stripe's `created` (unix seconds) */
    created: bigint('created', { mode: 'number' }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('stripe_events_unapplied_idx').on(t.receivedAt).where(sql`${t.appliedAt} is null`)],
);
