import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { anyOf, arrayLiteral } from './arrays.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('anyOf', () => {
  it('matches exactly the given texts, whatever characters they hold', async () => {
    const texts = ['plain', 'with, comma', 'with "quotes"', 'back\\slash', '{braces}', 'NULL', '陳大文', ' spaced '];
    const rows = (await t.database.db.execute(sql`
      select value from unnest(${arrayLiteral([...texts, 'not wanted'])}::text[]) as t(value)
      where ${anyOf(sql`value`, texts)}
    `)) as unknown as { rows: { value: string }[] };
    expect(rows.rows.map((row) => row.value)).toEqual(texts);
  });
});
