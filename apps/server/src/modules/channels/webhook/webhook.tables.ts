import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from '../../../platform/db/columns.ts';
import { workspaceRef } from '../../../platform/identity/workspaces.tables.ts';
import { channels } from '../channels.tables.ts';

/**
 * A webhook delivery as Meta sent it, stored before it is answered so that nothing acknowledged is lost. A
 * channel's deliveries are applied in the order they came (`seq`), then marked processed; one that cannot be read
 * or applied is marked processed too, with its `error`, so that it never holds up the deliveries after it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    workspaceId: workspaceRef(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    body: jsonb('body').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** why the delivery, or part of it, was set aside unapplied (the places of what could not be read or applied) */
    error: text('error'),
  },
  (t) => [index('webhook_deliveries_pending').on(t.channelId, t.seq).where(sql`${t.processedAt} is null`)],
);
