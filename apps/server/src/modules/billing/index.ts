// What other modules may use of billing: the wallet's ledger (broadcasts reserve and settle through it).
export {
  billingEnabled,
  creditTopUp,
  deposit,
  InsufficientFundsError,
  release,
  reserve,
  reservedFor,
  settle,
} from './wallet/index.ts';
