import { setTimeout as sleepFor } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { BucketStore, PaceRate } from './bucket-store.ts';
import { postgresBuckets } from './postgres-buckets.ts';
import { redisBuckets } from './redis-buckets.ts';

export type { PaceRate } from './bucket-store.ts';

/**
 * Paces work per key (a WhatsApp sending number's messages per second) across every process: a token bucket of
 * `burst` tokens refilled at `ratePerSecond`, both given by each call.
 */
export interface PacingLimiter {
  /**
   * Takes `count` tokens of `key` and answers how many ms to wait before using them: 0 when the bucket held them,
   * otherwise the caller's turn after those taken before it. The tokens are the caller's either way (taken ahead),
   * so a caller that gets a wait must wait, then go.
   */
  take(key: string, rate: PaceRate, count?: number): Promise<number>;
  /** `take`, then wait the answer out (rejects when `signal` aborts). */
  waitFor(key: string, rate: PaceRate, count?: number, signal?: AbortSignal): Promise<void>;
}

/** Redis did not answer a take: nothing is sent unpaced; the caller (a job) fails and retries later. */
export class PacingUnavailableError extends Error {}

/** A Redis that does not answer within this is taken as unreachable (a take never hangs on it). */
const REDIS_TIMEOUT_MS = 2_000;

const takeInput = z.object({
  key: z.string().min(1).max(200),
  rate: z.object({ ratePerSecond: z.number().positive().finite(), burst: z.number().min(1).finite() }),
  count: z.number().positive().finite(),
});

export interface PacingOptions {
  /** the deployment's Redis (REDIS_URL): buckets live there; in the database's `pacing_buckets` otherwise */
  redis?: Redis;
  database: Database;
  /** a time source in ms (tests); without it, the store's own clock, the same for every process */
  now?: () => number;
  /** how `waitFor` waits (tests move their clock instead) */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function createPacingLimiter(options: PacingOptions): PacingLimiter {
  const store = options.redis ? failingClosed(redisBuckets(options.redis)) : postgresBuckets(options.database);
  const sleep = options.sleep ?? ((ms, signal) => sleepFor(ms, undefined, { signal }));
  const take = async (key: string, rate: PaceRate, count = 1) => {
    takeInput.parse({ key, rate, count });
    const left = await store.take(key, rate, count, options.now?.());
    return left >= 0 ? 0 : Math.ceil((-left * 1000) / rate.ratePerSecond);
  };
  return {
    take,
    async waitFor(key, rate, count, signal) {
      const ms = await take(key, rate, count);
      if (ms > 0) await sleep(ms, signal);
    },
  };
}

/**
 * While Redis is unreachable a take fails instead of counting somewhere else: a bucket in each process's memory, or
 * in the database beside Redis's, would let several processes each send a number's full rate at once.
 */
function failingClosed(store: BucketStore): BucketStore {
  return {
    async take(key, rate, count, now) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`redis did not answer within ${REDIS_TIMEOUT_MS} ms`)),
          REDIS_TIMEOUT_MS,
        );
      });
      try {
        return await Promise.race([store.take(key, rate, count, now), timeout]);
      } catch (error) {
        throw new PacingUnavailableError('the pacing limiter cannot reach Redis', { cause: error });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
