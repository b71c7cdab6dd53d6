import Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';
import { billingEnabled } from './billing-gate.ts';

/** Stripe's own words for a failed call (its error message), or the error's message for anything else. */
export const stripeMessage = (error: unknown): string =>
  error instanceof Stripe.errors.StripeError || error instanceof Error ? error.message : String(error);

/**
 * The one reading of Stripe's failures: a declined card → 402 with Stripe's words; Stripe away, failing or refusing
 * our key → 502 "cannot be reached" (the SDK already retried what is safe to retry); any other refusal → 502 with
 * Stripe's message; our own errors pass through untouched.
 */
export function stripeFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError)
    return new AppError(402, 'payment_declined', { message: error.message });
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripeRateLimitError
  )
    return new AppError(502, 'stripe_unavailable');
  if (error instanceof Stripe.errors.StripeError)
    return new AppError(502, 'stripe_request_failed', { error: error.message });
  return error;
}

/** A Stripe call whose failures read as `stripeFailure` says. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeFailure(error);
  }
}

/** Stripe's SDK for a billing action: 409 while billing is off or no secret key is set. */
export async function stripeForBilling(ctx: AppContext): Promise<Stripe> {
  const stripe = (await billingEnabled(ctx)) ? await ctx.stripe.client() : null;
  if (!stripe) throw new AppError(409, 'billing_not_enabled');
  return stripe;
}

/** Whether Stripe answered that the object does not exist. */
export const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
