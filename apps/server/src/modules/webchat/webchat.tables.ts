import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/db/columns.ts';
import { workspaceRef } from '../../platform/identity/workspaces.tables.ts';
import { channels } from '../channels/index.ts';
import { customers } from '../customers/index.ts';

/**
 * A browser that opened the web-chat widget: the customer it writes as, and the hash of the token the widget keeps
 * in the visitor's browser (the token itself is never stored).
 */
export const webchatVisitors = pgTable(
  'webchat_visitors',
  {
    id: id(),
    workspaceId: workspaceRef(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webchat_visitors_token').on(t.tokenHash), index('webchat_visitors_customer').on(t.customerId)],
);
export type WebchatVisitorRow = typeof webchatVisitors.$inferSelect;
