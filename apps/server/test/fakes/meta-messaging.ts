import { randomInt } from 'node:crypto';
import { randomInstagramMid, randomMessengerMid } from './meta-common.ts';

// ---------------------------------------------------------------------------------------------------------------
// Messenger (object "page") and Instagram (object "instagram")

/**
 * An attachment as Meta sends it: `{ type, payload }`. Files (`image`, `audio`, `video`, `file`, `reel`, `ig_reel`)
 * and `story_mention` carry `payload.url`; `share`/`ig_post` add `title` and ids; `fallback` (a shared link) has
 * `url` and `title`, or no payload at all; `template` (a product) has `payload.product.elements[]`.
 */
export interface MessagingAttachment {
  type: string;
  payload?: { url?: string; [key: string]: unknown };
  title?: string;
  url?: string;
}

export interface MessagingEvent {
  sender: { id: string };
  recipient: { id: string };
  /** epoch milliseconds; the message_deliveries reference shows no timestamp on deliveries */
  timestamp?: number;
  message?: {
    mid: string;
    text?: string;
    attachments?: MessagingAttachment[];
    is_echo?: boolean;
    is_deleted?: boolean;
    app_id?: number;
    metadata?: string;
    quick_reply?: { payload: string };
    reply_to?: { mid: string } | { story: { url: string; id: string } };
  };
  delivery?: { mids?: string[]; watermark: number };
  read?: { watermark: number } | { mid: string };
  reaction?: { mid: string; action: 'react' | 'unreact'; reaction?: string; emoji?: string };
  postback?: { mid?: string; title: string; payload: string };
}

export interface MessagingWebhook {
  object: 'page' | 'instagram';
  entry: { id: string; time: number; messaging: MessagingEvent[] }[];
}

type AttachmentInput = MessagingAttachment | { type: string; url: string };
const attachmentsOf = (attachments: AttachmentInput[]): MessagingAttachment[] =>
  attachments.map((a) => ('payload' in a || !a.url ? a : { type: a.type, payload: { url: a.url } }));

/** `entry[].time` is when Meta sent the batch, a little after the event. */
const messagingBody = (object: MessagingWebhook['object'], ownId: string, event: MessagingEvent): MessagingWebhook => ({
  object,
  entry: [{ id: ownId, time: (event.timestamp ?? Date.now()) + randomInt(50, 900), messaging: [event] }],
});

interface MessageContent {
  mid?: string;
  text?: string;
  /** a tap on a quick reply: Meta sends its title as `text` and the developer's payload */
  quickReply?: string;
  /** `{ type, url }` is shorthand for `{ type, payload: { url } }` */
  attachments?: AttachmentInput[];
  /** epoch milliseconds; now when left out */
  timestampMs?: number;
}

const messageOf = (content: MessageContent, mid: () => string) => ({
  mid: content.mid ?? mid(),
  ...(content.text !== undefined && { text: content.text }),
  ...(content.quickReply !== undefined && { quick_reply: { payload: content.quickReply } }),
  ...(content.attachments !== undefined && { attachments: attachmentsOf(content.attachments) }),
});

/** A message a person sent to the Page ("messages" webhook event reference). */
export function messengerMessage(options: { pageId: string; psid: string } & MessageContent): MessagingWebhook {
  return messagingBody('page', options.pageId, {
    sender: { id: options.psid },
    recipient: { id: options.pageId },
    timestamp: options.timestampMs ?? Date.now(),
    message: messageOf(options, randomMessengerMid),
  });
}

/**
 * A message the Page sent, echoed back ("message_echoes" webhook event reference): sender is the Page, recipient
 * the person, and the message has `is_echo: true`, the sending app's numeric `app_id` and optional `metadata`.
 */
export function messengerEcho(
  options: { pageId: string; psid: string; appId?: number; metadata?: string } & MessageContent,
): MessagingWebhook {
  return messagingBody('page', options.pageId, {
    sender: { id: options.pageId },
    recipient: { id: options.psid },
    timestamp: options.timestampMs ?? Date.now(),
    message: {
      is_echo: true,
      app_id: options.appId ?? 1517776481860111,
      ...(options.metadata !== undefined && { metadata: options.metadata }),
      ...messageOf(options, randomMessengerMid),
    },
  });
}

/**
 * Messages the Page sent were delivered ("message_deliveries" webhook event reference): `delivery: { mids?,
 * watermark }`. Meta's example has no `timestamp` on this event, so there is none unless `timestampMs` is given;
 * `mids` "may not be present", the watermark always is.
 */
