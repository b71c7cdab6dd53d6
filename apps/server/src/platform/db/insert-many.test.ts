import { asc, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { insertMany } from './insert-many.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const at = new Date('2026-11-27T06:30:00.123Z');
const tricky = ['a "quoted", {braced} text', 'back\\slash', 'NULL', '', '雙語 ✓ emoji 🎉'];

describe('insertMany', () => {
  it('stores every value as given, in order, and answers the rows as drizzle reads them', async () => {
    const rows = tricky.map((name, i) => ({
      name,
      payload: { text: name, list: [i, null, { nested: name }] },
      maxAttempts: i + 1,
      runAt: at,
      ...(i % 2 ? { lastError: name } : {}),
    }));
    const stored = await t.database.unsafeCrossTenant('test inserts jobs', async (tx) => {
      const answered = await insertMany(tx, jobs, rows);
      const read = await tx
        .select()
        .from(jobs)
        .where(
          inArray(
            jobs.id,
            answered.map((row) => row.id),
          ),
        )
        .orderBy(asc(jobs.createdAt));
      return { answered, read };
    });
    expect(stored.answered.map((row) => row.name)).toEqual(tricky);
    expect(stored.answered).toEqual(tricky.map((name) => stored.read.find((row) => row.name === name)));
    expect(stored.answered[1]).toMatchObject({
      name: 'back\\slash',
      payload: { text: 'back\\slash', list: [1, null, { nested: 'back\\slash' }] },
      maxAttempts: 2,
      runAt: at,
      lastError: 'back\\slash',
      status: 'queued',
      attempts: 0,
    });
    expect(stored.answered[2]).toMatchObject({ name: 'NULL', lastError: null });
  });

  it('skips rows a unique index refuses with onConflictDoNothing, and refuses a column left out that has a default', async () => {
    const job = (idempotencyKey: string) => ({ name: 'test.unique', payload: {}, maxAttempts: 1, idempotencyKey });
    const answered = await t.database.unsafeCrossTenant('test inserts jobs', async (tx) => {
      await insertMany(tx, jobs, [job('one')]);
      return insertMany(tx, jobs, [job('one'), job('two')], { onConflictDoNothing: true });
    });
    expect(answered.map((row) => row.idempotencyKey)).toEqual(['two']);
    await expect(
      t.database.unsafeCrossTenant('test inserts jobs', (tx) =>
        insertMany(tx, jobs, [{ ...job('three'), queue: 'mail' }, job('four')]),
      ),
    ).rejects.toThrow(/jobs\.queue has a default/);
  });
});
