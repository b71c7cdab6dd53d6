import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { BillingAccountRow } from '../billing.tables.ts';

/**
 * Wallet top-ups (PaymentIntents with `metadata.kind === 'top_up'`) are the wallet's to credit.
 * MERGE: connect `creditTopUp(ctx, intent)` from `billing/wallet/index.ts` here; until then they are left alone.
 * Other PaymentIntents (a subscription's invoice) need nothing: the invoice's own events tell.
 */
export async function topUpSucceeded(
  _ctx: AppContext,
  _tx: Tx,
  _account: BillingAccountRow,
  intent: Stripe.PaymentIntent,
): Promise<string | null> {
  if (intent.metadata?.kind !== 'top_up') return null;
  return null;
}

/** A top-up's charge failed: nothing was credited, so nothing to undo (the wallet part may tell its owners). */
export async function topUpPaymentFailed(
  _ctx: AppContext,
  _tx: Tx,
  _account: BillingAccountRow,
  _intent: Stripe.PaymentIntent,
): Promise<string | null> {
  return null;
}
