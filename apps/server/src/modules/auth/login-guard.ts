import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Brute-force protection for both login forms: every attempt counts against the IP, failures count
 * against the account. A success clears the account's failures.
 */
export function createLoginGuard({ loginLimits }: Pick<AppContext, 'loginLimits'>) {
  const accountKey = (kind: string, account: string) => `${kind}:${account.trim().toLowerCase()}`;
  return {
    check(kind: 'user' | 'admin', ip: string, account: string) {
      const wait = Math.max(
        loginLimits.perIp.blockedFor(ip),
        loginLimits.perAccount.blockedFor(accountKey(kind, account)),
      );
      if (wait > 0) throw new AppError(429, 'too_many_login_attempts', { seconds: wait });
      loginLimits.perIp.hit(ip);
    },
    failed: (kind: 'user' | 'admin', account: string) => loginLimits.perAccount.hit(accountKey(kind, account)),
    succeeded: (kind: 'user' | 'admin', account: string) => loginLimits.perAccount.reset(accountKey(kind, account)),
  };
}
