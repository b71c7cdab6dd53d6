import { sql } from 'drizzle-orm';

/**
 * Selected beside a page's columns: how many rows the query keeps before `limit` and `offset`, read in the same
 * statement as the page instead of a second count query.
 */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The total of a page selected with `totalOver`: carried by any of its rows; a page past the end carries none, and
 * only then is `countAll` asked.
 */
export async function totalOf(rows: { total: number }[], page: number, countAll: () => Promise<number>) {
  if (rows[0]) return rows[0].total;
  return page > 1 ? countAll() : 0;
}
