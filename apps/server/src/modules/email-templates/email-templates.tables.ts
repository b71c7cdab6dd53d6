import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { workspaceRef } from '../../platform/identity/workspaces.tables.ts';

/**
 * An e-mail template (SPEC 3): what a workflow's `action.send_email` step sends. `bodyHtml` is stored sanitised;
 * `recipients` are addresses or variables; `attachmentIds` name uploads of the same organization, in order.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    recipients: text('recipients').array().notNull().default(sql`'{}'::text[]`),
    attachmentIds: uuid('attachment_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('email_templates_workspace_idx').on(t.workspaceId, t.name)],
);
export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

/**
 * A file uploaded for e-mail templates, kept by the storage adapter under `mediaKey`. Several templates may name
 * one; a template names it by id, found only in the same organization (row-level security).
 */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: id(),
    workspaceId: workspaceRef(),
    mediaKey: text('media_key').notNull(),
    mediaType: text('media_type').notNull(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    uploadedByMemberId: uuid('uploaded_by_member_id'),
    createdAt: createdAt(),
  },
  (t) => [index('email_attachments_workspace_idx').on(t.workspaceId)],
);
export type EmailAttachmentRow = typeof emailAttachments.$inferSelect;
