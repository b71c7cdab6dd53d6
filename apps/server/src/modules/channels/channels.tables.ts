import type { WidgetSettings } from '@omnichat/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { teams } from '../../platform/identity/teams.tables.ts';
import { workspaceRef } from '../../platform/identity/workspaces.tables.ts';

/**
 * A way in for customers: a WhatsApp number, a Facebook Page, an Instagram account (through its Page), or the
 * web-chat widget. Tokens and app secrets are sealed (AES-256-GCM) and never leave the server whole.
 */
export const channels = pgTable(
  'channels',
  {
    id: id(),
    workspaceId: workspaceRef(),
    type: text('type', { enum: ['whatsapp', 'messenger', 'instagram', 'webchat'] }).notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'needs_reauth'] })
      .notNull()
      .default('active'),
    phoneNumberId: text('phone_number_id'),
    businessAccountId: text('business_account_id'),
    pageId: text('page_id'),
    instagramAccountId: text('instagram_account_id'),
    accessTokenSealed: text('access_token_sealed'),
    appSecretSealed: text('app_secret_sealed'),
    verifyToken: text('verify_token'),
    widgetKey: text('widget_key'),
    /** web chat: the origins whose pages may use the widget (besides the app's own); empty: any site */
    allowedOrigins: text('allowed_origins').array().notNull().default(sql`'{}'::text[]`),
    /** auto-assignment of the conversations customers open: `off`, or `round_robin` among the online members of
     * `autoAssignTeamId` (a team deleted: everyone who may answer) under `autoAssignMaxOpen` open ones each */
    autoAssignMode: text('auto_assign_mode', { enum: ['off', 'round_robin'] })
      .notNull()
      .default('off'),
    autoAssignTeamId: uuid('auto_assign_team_id').references(() => teams.id, { onDelete: 'set null' }),
    autoAssignMaxOpen: integer('auto_assign_max_open'),
    /** web chat: the widget's settings as saved (what is missing takes DEFAULT_WIDGET_SETTINGS) */
    widget: jsonb('widget').$type<Partial<WidgetSettings>>(),
    /** WhatsApp: the send rate broadcasts pace this number at (Meta's default throughput is 80); unused by others */
    messagesPerSecond: integer('messages_per_second').notNull().default(80),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('channels_workspace_idx').on(t.workspaceId, t.createdAt),
    uniqueIndex('channels_widget_key').on(t.widgetKey),
  ],
);
export type ChannelRow = typeof channels.$inferSelect;
