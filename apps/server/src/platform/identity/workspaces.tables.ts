import { isNull, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../db/columns.ts';
import { users } from './users.tables.ts';

/** An organization. Its own row is tenant data too: RLS keys it on `id`. */
export const workspaces = pgTable('workspaces', {
  id: id(),
  name: text('name').notNull(),
  avatar: text('avatar').notNull().default(''),
  timeZone: text('time_zone').notNull(),
  /** ISO 3166 alpha-2: the country a customer's phone number without a country code is read in */
  defaultCountry: text('default_country'),
  planTag: text('plan_tag'),
  createdBy: uuid('created_by'),
  /** Limits a system admin sets per organization; null means unlimited. Copied from system defaults at creation. */
  maxSeats: integer('max_seats'),
  memberLimit: integer('member_limit'),
  channelLimit: integer('channel_limit'),
  aiAgentLimit: integer('ai_agent_limit'),
  trialDays: integer('trial_days').notNull().default(0),
  promoteCode: text('promote_code'),
  /** Permissions a newly joined member gets (GET/PUT /v1/workspace/member/permission/default). */
  defaultMemberPermissions: text('default_member_permissions').array().notNull().default(sql`'{}'::text[]`),
  /** a customer's inbound message that is exactly one of these (trimmed, any case) opts them out of marketing */
  optOutKeywords: text('opt_out_keywords').array().notNull().default(sql`'{"STOP","UNSUBSCRIBE"}'::text[]`),
  /** set when the owner deletes it: gone for everyone at once, its data purged by a background job */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The organization a tenant row belongs to; its rows go with it. */
export const workspaceRef = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member', 'viewer'] }).notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    invited: boolean('invited').notNull().default(false),
    /** online, busy or offline (`PUT /v1/self/availability`): auto-assignment gives new conversations to online
     * members only; online until the member chooses, so a new desk's round robin works at once */
    availability: text('availability', { enum: ['online', 'busy', 'offline'] })
      .notNull()
      .default('online'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('workspace_members_workspace_user_key').on(t.workspaceId, t.userId),
    index('workspace_members_user_idx').on(t.userId),
  ],
);
/** An invitation by e-mail; only a SHA-256 of the mailed token is kept. */
export const workspaceInvites = pgTable(
  'workspace_invites',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'member', 'viewer'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** when the link was last mailed: a resend waits a minute after it */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('workspace_invites_workspace_idx').on(t.workspaceId, t.email)],
);

/** Organizations not deleted: a deleted one is gone for everyone while its data waits for the purge job. */
export const liveWorkspace = isNull(workspaces.deletedAt);

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;
export type WorkspaceInviteRow = typeof workspaceInvites.$inferSelect;
