import { AppError } from '../errors.ts';
import { createRateLimiter, type RateLimiter, type RateLimitStore } from './rate-limit.ts';

const MINUTE = 60_000;

/**
 * Requests that send mail or test a password are limited per client IP and per account (the address or
 * account they name), so neither one machine nor many machines can flood an inbox or guess a password.
 */
export const ABUSE_POLICIES = {
  register: { perIp: [20, 60 * MINUTE], perAccount: [3, 60 * MINUTE] },
  forgot_password: { perIp: [10, 15 * MINUTE], perAccount: [3, 15 * MINUTE] },
  resend_verification: { perIp: [10, 15 * MINUTE], perAccount: [3, 15 * MINUTE] },
  email_change: { perIp: [20, 60 * MINUTE], perAccount: [5, 60 * MINUTE] },
  change_password: { perIp: [20, 15 * MINUTE], perAccount: [5, 15 * MINUTE] },
  // a site's visitors (account: the widget key) and what each visitor writes (account: the visitor)
  webchat_visitor: { perIp: [30, 60 * MINUTE], perAccount: [5000, 60 * MINUTE] },
  webchat_message: { perIp: [120, MINUTE], perAccount: [30, MINUTE] },
} as const satisfies Record<string, { perIp: [number, number]; perAccount: [number, number] }>;
export type AbuseAction = keyof typeof ABUSE_POLICIES;

export function createAbuseLimits(store: RateLimitStore) {
  const limiters = Object.fromEntries(
    Object.entries(ABUSE_POLICIES).map(([action, policy]) => [
      action,
      {
        perIp: createRateLimiter(`${action}:ip`, policy.perIp[0], policy.perIp[1], store),
        perAccount: createRateLimiter(`${action}:account`, policy.perAccount[0], policy.perAccount[1], store),
      },
    ]),
  ) as Record<AbuseAction, { perIp: RateLimiter; perAccount: RateLimiter }>;

  return {
    /** Counts one attempt against the IP and the account; 429 with the wait when either is over its limit. */
    async hit(action: AbuseAction, ip: string, account: string): Promise<void> {
      const { perIp, perAccount } = limiters[action];
      const key = account.trim().toLowerCase();
      const wait = Math.max(await perIp.blockedFor(ip), await perAccount.blockedFor(key));
      if (wait > 0) throw new AppError(429, 'too_many_requests', { seconds: wait });
      await Promise.all([perIp.hit(ip), perAccount.hit(key)]);
    },
  };
}
export type AbuseLimits = ReturnType<typeof createAbuseLimits>;
