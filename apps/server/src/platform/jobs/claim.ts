import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import type { JobRow } from './jobs.tables.ts';

export type ClaimedJob = Pick<
  JobRow,
  'id' | 'workspaceId' | 'name' | 'queue' | 'version' | 'payload' | 'attempts' | 'maxAttempts'
>;
interface ClaimedRow {
  id: string;
  workspace_id: string | null;
  name: string;
  queue: string;
  version: number;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  rank: number | string;
  turn: number | string;
}
/** platform jobs (no organization) are one group of their own in the fair claim */
export const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000';
const groupOf = sql`coalesce(workspace_id, ${NO_ORGANIZATION}::uuid)`;

/**
 * One fair claim of up to `limit` due jobs of `queue` (of the job names given) over the organizations after
 * `after` (all of them when null), in organization order: each organization with due jobs takes a turn, one job
 * each per turn. The organizations are found by skipping through the fair index, not by reading every due row.
 */
export async function claimFair(
  tx: Tx,
  {
    queue,
    limit,
    after,
    versions,
    now,
  }: { queue: string; limit: number; after: string | null; versions: Map<string, number>; now: Date },
): Promise<ClaimedJob[]> {
  // of the defined job names, up to the version this process knows of each
  const known = sql.join(
    [...versions].map(([name, version]) => sql`WHEN ${name} THEN ${version}::int`),
    sql` `,
  );
  const due = sql`status = 'queued' AND queue = ${queue} AND run_at <= ${now} AND version <= CASE name ${known} ELSE 0 END`;
  const start = after === null ? sql`TRUE` : sql`${groupOf} > ${after}::uuid`;
  const result = await tx.execute(sql`
    WITH RECURSIVE grp AS (
      (SELECT ${groupOf} AS g FROM jobs WHERE ${due} AND ${start} ORDER BY 1 LIMIT 1)
      UNION ALL
      SELECT (SELECT ${groupOf} FROM jobs WHERE ${due} AND ${groupOf} > grp.g ORDER BY 1 LIMIT 1)
      FROM grp WHERE grp.g IS NOT NULL
    ),
    turns AS (SELECT g, row_number() OVER () AS turn FROM (SELECT g FROM grp WHERE g IS NOT NULL LIMIT ${limit}) o),
    picked AS (
      SELECT turns.g, turns.turn, c.id, c.run_at FROM turns CROSS JOIN LATERAL (
        SELECT id, run_at FROM jobs WHERE ${due} AND ${groupOf} = turns.g
        ORDER BY run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
      ) c
    ),
    chosen AS (
      SELECT id, turn, rank FROM (
        SELECT id, turn, row_number() OVER (PARTITION BY g ORDER BY run_at) AS rank FROM picked
      ) ranked ORDER BY rank, turn LIMIT ${limit}
    )
    UPDATE jobs SET status = 'running', locked_at = ${now}, attempts = attempts + 1
    FROM chosen WHERE jobs.id = chosen.id
    RETURNING jobs.id, jobs.workspace_id, jobs.name, jobs.queue, jobs.version, jobs.payload, jobs.attempts, jobs.max_attempts,
      chosen.rank, chosen.turn`);
  const rows = (result as unknown as { rows: ClaimedRow[] }).rows;
  return rows
    .sort((a, b) => Number(a.rank) - Number(b.rank) || Number(a.turn) - Number(b.turn))
    .map((row) => ({
      id: row.id,
      workspaceId: row.workspace_id,
      name: row.name,
      queue: row.queue,
      version: Number(row.version),
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
    }));
}
