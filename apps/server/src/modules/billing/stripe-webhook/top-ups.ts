import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { creditTopUpIn } from '../wallet/index.ts';

/**
 * A succeeded PaymentIntent: a wallet top-up of ours (`metadata.kind === 'top_up'`) is credited, exactly once by its
 * id whether the request already did or not; any other (a subscription's invoice) needs nothing, its invoice's
 * events tell. Answers a note for the event's record.
 */
export async function topUpSucceeded(ctx: AppContext, tx: Tx, intent: Stripe.PaymentIntent): Promise<string | null> {
  if (intent.metadata?.kind !== 'top_up') return null;
  const credited = await creditTopUpIn(ctx, tx, intent);
  return credited ? null : 'not a top-up of this organization';
}
