import { z } from 'zod';

export const billingEvents = {
  /** A movement left the wallet under the organization's low-balance threshold (told once until a deposit lifts it). */
  'wallet.low_balance': z.object({ balance_cents: z.number().int(), threshold_cents: z.number().int() }),
};
