import { DrizzleQueryError, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { isTransientDatabaseError } from './transient.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const failureOf = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('it did not fail');
};

describe('isTransientDatabaseError', () => {
  it('takes a wrong statement or value, or a fault of the code, as the work’s own', async () => {
    const wrongValue = await failureOf(() =>
      t.database.unsafeCrossTenant('test casts nonsense', (tx) => tx.execute(sql`select 'nonsense'::int`)),
    );
    expect(isTransientDatabaseError(wrongValue)).toBe(false);
    expect(isTransientDatabaseError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isTransientDatabaseError(new RangeError('Invalid time value'))).toBe(false);
  });

  it('takes a database that cannot be reached, or that ended the connection, as worth another try', async () => {
    const refused = await failureOf(() => new pg.Client({ host: '127.0.0.1', port: 1 }).connect());
    expect(isTransientDatabaseError(refused)).toBe(true);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
    });
    expect(isTransientDatabaseError(new DrizzleQueryError('select 1', [], shutdown))).toBe(true);
    expect(isTransientDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientDatabaseError(Object.assign(new Error('could not serialize access'), { code: '40001' }))).toBe(
      true,
    );
  });

  it.runIf(process.env.DATABASE_URL)('takes a connection PostgreSQL ended as worth another try', async () => {
    const victim = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await victim.connect();
    victim.on('error', () => {});
    const { rows } = await victim.query('select pg_backend_pid() as pid');
    const killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await killer.connect();
    await killer.query('select pg_terminate_backend($1)', [rows[0].pid]);
    await killer.end();
    const lost = await failureOf(() => victim.query('select 1'));
    expect(isTransientDatabaseError(lost)).toBe(true);
  });
});
