import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
};

describe('listen', () => {
  it('hears a NOTIFY of the channel sent by another connection, at its commit', async () => {
    const { database, drop } = await openTestDatabase();
    cleanup.push(drop);
    let heard = 0;
    const stop = await database.listen('omnichat_test', () => heard++);
    cleanup.push(stop);
    const before = heard;
    await database.db.execute(sql`select pg_notify('omnichat_test', '')`);
    expect(await until(() => heard > before)).toBe(true);
  });

  it.skipIf(!process.env.DATABASE_URL)('listens again after its connection was cut', async () => {
    const { database, url, drop } = await openTestDatabase();
    cleanup.push(drop);
    let heard = 0;
    cleanup.push(await database.listen('omnichat_test', () => heard++));
    // the server ends the listening connection (a restart, a failover, an idle-connection reaper)
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where datname = current_database() and query like 'LISTEN%'`,
    );
    await admin.end();
    expect(rows).toEqual([{ ended: true }]);
    const reconnected = heard + 1; // it calls back once connected again, to catch up
    expect(await until(() => heard >= reconnected)).toBe(true);
    const before = heard;
    await database.db.execute(sql`select pg_notify('omnichat_test', '')`);
    expect(await until(() => heard > before)).toBe(true);
  });
});
