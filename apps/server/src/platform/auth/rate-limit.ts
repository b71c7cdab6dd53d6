import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

/** Attempts per key in a fixed window: sign-in tries, mails asked for. */
export interface RateLimiter {
  /** Seconds until the key may try again, or 0 when it is under the limit. Does not count. */
  blockedFor(key: string): Promise<number>;
  hit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface RateLimitStore {
  /** the deployment's Redis (REDIS_URL): counts are shared by every process */
  redis?: Redis;
  log: FastifyBaseLogger;
  /** the time source of the in-memory counts (tests move it forward) */
  now?: () => number;
}

/** A limit of `limit` attempts per `windowMs`, named `name` (its Redis key prefix). */
export function createRateLimiter(name: string, limit: number, windowMs: number, store: RateLimitStore): RateLimiter {
  return store.redis
    ? new SharedRateLimiter(name, limit, windowMs, store.redis, store.log)
    : new MemoryRateLimiter(limit, windowMs, store.now);
}

/**
 * Counts in Redis through rate-limiter-flexible, so every process behind the balancer counts the same attempts.
 * While Redis is unreachable an in-memory insurance limiter counts in this process: the gate never opens and no
 * request fails because of the outage.
 */
class SharedRateLimiter implements RateLimiter {
  private readonly limiter: RateLimiterRedis;
  private readonly limit: number;
  private readonly log: FastifyBaseLogger;

  constructor(name: string, limit: number, windowMs: number, redis: Redis, log: FastifyBaseLogger) {
    this.limit = limit;
    this.log = log;
    const duration = Math.ceil(windowMs / 1000);
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `omnichat:limit:${name}`,
      points: limit,
      duration,
      // one attempt to Redis per call: an unreachable Redis answers at once and the insurance limiter counts
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `omnichat:limit:${name}`, points: limit, duration }),
    });
  }

  async blockedFor(key: string): Promise<number> {
    const state = await this.guarded(() => this.limiter.get(key));
    return state && state.consumedPoints >= this.limit ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
  }

  async hit(key: string): Promise<void> {
    await this.guarded(() => this.limiter.penalty(key, 1));
  }

  async reset(key: string): Promise<void> {
    await this.guarded(() => this.limiter.delete(key));
  }

  /** The insurance limiter answers for Redis errors; anything it cannot answer is logged, not thrown. */
  private async guarded<T>(work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      this.log.error({ err: error }, 'rate limiter failed');
      return null;
    }
  }
}

/**
 * Fixed-window counters in this process's memory: the limits of a single process (no REDIS_URL), and the time
 * source tests move forward.
 */
class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
  }

  async blockedFor(key: string): Promise<number> {
    const window = this.current(key);
    return window && window.count >= this.limit ? Math.ceil((window.resetAt - this.now()) / 1000) : 0;
  }

  async hit(key: string): Promise<void> {
    const window = this.current(key);
    if (window) window.count += 1;
    else this.windows.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.windows.size > 50_000) this.prune();
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private prune() {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
