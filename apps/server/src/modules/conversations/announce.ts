import type { CONVERSATION_CHANGES, ConversationFacts } from '@omnichat/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import { type ChannelRow, channels } from '../channels/index.ts';
import { type ConversationRow, conversations, type MessageRow } from './conversations.tables.ts';
import { toMessageDto } from './message-dto.ts';

/** What the inbox's events say of a conversation (`ConversationFacts`), from its row and its channel's type. */
export const factsOf = (conversation: ConversationRow, channelType: ChannelRow['type']): ConversationFacts => ({
  id: conversation.id,
  customer_id: conversation.customerId,
  channel_id: conversation.channelId,
  channel_type: channelType,
  assignee_member_id: conversation.assigneeMemberId,
  team_id: conversation.teamId,
  all_teams: conversation.allTeams,
  status: conversation.status,
});

/** The facts of the conversations `ids`, read in `tx` by one statement. */
export async function factsById(tx: Tx, ids: string[]): Promise<Map<string, ConversationFacts>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ conversation: conversations, channelType: channels.type })
    .from(conversations)
    .innerJoin(channels, eq(channels.id, conversations.channelId))
    .where(inArray(conversations.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.conversation.id, factsOf(row.conversation, row.channelType)]));
}

/**
 * `message.stored` for messages stored in `tx` (a webhook batch's by one statement), each with its conversation
 * as it stands after them.
 */
export function messagesStored(
  events: EventBus,
  tx: Tx,
  workspaceId: string,
  stored: { message: MessageRow; conversation: ConversationFacts }[],
) {
  return events.emitMany(
    tx,
    'message.stored',
    stored.map(({ message, conversation }) => ({
      message: toMessageDto(message),
      conversation,
      sender_member_id: message.senderMemberId,
    })),
    workspaceId,
  );
}

/** `message.status_changed` for messages whose state moved in `tx` (their conversations read once). */
export async function statusesChanged(events: EventBus, tx: Tx, workspaceId: string, changed: MessageRow[]) {
  if (!changed.length) return;
  const facts = await factsById(
    tx,
    changed.map((message) => message.conversationId),
  );
  await events.emitMany(
    tx,
    'message.status_changed',
    changed.flatMap((message) => {
      const conversation = facts.get(message.conversationId);
      return conversation ? [{ message: toMessageDto(message), conversation }] : [];
    }),
    workspaceId,
  );
}

/** `conversation.changed` for a conversation changed in `tx`: its facts, or its id to read them as they stand now. */
export async function conversationChanged(
  events: EventBus,
  tx: Tx,
  workspaceId: string,
  change: Exclude<(typeof CONVERSATION_CHANGES)[number], 'customer_merged'>,
  changed: ConversationFacts | string,
  byMemberId: string | null,
) {
  const conversation = typeof changed === 'string' ? (await factsById(tx, [changed])).get(changed) : changed;
  if (conversation)
    await events.emit(tx, 'conversation.changed', { change, conversation, by_member_id: byMemberId }, workspaceId);
}
