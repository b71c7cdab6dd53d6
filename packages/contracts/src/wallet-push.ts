import { z } from 'zod';

/**
 * The wallet moved (a deposit, a withdrawal, a broadcast's reservation, charge or release): the `wallet.changed`
 * domain event and socket push (to owners and admins), at most about twice a second per organization. A file of its
 * own, so that the socket pushes (in the web app's entry) do not pull the billing contracts in.
 */
export const walletPushSchema = z.object({ balance_cents: z.number().int(), reserved_cents: z.number().int() });
export type WalletPush = z.infer<typeof walletPushSchema>;
