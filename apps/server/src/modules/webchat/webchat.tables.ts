import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/db/columns.ts';
import { workspaceRef } from '../../platform/identity/workspaces.tables.ts';
import { channels } from '../channels/index.ts';
import { customers } from '../customers/index.ts';

/**
 * A browser that opened the web-chat widget, and the hash of the token the widget keeps in the visitor's browser
 * (the token itself is never stored). The visitor becomes a customer (`customerId`) with their first message or
 * their pre-chat answers, not by opening the widget; what they told (name, e-mail, phone) is kept here too.
 */
export const webchatVisitors = pgTable(
  'webchat_visitors',
  {
    id: id(),
    workspaceId: workspaceRef(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webchat_visitors_token').on(t.tokenHash), index('webchat_visitors_customer').on(t.customerId)],
);
export type WebchatVisitorRow = typeof webchatVisitors.$inferSelect;

/**
 * A file a visitor uploaded, to send next (`attachment_id`): kept by the storage adapter under `mediaKey`, found
 * only by the visitor who uploaded it.
 */
export const webchatUploads = pgTable(
  'webchat_uploads',
  {
    id: id(),
    workspaceId: workspaceRef(),
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => webchatVisitors.id, { onDelete: 'cascade' }),
    mediaKey: text('media_key').notNull(),
    mediaType: text('media_type').notNull(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webchat_uploads_visitor').on(t.visitorId)],
);
export type WebchatUploadRow = typeof webchatUploads.$inferSelect;
