import { type Column, getTableColumns, getTableName, type SQL, type SQLChunk, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './database.ts';
import { rowFromJson } from './json-row.ts';

/** A PostgreSQL array literal of driver values as text, NULL for a missing one. */
const textArray = (values: unknown[]) =>
  `{${values
    .map((value) => {
      if (value === null || value === undefined) return 'NULL';
      const text =
        value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
      return `"${text.replace(/["\\]/g, '\\$&')}"`;
    })
    .join(',')}}`;

/**
 * Inserts many rows of `table` in one statement with one array parameter per column (`unnest`), in their order,
 * and answers the rows stored as drizzle reads them. A multi-row `values` list costs a parameter per value to
 * build and bind, far more than the insert itself for hundreds of rows. A column some rows leave out is NULL in
 * them: it must have no default.
 */
export async function insertMany<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  { onConflictDoNothing = false }: { onConflictDoNothing?: boolean } = {},
): Promise<T['$inferSelect'][]> {
  if (!rows.length) return [];
  const columns = getTableColumns(table) as Record<string, Column>;
  const records = rows as Record<string, unknown>[];
  const keys = [...new Set(records.flatMap((row) => Object.keys(row).filter((key) => row[key] !== undefined)))];
  const arrays: SQL[] = [];
  const names: SQLChunk[] = [];
  const casts: SQL[] = [];
  for (const [i, key] of keys.entries()) {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    const values = records.map((row) => row[key]);
    if (values.includes(undefined) && column.hasDefault)
      throw new Error(`insertMany: ${getTableName(table)}.${column.name} has a default; give it in every row or none`);
    arrays.push(
      sql`${textArray(values.map((value) => (value == null ? null : column.mapToDriverValue(value))))}::text[]`,
    );
    names.push(sql.identifier(column.name));
    casts.push(sql`${sql.identifier(`c${i}`)}::${sql.raw(column.getSQLType())}`);
  }
  const aliases = sql.join(
    keys.map((_key, i) => sql.identifier(`c${i}`)),
    sql`, `,
  );
  const result = await tx.execute(sql`insert into ${table} (${sql.join(names, sql`, `)})
    select ${sql.join(casts, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) with ordinality as v(${aliases}, position)
    order by position
    ${onConflictDoNothing ? sql`on conflict do nothing` : sql``}
    returning to_json(${table}) as row`);
  return (result as unknown as { rows: { row: Record<string, unknown> }[] }).rows.map(({ row }) =>
    rowFromJson(table, row),
  );
}
