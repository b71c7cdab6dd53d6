import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import type { BucketStore } from './bucket-store.ts';
import { pacingBuckets as bucket } from './pacing.tables.ts';

/**
 * Buckets in the `pacing_buckets` table: one `INSERT … ON CONFLICT DO UPDATE … RETURNING` per take, so takes of one
 * key from any process queue on its row and each sees the one before. Joins the caller's transaction when one is
 * open (its take then commits with it), so pace before opening one.
 */
export function postgresBuckets(database: Database): BucketStore {
  return {
    async take(key, { ratePerSecond, burst }, count, now) {
      // one instant for the whole statement: a test's clock, or the server's
      const at = now === undefined ? sql`statement_timestamp()` : sql`${new Date(now).toISOString()}::timestamptz`;
      const elapsedMs = sql`greatest(0, extract(epoch from (${at} - ${bucket.refilledAt})) * 1000)::float8`;
      const refilled = sql`least(${burst}::float8, ${bucket.tokens} + ${elapsedMs} * ${ratePerSecond}::float8 / 1000)`;
      const [row] = await database.platform((db) =>
        db
          .insert(bucket)
          .values({ key, tokens: sql`${burst}::float8 - ${count}::float8`, refilledAt: at })
          .onConflictDoUpdate({
            target: bucket.key,
            set: {
              tokens: sql`${refilled} - ${count}::float8`,
              refilledAt: sql`greatest(${bucket.refilledAt}, ${at})`,
            },
          })
          .returning({ tokens: bucket.tokens }),
      );
      return row!.tokens;
    },
  };
}
