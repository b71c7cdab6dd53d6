import type {
  BroadcastAudience,
  BroadcastParameter,
  BroadcastRecipientStatus,
  BroadcastSkipReason,
  BroadcastStatus,
  TemplateCategory,
} from '@omnichat/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { workspaceRef } from '../../platform/identity/workspaces.tables.ts';
import { channels } from '../channels/index.ts';
import { customers } from '../customers/index.ts';
import { whatsappTemplates } from '../templates/index.ts';

/**
 * A broadcast: one approved template sent to an audience of customers on a WhatsApp channel, now or at `send_at`.
 * The template's name, language and category are copied, so a later edit or deletion does not change what it sends.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name').notNull(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => whatsappTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    templateLanguage: text('template_language').notNull(),
    templateCategory: text('template_category').$type<TemplateCategory>().notNull(),
    parameters: jsonb('parameters').$type<BroadcastParameter[]>().notNull(),
    audience: jsonb('audience').$type<BroadcastAudience>().notNull(),
    status: text('status').$type<BroadcastStatus>().notNull(),
    statusReason: text('status_reason'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    /** raised by each resume: the sender job's idempotency key, so a resume never waits for a job that is ending */
    run: integer('run').notNull().default(0),
    estimatedCostCents: integer('estimated_cost_cents').notNull().default(0),
    createdByMemberId: uuid('created_by_member_id'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('broadcasts_workspace_idx').on(t.workspaceId, t.createdAt, t.id),
    index('broadcasts_sending_idx').on(t.status).where(sql`${t.status} = 'sending'`),
  ],
);
export type BroadcastRow = typeof broadcasts.$inferSelect;

/**
 * One customer of a broadcast: resolved at creation (one INSERT … SELECT), sent at most once. `sending` is set and
 * committed before the Graph call; one left `sending` by a crash becomes `unknown`, never sent again.
 */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    id: id(),
    workspaceId: workspaceRef(),
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** the customer's WhatsApp id, else their phone, digits only; null: no number */
    phone: text('phone'),
    status: text('status').$type<BroadcastRecipientStatus | 'sending'>().notNull(),
    skipReason: text('skip_reason').$type<BroadcastSkipReason>(),
    /** the template message's price for this number (category and country), in USD cents, for the wallet */
    priceCents: integer('price_cents').notNull().default(0),
    /** a throughput refusal put it back: not claimed before this time */
    notBefore: timestamp('not_before', { withTimezone: true }),
    retries: integer('retries').notNull().default(0),
    externalId: text('external_id'),
    errorCode: text('error_code'),
    errorTitle: text('error_title'),
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('broadcast_recipients_claim_idx').on(t.broadcastId, t.status, t.id),
    // the results export reads a broadcast's recipients a page at a time in id order
    index('broadcast_recipients_broadcast_idx').on(t.broadcastId, t.id),
    index('broadcast_recipients_external_idx').on(t.externalId).where(sql`${t.externalId} is not null`),
    index('broadcast_recipients_customer_idx')
      .on(t.customerId, t.sentAt)
      .where(sql`${t.sentAt} is not null and ${t.repliedAt} is null`),
  ],
);
export type BroadcastRecipientRow = typeof broadcastRecipients.$inferSelect;

/**
 * A broadcast's recipients by status (and `replied`), kept by statement triggers on `broadcast_recipients`
 * (transition tables): progress reads a handful of rows, whatever the audience's size.
 */
export const broadcastCounts = pgTable(
  'broadcast_counts',
  {
    workspaceId: workspaceRef(),
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.broadcastId, t.status] })],
);
