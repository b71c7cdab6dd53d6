import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../platform/db/columns.ts';
import { workspaceRef } from '../../../platform/identity/workspaces.tables.ts';
import { conversations } from '../conversations.tables.ts';

/**
 * A file an agent uploaded to send in a conversation: kept by the storage adapter under `mediaKey`. Sending it
 * names its id, found only in the same organization (row-level security) and the same conversation.
 */
export const outboundAttachments = pgTable(
  'outbound_attachments',
  {
    id: id(),
    workspaceId: workspaceRef(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    mediaKey: text('media_key').notNull(),
    mediaType: text('media_type').notNull(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    uploadedByMemberId: uuid('uploaded_by_member_id'),
    createdAt: createdAt(),
  },
  (t) => [index('outbound_attachments_conversation_idx').on(t.conversationId)],
);
export type OutboundAttachmentRow = typeof outboundAttachments.$inferSelect;
