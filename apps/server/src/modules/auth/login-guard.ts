import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';

type Kind = 'user' | 'admin';

/**
 * Brute-force protection for both login forms: every attempt counts against the IP, failures count against
 * the account itself (its id once found, whether it was named by username or e-mail; the typed name when no
 * account has it). A success clears the account's failures.
 */
export function createLoginGuard({ loginLimits }: Pick<AppContext, 'loginLimits'>) {
  const accountKey = (kind: Kind, account: { id: string } | undefined, login: string) =>
    account ? `${kind}:id:${account.id}` : `${kind}:login:${login.trim().toLowerCase()}`;
  const refuse = (wait: number) => {
    if (wait > 0) throw new AppError(429, 'too_many_login_attempts', { seconds: wait });
  };
  return {
    /** Before the account is looked up: counts the attempt against the IP. */
    async checkIp(ip: string) {
      refuse(await loginLimits.perIp.blockedFor(ip));
      await loginLimits.perIp.hit(ip);
    },
    /** Once the account (or its absence) is known: refuses while it is locked. */
    async checkAccount(kind: Kind, account: { id: string } | undefined, login: string) {
      refuse(await loginLimits.perAccount.blockedFor(accountKey(kind, account, login)));
    },
    failed: (kind: Kind, account: { id: string } | undefined, login: string) =>
      loginLimits.perAccount.hit(accountKey(kind, account, login)),
    succeeded: (kind: Kind, account: { id: string }) => loginLimits.perAccount.reset(accountKey(kind, account, '')),
  };
}
