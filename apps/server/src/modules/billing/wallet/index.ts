// The wallet: what the billing module registers, and what other modules (broadcasts, the Stripe webhooks) use.
export {
  deposit,
  dollars,
  InsufficientFundsError,
  release,
  reserve,
  reservedFor,
  settle,
  withdraw,
} from './ledger.ts';
export { walletRoutes } from './wallet.routes.ts';
export { billingEnabled, creditTopUp } from './wallet.service.ts';

/** the wallet's jobs and listeners (none yet: the low-balance notice is the notifications module's listener) */
export const walletJobs = [];
export const walletListeners = [];
