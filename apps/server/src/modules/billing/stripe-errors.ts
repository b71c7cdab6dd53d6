import Stripe from 'stripe';
import { AppError } from '../../platform/errors.ts';

/** Stripe's own words for a failed call (its error message), or the error's message for anything else. */
export const stripeMessage = (error: unknown): string =>
  error instanceof Stripe.errors.StripeError || error instanceof Error ? error.message : String(error);

/** A failed Stripe call as a 502 that carries Stripe's message; our own errors pass through untouched. */
export function asStripeFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError(502, 'stripe_request_failed', { error: stripeMessage(error) });
}
