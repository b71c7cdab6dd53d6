import { z } from 'zod';
import { walletPushSchema } from '../wallet-push.ts';

/** Billing (issue 25): the wallet's and Stripe's news of an organization. */
export const billingEvents = {
  /** A ledger movement changed the balance or what is reserved (in the transaction that moved it). */
  'wallet.changed': walletPushSchema,
  /** A movement left the wallet under the organization's low-balance threshold (told once until a deposit lifts it). */
  'wallet.low_balance': z.object({ balance_cents: z.number().int(), threshold_cents: z.number().int() }),
  /** a renewal's charge failed: the subscription is past due until Stripe's retries succeed or give up */
  'subscription.payment_failed': z.object({
    invoice_id: z.string(),
    amount_due_cents: z.number().int(),
    currency: z.string(),
    plan_name: z.string().nullable(),
  }),
};
