import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { type ChannelRow, channels } from '../channels/index.ts';
import { customers } from '../customers/index.ts';
import type { ConversationRow, MessageRow } from './conversations.tables.ts';
import { conversations } from './conversations.tables.ts';

/**
 * The customer wrote in conversations someone handles: one `conversation.message_received` per conversation of
 * the batch (its latest message), in the transaction that stored them, for the assignee's notification.
 */
export async function announceReceived(
  ctx: AppContext,
  tx: Tx,
  added: { message: MessageRow; conversation: ConversationRow }[],
) {
  const latest = new Map<string, { message: MessageRow; assignee: string }>();
  for (const { message, conversation } of added)
    if (message.direction === 'inbound' && conversation.assigneeMemberId)
      latest.set(conversation.id, { message, assignee: conversation.assigneeMemberId });
  if (!latest.size) return;
  const about = await tx
    .select({ id: conversations.id, name: customers.displayName, channelType: channels.type })
    .from(conversations)
    .innerJoin(customers, eq(customers.id, conversations.customerId))
    .innerJoin(channels, eq(channels.id, conversations.channelId))
    .where(inArray(conversations.id, [...latest.keys()]));
  for (const row of about) {
    const { message, assignee } = latest.get(row.id)!;
    await ctx.events.emit(
      tx,
      'conversation.message_received',
      {
        conversation_id: row.id,
        customer_name: row.name,
        channel_type: row.channelType,
        assignee_member_id: assignee,
        message_id: message.id,
        preview: (message.text ?? `[${message.type}]`).slice(0, 140),
      },
      message.workspaceId,
    );
  }
}

/** Meta refused the channel's token: the channel waits for a new one, and its admins hear of it once. */
export async function channelNeedsReauth(ctx: AppContext, tx: Tx, channel: ChannelRow) {
  const [flagged] = await tx
    .update(channels)
    .set({ status: 'needs_reauth', updatedAt: new Date() })
    .where(and(eq(channels.id, channel.id), eq(channels.status, 'active')))
    .returning();
  if (flagged)
    await ctx.events.emit(
      tx,
      'channel.needs_reauth',
      { channel_id: flagged.id, channel_name: flagged.name },
      flagged.workspaceId,
    );
}
