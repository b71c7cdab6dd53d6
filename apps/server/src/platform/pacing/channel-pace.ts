import type { PaceRate, PacingLimiter } from './pacing-limiter.ts';

/**
 * A WhatsApp channel's broadcast pace: one token bucket per channel (`broadcast:<channel id>`), shared by every
 * broadcast on the channel and every server process, refilled at the channel's `messages_per_second`.
 *
 * Only broadcasts take from it. Inbox replies (and any other one-off send) never do: they go out at once, so a
 * running broadcast can never make an agent's reply wait. Meta's throughput counts replies too; the few a desk
 * sends fit in what a throttled (130429) broadcast gives back by slowing down.
 *
 * The bucket holds a tenth of a second's sends at most (at least 1): after a pause a broadcast may send that many at
 * once, so over any 5 seconds it sends at most `rate` × 5.1, and N recipients take at least N / `rate` − 0.1 s.
 */
export interface ChannelPace {
  readonly key: string;
  readonly rate: PaceRate;
  /** Takes `count` sends (the tokens are the caller's) and answers the ms to wait before making them (0: go now). */
  take(count?: number): Promise<number>;
  /** `take`, then waits the answer out (rejects when `signal` aborts: a paused or cancelled broadcast). */
  waitFor(count?: number, signal?: AbortSignal): Promise<void>;
}

export const channelPaceKey = (channelId: string) => `broadcast:${channelId}`;

export function channelPaceRate(messagesPerSecond: number): PaceRate {
  return { ratePerSecond: messagesPerSecond, burst: Math.max(1, Math.ceil(messagesPerSecond / 10)) };
}

export function channelPace(ctx: { pacing: PacingLimiter }, channelId: string, messagesPerSecond: number): ChannelPace {
  const key = channelPaceKey(channelId);
  const rate = channelPaceRate(messagesPerSecond);
  return {
    key,
    rate,
    take: (count = 1) => ctx.pacing.take(key, rate, count),
    waitFor: (count = 1, signal) => ctx.pacing.waitFor(key, rate, count, signal),
  };
}
