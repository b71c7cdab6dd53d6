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
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
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
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    uniqueIndex('jobs_idempotency_idx').on(t.name, t.idempotencyKey),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
