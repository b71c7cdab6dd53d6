import { z } from 'zod';

/** Billing (issue 25): what Stripe told of an organization's subscription. */
export const billingEvents = {
  /** a renewal's charge failed: the subscription is past due until Stripe's retries succeed or give up */
  'subscription.payment_failed': z.object({
    invoice_id: z.string(),
    amount_due_cents: z.number().int(),
    currency: z.string(),
    plan_name: z.string().nullable(),
  }),
};
