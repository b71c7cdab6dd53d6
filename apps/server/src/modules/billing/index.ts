import type { AppContext } from '../../context.ts';
import type { SubscriptionPlanRow } from './billing.tables.ts';
import { createPlansService } from './plans.service.ts';

export {
  type BillingAccountRow,
  billingAccounts,
  type SubscriptionPlanRow,
  stripeEvents,
  subscriptionPlans,
  type WalletRow,
  type WalletTransactionRow,
  wallets,
  walletTransactions,
} from './billing.tables.ts';
export {
  billingAccountOf,
  billingEnabled,
  featureAllowed,
  limitsOf,
  type OrganizationLimits,
  planInForce,
  planOf,
  requireFeature,
} from './billing-gate.ts';
export { callStripe, stripeFailure, stripeForBilling, stripeMessage } from './stripe-errors.ts';
export { chargedCents } from './stripe-plan-sync.ts';
export { currentSubscription } from './subscription/current.ts';
// the wallet's ledger: broadcasts reserve and settle through it, AI answers are withdrawn from it, Stripe's webhook
// credits top-ups
export {
  creditTopUp,
  deposit,
  InsufficientFundsError,
  release,
  reserve,
  reservedFor,
  settle,
  withdraw,
} from './wallet/index.ts';

/**
 * The plan with its Stripe Product and Prices, made now when missing (a plan saved before a key was set): call it
 * before subscribing an organization to it. 409 when no Stripe key is set; 502 with Stripe's message when it fails.
 */
export const ensurePlanInStripe = (ctx: AppContext, plan: SubscriptionPlanRow) =>
  createPlansService(ctx).ensureInStripe(plan);
