import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { ChannelRow } from '../channels/index.ts';
import { conversationChanged, factsOf, messagesStored } from './announce.ts';
import { autoAssign } from './auto-assign.ts';
import { conversations, type MessageRow, messages } from './conversations.tables.ts';
import { addMessage, openConversation } from './threads.ts';

/** A file the customer sent: where the storage adapter keeps it, its type, name and size. */
export interface CustomerFile {
  mediaKey: string;
  mediaType: string;
  filename: string;
  size: number;
}

/** The message type of a file: image, video or audio by its type, else document (as agents' files are typed). */
const fileMessageType = (mediaType: string) => {
  const kind = mediaType.split('/')[0];
  return kind === 'image' || kind === 'video' || kind === 'audio' ? kind : 'document';
};

/**
 * A customer's message on a channel that Meta does not carry (web chat), in their open conversation: a text, or a
 * file with an optional caption, stored once per `externalId`, like an inbound Meta message, and announced by
 * `message.stored`; a conversation it opens is given out by the channel's auto-assignment. A repeated `externalId` answers the message stored the first time, or null when that one is
 * not in this customer's conversation.
 */
export async function storeCustomerText(
  events: EventBus,
  tx: Tx,
  channel: ChannelRow,
  customerId: string,
  { text, externalId, file }: { text: string | null; externalId: string; file?: CustomerFile },
): Promise<MessageRow | null> {
  const opened = new Set<string>();
  const conversation = await openConversation(tx, channel, customerId, { actor: null }, opened);
  const added = await addMessage(tx, channel, conversation, {
    direction: 'inbound',
    type: file ? fileMessageType(file.mediaType) : 'text',
    text,
    status: 'received',
    externalId,
    sentAt: new Date(),
    ...(file && {
      content: { filename: file.filename, size: file.size },
      mediaKey: file.mediaKey,
      mediaType: file.mediaType,
    }),
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

/** The customer's latest conversation on the channel, or null when they never wrote there. */
export async function latestConversation(tx: Tx, channel: ChannelRow, customerId: string) {
  const [last] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.channelId, channel.id), eq(conversations.customerId, customerId)))
    .orderBy(desc(conversations.createdAt))
    .limit(1);
  return last ?? null;
}

/**
 * The customer rates their closed conversation on the channel (the latest, or `conversationId`): 1 to 5 with an
 * optional comment, kept with when. Another customer's conversation is 404; an open one 409. A new rating
 * replaces the last.
 */
export async function rateConversation(
  events: EventBus,
  tx: Tx,
  channel: ChannelRow,
  customerId: string,
  rating: { score: number; comment: string | null; conversationId?: string },
) {
  const conversation = rating.conversationId
    ? ((
        await tx
          .select()
          .from(conversations)
          .where(
            and(
              eq(conversations.id, rating.conversationId),
              eq(conversations.channelId, channel.id),
              eq(conversations.customerId, customerId),
            ),
          )
      )[0] ?? null)
    : await latestConversation(tx, channel, customerId);
  if (!conversation) throw notFound();
  if (conversation.status !== 'closed') throw new AppError(409, 'csat_conversation_open');
  const [rated] = await tx
    .update(conversations)
    .set({ csatScore: rating.score, csatComment: rating.comment, csatRatedAt: new Date() })
    .where(eq(conversations.id, conversation.id))
    .returning();
  // the agents' open thread shows the rating without a reload
  await conversationChanged(events, tx, channel.workspaceId, 'rated', factsOf(rated!, channel.type), null);
  return rated!;
}

/** One message of the customer's thread on the channel (never an agents' note), or null. */
export async function customerMessage(tx: Tx, channel: ChannelRow, customerId: string, messageId: string) {
  const [row] = await tx
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.id, messageId),
        eq(conversations.channelId, channel.id),
        eq(conversations.customerId, customerId),
        ne(messages.type, 'note'),
      ),
    );
  return row?.message ?? null;
}
