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
export { creditTopUp, creditTopUpIn } from './wallet.service.ts';
export { walletPush } from './wallet-push.ts';
