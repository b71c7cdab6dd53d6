import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A PostgreSQL array literal of text values, each quoted, so any text (commas, quotes, braces, NULL) stays itself. */
export const arrayLiteral = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * `column = any(values)` with the values as one array parameter: hundreds of values without a parameter each,
 * whose building and binding cost more than the query itself; an index on the column still serves it.
 */
export const anyOf = (column: SQLWrapper, values: readonly string[], type: 'text' | 'uuid' = 'text'): SQL =>
  sql`${column} = any(${arrayLiteral(values)}::${sql.raw(type)}[])`;
