/** How fast a key's bucket refills, and how many tokens it holds at most (what may go at once after a pause). */
export interface PaceRate {
  ratePerSecond: number;
  burst: number;
}

/**
 * Where buckets live, shared by every process: one atomic step takes `count` tokens of `key`'s bucket, refilled
 * first at `rate` up to `burst` (a new key starts full), and answers the tokens left, negative when taken ahead of
 * the refill. `now` is a time source in ms; without it the store's own clock (one clock for every process).
 */
export interface BucketStore {
  take(key: string, rate: PaceRate, count: number, now?: number): Promise<number>;
}
