import Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../platform/errors.ts';

/** Whether the operator switched billing on (system setting `billing.enabled`). */
export async function billingEnabled(ctx: AppContext): Promise<boolean> {
  return (await ctx.settings.values(['billing.enabled']))['billing.enabled'] === 'true';
}

/** Stripe's SDK for a billing action: 409 while billing is off or no secret key is set. */
export async function stripeForBilling(ctx: AppContext): Promise<Stripe> {
  const stripe = (await billingEnabled(ctx)) ? await ctx.stripe.client() : null;
  if (!stripe) throw new AppError(409, 'billing_not_enabled');
  return stripe;
}

/**
 * A Stripe call whose failures the caller understands: a declined card → 402 with Stripe's own words, Stripe away
 * or failing → 502 (the SDK already retried what is safe to retry), anything else as it came.
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeFailure(error);
  }
}

export function stripeFailure(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeCardError)
    return new AppError(402, 'payment_declined', { message: error.message });
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripeRateLimitError
  )
    return new AppError(502, 'stripe_unavailable');
  return error;
}

/** Whether Stripe answered that the object does not exist. */
export const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