export function messengerDelivery(options: {
  pageId: string;
  psid: string;
  mids?: string[];
  watermark: number;
  timestampMs?: number;
}): MessagingWebhook {
  return messagingBody('page', options.pageId, {
    sender: { id: options.psid },
    recipient: { id: options.pageId },
    ...(options.timestampMs !== undefined && { timestamp: options.timestampMs }),
    delivery: { ...(options.mids !== undefined && { mids: options.mids }), watermark: options.watermark },
  });
}

/** The person read the Page's messages up to `watermark` ("message_reads" webhook event reference). */
export function messengerRead(options: {
  pageId: string;
  psid: string;
  watermark: number;
  timestampMs?: number;
}): MessagingWebhook {
  return messagingBody('page', options.pageId, {
    sender: { id: options.psid },
    recipient: { id: options.pageId },
    timestamp: options.timestampMs ?? Date.now(),
    read: { watermark: options.watermark },
  });
}

/** A message a person sent to the Instagram professional account (`entry[].id` is that account's id). */
export function instagramMessage(options: { accountId: string; igsid: string } & MessageContent): MessagingWebhook {
  return messagingBody('instagram', options.accountId, {
    sender: { id: options.igsid },
    recipient: { id: options.accountId },
    timestamp: options.timestampMs ?? Date.now(),
    message: messageOf(options, () => randomInstagramMid(options.accountId)),
  });
}

/**
 * A message the Instagram account sent, echoed back. Instagram has no separate message_echoes field: echoes come on
 * the `messages` field with the account as sender and `is_echo: true` (no app_id in Meta's Instagram examples).
 */
export function instagramEcho(options: { accountId: string; igsid: string } & MessageContent): MessagingWebhook {
  return messagingBody('instagram', options.accountId, {
    sender: { id: options.accountId },
    recipient: { id: options.igsid },
    timestamp: options.timestampMs ?? Date.now(),
    message: { ...messageOf(options, () => randomInstagramMid(options.accountId)), is_echo: true },
  });
}

/** The person saw a message ("messaging_seen"): Instagram names the message, `read: { mid }`, not a watermark. */
export function instagramRead(options: {
  accountId: string;
  igsid: string;
  mid: string;
  timestampMs?: number;
}): MessagingWebhook {
  return messagingBody('instagram', options.accountId, {
    sender: { id: options.igsid },
    recipient: { id: options.accountId },
    timestamp: options.timestampMs ?? Date.now(),
    read: { mid: options.mid },
  });
}

/** Either product's customer: a Page and a PSID, or an Instagram account and an IGSID. */
type Party = { pageId: string; psid: string } | { accountId: string; igsid: string };
const partyOf = (party: Party) =>
  'pageId' in party
    ? { object: 'page' as const, own: party.pageId, person: party.psid }
    : { object: 'instagram' as const, own: party.accountId, person: party.igsid };

/**
 * The person reacted to a message, or took the reaction back ("message_reactions"): `reaction: { mid, action,
 * reaction, emoji }`, the mid being the message reacted to; an `unreact` may leave out the reaction and emoji.
 */
export function messagingReaction(
  options: Party & { mid: string; emoji?: string; unreact?: boolean; timestampMs?: number },
): MessagingWebhook {
  const { object, own, person } = partyOf(options);
  return messagingBody(object, own, {
    sender: { id: person },
    recipient: { id: own },
    timestamp: options.timestampMs ?? Date.now(),
    reaction: options.unreact
      ? { mid: options.mid, action: 'unreact' }
      : { mid: options.mid, action: 'react', reaction: 'love', emoji: options.emoji ?? '\u2764\ufe0f' },
  });
}

/** The person tapped a postback button ("messaging_postbacks"): `postback: { mid, title, payload }`. */
export function messagingPostback(
  options: Party & { title: string; payload: string; timestampMs?: number },
): MessagingWebhook {
  const { object, own, person } = partyOf(options);
  return messagingBody(object, own, {
    sender: { id: person },
    recipient: { id: own },
    timestamp: options.timestampMs ?? Date.now(),
    postback: {
      mid: object === 'page' ? randomMessengerMid() : randomInstagramMid(own),
      title: options.title,
      payload: options.payload,
    },
  });
}

/** The person unsent a message (Instagram's "messages" field): the message's mid and `is_deleted: true`, nothing else. */
export function instagramUnsent(options: { accountId: string; igsid: string; mid: string }): MessagingWebhook {
  return messagingBody('instagram', options.accountId, {
    sender: { id: options.igsid },
    recipient: { id: options.accountId },
    timestamp: Date.now(),
    message: { mid: options.mid, is_deleted: true },
  });
}
