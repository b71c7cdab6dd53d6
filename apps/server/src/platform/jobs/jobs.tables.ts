import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.ts';

/**
 * Durable jobs. `workspace_id` is null for platform jobs; the queue reads and writes this table through its one
 * named cross-tenant path, and runs each handler with its own organization's scope.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    workspaceId: uuid('workspace_id'),
    name: text('name').notNull(),
    /** the named queue whose slots run it (its definition's `queue`) */
    queue: text('queue').notNull().default('default'),
    /** the version of its definition the payload was written for (`JobDefinition.version`) */
    version: integer('version').notNull().default(1),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    idempotencyKey: text('idempotency_key'),
    lastError: text('last_error'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_workspace_idx').on(t.workspaceId, t.createdAt),
    /** due jobs of a queue, organization by organization (platform jobs as one group), oldest first */
    index('jobs_fair_idx')
      .on(t.queue, sql`coalesce(${t.workspaceId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.runAt)
      .where(sql`${t.status} = 'queued'`),
    /** the sweeper's look for lost jobs reads only running rows */
    index('jobs_running_idx').on(t.lockedAt).where(sql`${t.status} = 'running'`),
    /** retention deletes by age among finished rows */
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.status} in ('done', 'failed', 'cancelled')`),
    /** a key is taken while its job waits or runs, and free again once it finished */
    uniqueIndex('jobs_idempotency_idx').on(t.name, t.idempotencyKey).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
