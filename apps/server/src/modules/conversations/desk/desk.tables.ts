import type { Activity, ActivityKind } from '@omnichat/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, workspaceId } from '../../../platform/db/columns.ts';
import { workspaceRef } from '../../../platform/identity/workspaces.tables.ts';
import { conversations } from '../conversations.tables.ts';

/**
 * What happened to a conversation (assigned, closed, reopened, snoozed, labels changed): an activity line of its
 * thread, never a message, so it is never sent, counted unread, previewed or shown to the customer. The actor's
 * and the other names are copied in as they were; `actorMemberId` null is the system. `seq` orders lines written
 * in the same instant.
 */
export const conversationActivities = pgTable(
  'conversation_activities',
  {
    id: id(),
    workspaceId: workspaceRef(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    kind: text('kind').$type<ActivityKind>().notNull(),
    actorMemberId: uuid('actor_member_id'),
    actorName: text('actor_name'),
    /** the kind's details as the API answers them, actor aside */
    details: jsonb('details').$type<Omit<Activity, 'kind' | 'actor'>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_activities_thread_idx').on(t.conversationId, t.createdAt, t.seq)],
);
export type ConversationActivityRow = typeof conversationActivities.$inferSelect;

/** An organization's conversation labels; names are unique ignoring case. */
export const conversationLabels = pgTable(
  'conversation_labels',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('conversation_labels_name_key').on(t.workspaceId, sql`lower(${t.name})`)],
);
export type ConversationLabelRow = typeof conversationLabels.$inferSelect;

export const conversationLabelLinks = pgTable(
  'conversation_label_links',
  {
    workspaceId: workspaceId(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => conversationLabels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.labelId] }),
    index('conversation_label_links_label_idx').on(t.workspaceId, t.labelId, t.conversationId),
  ],
);
