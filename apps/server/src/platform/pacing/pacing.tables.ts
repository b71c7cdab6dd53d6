import { doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Token buckets of the pacing limiter when there is no Redis: the tokens a key had when it was last taken from
 * (negative: taken ahead, callers are waiting their turn) and when that was. A missing row is a full bucket.
 */
export const pacingBuckets = pgTable('pacing_buckets', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
});
