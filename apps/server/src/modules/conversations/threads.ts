import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import type { ChannelRow } from '../channels/index.ts';
import { type ConversationRow, conversations, type MessageRow, messages } from './conversations.tables.ts';

const PREVIEW_MAX = 200;

/**
 * The customer's open conversation on the channel: the open one, else the last closed one opened again (a new
 * inbound message reopens it), else a new one. Two deliveries at once meet at the one-open index.
 */
export async function openConversation(tx: Tx, channel: ChannelRow, customerId: string): Promise<ConversationRow> {
  const mine = and(eq(conversations.channelId, channel.id), eq(conversations.customerId, customerId));
  const [open] = await tx
    .select()
    .from(conversations)
    .where(and(mine, eq(conversations.status, 'open')));
  if (open) return open;
  const [last] = await tx.select().from(conversations).where(mine).orderBy(desc(conversations.createdAt)).limit(1);
  if (last) {
    const [reopened] = await tx
      .update(conversations)
      .set({ status: 'open', closedAt: null, updatedAt: new Date() })
      .where(eq(conversations.id, last.id))
      .returning();
    return reopened!;
  }
  const [created] = await tx
    .insert(conversations)
    .values({ workspaceId: channel.workspaceId, channelId: channel.id, customerId })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [raced] = await tx
    .select()
    .from(conversations)
    .where(and(mine, eq(conversations.status, 'open')));
  return raced!;
}

type NewMessage = Pick<MessageRow, 'direction' | 'type' | 'text' | 'status' | 'externalId' | 'sentAt'> &
  Partial<Pick<MessageRow, 'content'>>;

/**
 * Stores a message from the customer's side (or Meta's echo of one sent elsewhere) and moves the conversation's
 * last activity; null when a delivery running at the same moment stored it first.
 */
export async function addMessage(tx: Tx, channel: ChannelRow, conversation: ConversationRow, values: NewMessage) {
  const [message] = await tx
    .insert(messages)
    .values({ ...values, workspaceId: channel.workspaceId, conversationId: conversation.id, channelId: channel.id })
    .onConflictDoNothing()
    .returning();
  if (!message) return null;
  const at = values.sentAt.toISOString();
  const [updated] = await tx
    .update(conversations)
    .set({
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${at}::timestamptz)`,
      lastMessagePreview: (values.text ?? `[${values.type}]`).slice(0, PREVIEW_MAX),
      ...(values.direction === 'inbound' && {
        lastInboundAt: sql`greatest(${conversations.lastInboundAt}, ${at}::timestamptz)`,
      }),
      updatedAt: new Date(),
    })
    .where(eq(conversations.id, conversation.id))
    .returning();
  return { message, conversation: updated! };
}
