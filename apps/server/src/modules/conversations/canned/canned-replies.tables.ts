import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../../platform/db/columns.ts';
import { workspaceRef } from '../../../platform/identity/workspaces.tables.ts';

/** A reply agents insert with its shortcut ("/hours") instead of typing it again; one per shortcut. */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: id(),
    workspaceId: workspaceRef(),
    shortcut: text('shortcut').notNull(),
    text: text('text').notNull(),
    createdByMemberId: uuid('created_by_member_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('canned_replies_shortcut').on(t.workspaceId, t.shortcut)],
);
export type CannedReplyRow = typeof cannedReplies.$inferSelect;
