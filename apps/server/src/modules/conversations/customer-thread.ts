import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { ChannelRow } from '../channels/index.ts';
import { factsOf, messagesStored } from './announce.ts';
import { autoAssign } from './auto-assign.ts';
import { conversations, type MessageRow, messages } from './conversations.tables.ts';
import { addMessage, openConversation } from './threads.ts';

/**
 * A customer's text on a channel that Meta does not carry (web chat), in their open conversation: stored once per
 * `externalId`, like an inbound Meta message, and announced by `message.stored`; a conversation it opens is given
 * out by the channel's auto-assignment. A repeated `externalId` answers
 * the message stored the first time, or null when that one is not in this customer's conversation.
 */
export async function storeCustomerText(
  events: EventBus,
  tx: Tx,
  channel: ChannelRow,
  customerId: string,
  { text, externalId }: { text: string; externalId: string },
): Promise<MessageRow | null> {
  const opened = new Set<string>();
  const conversation = await openConversation(tx, channel, customerId, { actor: null }, opened);
  const added = await addMessage(tx, channel, conversation, {
    direction: 'inbound',
    type: 'text',
    text,
    status: 'received',
    externalId,
    sentAt: new Date(),
  });
  if (added) {
    // the visitor opened it: the channel's auto-assignment gives it out, before the message is announced
    const assigned = opened.has(conversation.id)
      ? (await autoAssign(events, tx, channel, [added.conversation])).get(conversation.id)
      : undefined;
    await messagesStored(events, tx, channel.workspaceId, [
      { message: added.message, conversation: factsOf(assigned ?? added.conversation, channel.type) },
    ]);
    return added.message;
  }
  const [again] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.channelId, channel.id), eq(messages.externalId, externalId)));
  return again?.conversationId === conversation.id ? again : null;
}

/**
 * The customer's messages on the channel after `afterSeq`, across their conversations there: the last `limit`,
 * oldest first, without the agents' private notes.
 */
export async function customerThread(
  tx: Tx,
  channel: ChannelRow,
  customerId: string,
  { afterSeq, limit }: { afterSeq: number; limit: number },
): Promise<MessageRow[]> {
  const rows = await tx
    .select()
    .from(messages)
    .where(
      and(
        inArray(
          messages.conversationId,
          tx
            .select({ id: conversations.id })
            .from(conversations)
            .where(and(eq(conversations.channelId, channel.id), eq(conversations.customerId, customerId))),
        ),
        ne(messages.type, 'note'),
        gt(messages.seq, afterSeq),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(limit);
  return rows.reverse();
}
