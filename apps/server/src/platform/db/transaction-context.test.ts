import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Database } from './database.ts';

let database: Database;
let drop: () => Promise<void>;
beforeEach(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterEach(() => drop());

describe('work scheduled from inside a transaction', () => {
  it('runs as outside any transaction once that one ended, not inside the ended one', async () => {
    let later: Promise<unknown> | undefined;
    await database.unsafeCrossTenant('test schedules work from inside a transaction', async (tx) => {
      await tx.execute(sql`select 1`);
      // what a job queue woken by this transaction's statements does: its turn runs after the commit
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        database.unsafeCrossTenant('test claims after the commit', (next) => next.execute(sql`select 2`)),
      );
    });
    await expect(later).resolves.toBeDefined();
    await expect(
      new Promise((resolve) => setTimeout(resolve, 0)).then(() => database.db.execute(sql`select 3`)),
    ).resolves.toBeDefined();
  });
});
