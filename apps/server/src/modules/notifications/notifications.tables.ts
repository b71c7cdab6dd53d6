import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { users } from '../../platform/identity/users.tables.ts';
import { workspaceRef } from '../../platform/identity/workspaces.tables.ts';

/**
 * A notification of one user in one organization. Its title and body are rendered from `type` and `params` in
 * the reader's language; `eventKey` (the event and the reason) makes one event notify each recipient once.
 * `subject` is what it is about (`conversation:<id>`): reading or answering that conversation marks it read. New
 * customer messages are one item per user and conversation (`count` messages, the latest's preview), brought to
 * the top and unread again by the next message.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    workspaceId: workspaceRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    url: text('url'),
    read: boolean('read').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    eventKey: text('event_key'),
    subject: text('subject'),
    count: integer('count').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_panel_idx').on(t.workspaceId, t.userId, t.read, t.createdAt.desc()),
    uniqueIndex('notifications_once').on(t.userId, t.eventKey).where(sql`${t.eventKey} is not null`),
    uniqueIndex('notifications_one_per_conversation')
      .on(t.userId, t.subject)
      .where(sql`${t.type} = 'conversation.message'`),
    index('notifications_subject_idx').on(t.userId, t.subject).where(sql`${t.subject} is not null`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** Per type, which channels a member wants (absent: all on); e-mail at once or as a daily digest; their language. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    workspaceId: workspaceRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channels: jsonb('channels')
      .$type<Record<string, { in_app: boolean; email: boolean; push: boolean }>>()
      .notNull()
      .default({}),
    emailMode: text('email_mode', { enum: ['immediate', 'digest'] })
      .notNull()
      .default('immediate'),
    /** the language the member last read their notifications in (push and e-mail are written in it) */
    locale: text('locale'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);
