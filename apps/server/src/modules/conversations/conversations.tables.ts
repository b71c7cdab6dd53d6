import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { workspaceMembers, workspaceRef } from '../../platform/identity/workspaces.tables.ts';
import { channels } from '../channels/index.ts';
import { customers } from '../customers/index.ts';

/**
 * A customer's thread on one channel. At most one is open per customer and channel; a new inbound message opens
 * a closed one again. `lastInboundAt` is Meta's time of the customer's last message: the free-reply session ends
 * 24 hours after it.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    workspaceId: workspaceRef(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    assigneeMemberId: uuid('assignee_member_id'),
    teamId: uuid('team_id'),
    allTeams: boolean('all_teams').notNull().default(false),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: text('last_message_preview'),
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    /** Messenger's and Instagram's watermarks: outbound messages sent up to them are delivered / read, also
     * those whose echo arrives after the watermark did */
    deliveredUntil: timestamp('delivered_until', { withTimezone: true }),
    readUntil: timestamp('read_until', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** snoozed (still `open`, out of the open lists) since then; `snoozedUntil` null: until the customer writes */
    snoozedAt: timestamp('snoozed_at', { withTimezone: true }),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    /** the customer's rating of the closed conversation (web chat's CSAT), 1 to 5, their comment, and when */
    csatScore: integer('csat_score'),
    csatComment: text('csat_comment'),
    csatRatedAt: timestamp('csat_rated_at', { withTimezone: true }),
    /** an AI agent bound to the channel may answer it (no person assigned); false after a handoff or a takeover */
    aiActive: boolean('ai_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversations_one_open').on(t.channelId, t.customerId).where(sql`${t.status} = 'open'`),
    // auto-assignment's cap: a channel's open conversations per assignee
    index('conversations_open_assignee_idx').on(t.channelId, t.assigneeMemberId).where(sql`${t.status} = 'open'`),
    index('conversations_recent_idx').on(t.workspaceId, t.lastMessageAt, t.id),
    index('conversations_customer_idx').on(t.customerId),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;

/**
 * A message in a conversation. `externalId` is Meta's id (wamid, mid): unique per channel, so the same delivery
 * twice stores one message. `seq` orders every message of the organization: a socket that reconnects asks for
 * what came after the last one it saw.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    workspaceId: workspaceRef(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    type: text('type').notNull(),
    text: text('text'),
    /** the message's own object as Meta sent it (media ids, location, reaction, ...) */
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['received', 'wait_to_send', 'sent', 'delivered', 'read', 'failed'] }).notNull(),
    externalId: text('external_id'),
    /** the received file in the storage adapter, once fetched from Meta, and its type */
    mediaKey: text('media_key'),
    mediaType: text('media_type'),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    senderMemberId: uuid('sender_member_id'),
    /** an AI agent's answer: the agent, and the knowledge articles it drew on */
    senderAgentId: uuid('sender_agent_id'),
    sources: jsonb('sources').$type<{ article_id: string; title: string }[]>(),
    /** Meta's time of the message (the customer's clock for inbound), else when it was written here */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('messages_external_key').on(t.channelId, t.externalId).where(sql`${t.externalId} is not null`),
    index('messages_conversation_idx').on(t.conversationId, t.sentAt, t.seq),
    index('messages_seq_idx').on(t.workspaceId, t.seq),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** How far a member has read a conversation: its unread count is the inbound messages after `lastReadSeq`. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    workspaceId: workspaceRef(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull(),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.memberId] })],
);

/**
 * Round robin's memory (auto-assignment): the turn at which each member was last given a conversation of the
 * channel (the channel's count of auto-assignments). The next goes to the eligible member whose last turn is the
 * oldest (never given one: first), read and written under the channel's row lock, so processes agree.
 */
export const assignmentTurns = pgTable(
  'assignment_turns',
  {
    workspaceId: workspaceRef(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => workspaceMembers.id, { onDelete: 'cascade' }),
    lastTurn: bigint('last_turn', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.memberId] })],
);
