import type {
  MetaChannel,
  MetaFieldHandler,
  MetaWebhookPart,
  MetaWebhookProblem,
} from '../../../platform/modules/define-module.ts';
import { factsOf, messagesStored, statusesChanged } from '../announce.ts';
import { autoAssign } from '../auto-assign.ts';
import type { ConversationRow } from '../conversations.tables.ts';
import { applyEvents } from './apply-events.ts';
import { fetchMediaJob, MEDIA_TYPES } from './fetch-media.ts';
import { messagingEvents } from './messaging-events.ts';
import type { MetaEvent, ReadPart } from './meta-events.ts';
import { whatsappEvents } from './whatsapp-events.ts';

/** The events of one `messages` part of a delivery to `channel`. */
export function readPart(channel: MetaChannel, part: MetaWebhookPart): ReadPart {
  const { type } = channel;
  if (type === 'whatsapp') return whatsappEvents(part.value, part.place, channel.phoneNumberId, part.receivedAt);
  // the channels module hands web chat no deliveries
  if (type === 'webchat') return { events: [], problems: [] };
  const ownIds = [channel.pageId, channel.instagramAccountId].filter((id): id is string => !!id);
  return messagingEvents(part.value, part.place, type, ownIds, part.receivedAt);
}

/**
 * Meta's `messages` field (WhatsApp's messages and statuses, Messenger's and Instagram's messaging items): read
 * leniently one item at a time, applied together (customers, open conversations, messages once per Meta id,
 * statuses forward only, watermarks), the conversations customers opened given out by the channel's
 * auto-assignment, then announced: `message.stored`, `message.status_changed`, `whatsapp.statuses_unmatched`, and a job fetching each received
 * file.
 */
export const messagesField: MetaFieldHandler = async (tx, channel, parts, { events, jobs }) => {
  const read: MetaEvent[] = [];
  const problems: MetaWebhookProblem[] = [];
  for (const part of parts) {
    const { events: found, problems: unread } = readPart(channel, part);
    read.push(...found);
    for (const problem of unread) problems.push({ deliveryId: part.deliveryId, problem });
  }
  const { messages, statuses, unmatched, opened } = await applyEvents(tx, channel, read);
  // the conversations customers opened (not an echo of what the business sent elsewhere), in the order they wrote
  const customerOpened = new Map<string, ConversationRow>();
  for (const { message, conversation } of messages)
    if (message.direction === 'inbound' && opened.has(conversation.id))
      customerOpened.set(conversation.id, conversation);
  const assigned = await autoAssign(events, tx, channel, [...customerOpened.values()]);
  for (const { message } of messages)
    if (MEDIA_TYPES.has(message.type)) await jobs.enqueue(fetchMediaJob, { message_id: message.id }, { tx });
  await messagesStored(
    events,
    tx,
    channel.workspaceId,
    messages.map(({ message, conversation }) => ({
      message,
      conversation: factsOf(assigned.get(conversation.id) ?? conversation, channel.type),
    })),
  );
  await statusesChanged(events, tx, channel.workspaceId, statuses);
  // statuses of sends the conversations do not hold (a broadcast's): its module looks them up by Meta's id
  if (unmatched.length)
    await events.emit(
      tx,
      'whatsapp.statuses_unmatched',
      {
        channel_id: channel.id,
        statuses: unmatched.map((status) => ({
          external_id: status.externalId,
          status: status.status,
          error_code: status.error?.code == null ? null : String(status.error.code),
          error_title: status.error?.title ?? null,
        })),
      },
      channel.workspaceId,
    );
  return problems;
};
