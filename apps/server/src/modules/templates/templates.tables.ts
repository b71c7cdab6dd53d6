import type { TemplateButton, TemplateCategory, TemplateHeader, TemplateStatus } from '@omnichat/contracts';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { workspaceRef } from '../../platform/identity/workspaces.tables.ts';
import { channels } from '../channels/index.ts';

/**
 * A WhatsApp message template of a channel's business account, as submitted to Meta (or read from it by a sync);
 * Meta's review (status, reason, quality, category) arrives by the channel's webhook. One per (channel, name,
 * language), as Meta keeps them.
 */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: id(),
    workspaceId: workspaceRef(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** Meta's template id: digits beyond JavaScript's exact integers, kept as text */
    externalId: text('external_id'),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').$type<TemplateCategory>().notNull(),
    status: text('status').$type<TemplateStatus>().notNull().default('pending'),
    rejectedReason: text('rejected_reason'),
    quality: text('quality'),
    header: jsonb('header').$type<TemplateHeader>().notNull(),
    body: text('body').notNull(),
    footer: text('footer'),
    parameters: jsonb('parameters').$type<{ key: string; value: string }[]>().notNull(),
    buttons: jsonb('buttons').$type<TemplateButton[] | Record<string, unknown>[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_templates_channel_name_language').on(t.channelId, t.name, t.language),
    index('whatsapp_templates_workspace_idx').on(t.workspaceId, t.createdAt),
    index('whatsapp_templates_external_idx').on(t.channelId, t.externalId),
  ],
);
export type TemplateRow = typeof whatsappTemplates.$inferSelect;

/**
 * A header sample uploaded for a template: the file as kept here, and Meta's handle for it (the Resumable Upload
 * API's `h`), which a template's `example.header_handle` names.
 */
export const whatsappTemplateMedia = pgTable('whatsapp_template_media', {
  id: id(),
  workspaceId: workspaceRef(),
  channelId: uuid('channel_id')
    .notNull()
    .references(() => channels.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  fileName: text('file_name').notNull(),
  mediaType: text('media_type').notNull(),
  size: integer('size').notNull(),
  handle: text('handle').notNull(),
  createdAt: createdAt(),
});
export type TemplateMediaRow = typeof whatsappTemplateMedia.$inferSelect;
