import { firstText, idOf, isObject, type Json, objectOf, objectsOf } from '../../../integrations/meta/read-json.ts';
import type { ChannelContact } from '../../customers/index.ts';
import { eventTime } from './event-time.ts';
import type { MetaEvent, ReadPart } from './meta-events.ts';

type Source = 'messenger' | 'instagram';
/** An attachment type as Meta names them (`image`, `ig_reel`, `story_mention`…); anything else is `unknown`. */
const TYPE = /^[a-z][a-z_]{0,39}$/;
/** What of a message is kept as its content besides the text. */
const KEPT = ['attachments', 'quick_reply', 'reply_to', 'referral', 'sticker_id', 'is_unsupported'] as const;

/**
 * The words an attachment shows in the inbox list: a shared post's or reel's caption, a link's title or address
 * (`fallback`), a template's first title, a place's coordinates; none for a file or a story mention.
 */
function attachmentText(attachment: Json | undefined): string | null {
  const payload = objectOf(attachment?.payload);
  const element = (list: unknown) => objectsOf(list)[0]?.title;
  const { lat, long } = objectOf(payload.coordinates);
  return firstText(
    payload.title,
    element(payload.elements),
    element(objectOf(payload.product).elements),
    attachment?.type === 'fallback' ? payload.url : null,
    typeof lat === 'number' && typeof long === 'number' ? `📍 ${lat}, ${long}` : null,
  );
}

/** A message (or the Page's echo of one); an unsent one (`is_deleted`) leaves the stored message as it is. */
function messageEvent(message: Json, common: Common): MetaEvent | string | null {
  const externalId = idOf(message.mid);
  if (!externalId) return 'no message id';
  if (message.is_deleted === true) return null;
  const attachments = objectsOf(message.attachments);
  const text = firstText(message.text);
  const attachmentType = attachments[0]?.type;
  const type =
    text !== null
      ? 'text'
      : message.is_unsupported === true
        ? 'unsupported'
        : typeof attachmentType === 'string' && TYPE.test(attachmentType)
          ? attachmentType
          : 'unknown';
  const content: Json = {};
  for (const key of KEPT) if (message[key] !== undefined) content[key] = message[key];
  if (attachments.length) content.attachments = attachments;
  return {
    kind: 'message',
    direction: common.direction,
    externalId,
    type,
    text: text ?? attachmentText(attachments[0]),
    content,
    sentAt: common.at,
    contact: common.contact,
  };
}

/**
 * A reaction to a message ("message_reactions"): stored as a message of type `reaction`, like WhatsApp's, with
 * the emoji as its text (none when taken back). It has no id of its own: one is made of who reacted to what, when.
 */
function reactionEvent(reaction: Json, common: Common, sender: string, timestamp: unknown): MetaEvent | string {
  const target = idOf(reaction.mid);
  if (!target) return 'reaction without a message id';
  const action = reaction.action === 'unreact' ? 'unreact' : 'react';
  return {
    kind: 'message',
    direction: common.direction,
    externalId: `reaction:${sender}:${target}:${action}:${idOf(timestamp) ?? ''}`,
    type: 'reaction',
    text: action === 'react' ? firstText(reaction.emoji) : null,
    content: { message_id: target, action, emoji: reaction.emoji ?? null, reaction: reaction.reaction ?? null },
    sentAt: common.at,
    contact: common.contact,
  };
}

/** A tap on a button of the Page's message ("messaging_postbacks"): its title is what the person chose. */
const postbackEvent = (postback: Json, common: Common, sender: string, timestamp: unknown): MetaEvent => ({
  kind: 'message',
  direction: 'inbound',
  externalId: idOf(postback.mid) ?? `postback:${sender}:${idOf(timestamp) ?? ''}`,
  type: 'postback',
  text: firstText(postback.title, postback.payload),
  content: postback,
  sentAt: common.at,
  contact: common.contact,
});

interface Common {
  direction: 'inbound' | 'outbound';
  at: Date;
  contact: ChannelContact;
}

/** The events of one `messaging[]` item: a message, a reaction, a postback, deliveries, reads. */
function itemEvents(item: Json, source: Source, ownIds: string[], receivedAt: Date): MetaEvent[] | string {
  const sender = idOf(objectOf(item.sender).id);
  const recipient = idOf(objectOf(item.recipient).id);
  if (!sender || !recipient) return 'no sender or recipient';
  const message = isObject(item.message) ? item.message : null;
  const echo = message?.is_echo === true || ownIds.includes(sender);
  const customerId = echo ? recipient : sender;
  const common: Common = {
    direction: echo ? 'outbound' : 'inbound',
    // Meta's delivery events carry no timestamp
    at: eventTime(item.timestamp, receivedAt, 'milliseconds'),
    contact: { source, externalId: customerId },
  };
  const found = [
    message ? messageEvent(message, common) : null,
    isObject(item.reaction) ? reactionEvent(item.reaction, common, sender, item.timestamp) : null,
    isObject(item.postback) ? postbackEvent(item.postback, common, sender, item.timestamp) : null,
  ];
  const problem = found.find((event) => typeof event === 'string');
  if (problem) return problem;
  const events = found.filter((event): event is MetaEvent => typeof event === 'object' && event !== null);
  const watermark = (value: unknown) =>
    value === undefined || value === null || value === 0 ? null : eventTime(value, receivedAt, 'milliseconds');
  const delivery = objectOf(item.delivery);
  for (const mid of Array.isArray(delivery.mids) ? delivery.mids : []) {
    const externalId = idOf(mid);
    if (externalId) events.push({ kind: 'status', externalId, status: 'delivered', error: null });
  }
  const delivered = watermark(delivery.watermark);
  if (delivered) events.push({ kind: 'watermark', contactId: customerId, status: 'delivered', until: delivered });
  const read = objectOf(item.read);
  const readMid = idOf(read.mid);
  if (readMid) events.push({ kind: 'status', externalId: readMid, status: 'read', error: null });
  const seen = watermark(read.watermark);
  if (seen) events.push({ kind: 'watermark', contactId: customerId, status: 'read', until: seen });
  return events;
}

/**
 * One `messaging[]` item of a Messenger or Instagram delivery (at `place`): a message, the Page's own echo, a
 * reaction, a postback, deliveries and reads; an item that cannot be taken is named in `problems` by its place.
 * `ownIds` are the Page's and the Instagram account's ids: the other party is the customer. Items this inbox has
 * no use for (opt-ins, referrals alone, handovers) are left out silently.
 */
export function messagingEvents(
  item: unknown,
  place: string,
  source: Source,
  ownIds: string[],
  receivedAt: Date,
): ReadPart {
  let read: MetaEvent[] | string;
  try {
    read = isObject(item) ? itemEvents(item, source, ownIds, receivedAt) : 'not an object';
  } catch (error) {
    read = `unreadable (${error instanceof Error ? error.name : typeof error})`;
  }
  return typeof read === 'string' ? { events: [], problems: [`${place}: ${read}`] } : { events: read, problems: [] };
}
