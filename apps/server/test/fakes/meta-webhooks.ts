import { createHmac, randomBytes, randomInt } from 'node:crypto';

/*
 * Meta webhook bodies, as Meta sends them, for tests of the WhatsApp Cloud API, Messenger and Instagram inboxes.
 *
 * Shapes follow Meta's references:
 * - WhatsApp: "Webhooks reference: messages" (text, image/video/audio/document/sticker, reaction, location,
 *   interactive, button) and "Status messages webhook reference", plus "Business-scoped user IDs" for users with a
 *   username (https://developers.facebook.com/documentation/business-messaging/whatsapp/business-scoped-user-ids).
 * - Messenger: "messages", "message_echoes", "message_deliveries" and "message_reads" webhook event references.
 * - Instagram: "Webhooks for Instagram Messaging" (messages, echoes on the messages field, messaging_seen).
 *
 * Every builder returns the whole body; `metaJson` turns it into the bytes Meta would post, `signMetaBody` signs them.
 */

// ---------------------------------------------------------------------------------------------------------------
// Signing and serialisation

/** The `X-Hub-Signature-256` header Meta sends: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed by the app secret. */
export function signMetaBody(rawBody: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * JSON the way Meta writes it: compact, every character past ASCII escaped as `\uXXXX` (lower-case hex, emoji as
 * surrogate pairs) and `/` escaped as `\/`. `JSON.parse` gives the same value back, but `JSON.stringify` of that
 * value gives other bytes, so a signature checked over a re-serialisation fails as it would in production.
 */
export function metaJson(payload: object): string {
  return JSON.stringify(payload)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Ids and times

const digits = (length: number) =>
  String(randomInt(1, 10)) + Array.from({ length: length - 1 }, () => randomInt(0, 10)).join('');
const upperHex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/**
 * A WhatsApp message id as the Cloud API makes them: `wamid.` and the base64 of a small record holding the user's
 * number and a hex message key (inbound keys are 20 characters, outbound 18), e.g.
 * `wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=` from Meta's docs.
 */
export function randomWamid(userPhone = digits(12), direction: 'inbound' | 'outbound' = 'inbound'): string {
  const phone = Buffer.from(userPhone.replace(/\D/g, '') || digits(12), 'ascii');
  const key = Buffer.from(direction === 'inbound' ? `3A${upperHex(9)}` : upperHex(9), 'ascii');
  const record = Buffer.concat([
    Buffer.from([0x1c, 0x18, phone.length]),
    phone,
    Buffer.from([0x15, 0x02, 0x00, direction === 'inbound' ? 0x12 : 0x11, 0x18, key.length]),
    key,
    Buffer.from([0x00]),
  ]);
  return `wamid.${record.toString('base64')}`;
}

/** A Messenger message id (`m_` and 86 base64url characters, as current Messenger mids are). */
export const randomMessengerMid = () => `m_${randomBytes(64).toString('base64url')}`;

/** An Instagram message id: unpadded base64 of an `ig_message_item` key (real ones start `aWdf…`). */
export const randomInstagramMid = (accountId: string) =>
  Buffer.from(`ig_message_item:1:IGMessageData:${accountId}:${digits(39)}`)
    .toString('base64')
    .replace(/=+$/, '');

/** A page- or Instagram-scoped user id: 16 or 17 digits. */
export const randomScopedId = () => digits(randomInt(16, 18));

/** A business-scoped user id (BSUID): a country code, a dot and digits, e.g. `US.13491208655302741918`. */
export const randomBsuid = (country = 'US') => `${country}.${digits(20)}`;

/** A WhatsApp media id: 15 or 16 digits. */
export const randomMediaId = () => digits(randomInt(15, 17));

/** WhatsApp times are unix seconds as a string; numbers are taken as seconds. */
type WhatsappTime = number | string | Date;
const unixSeconds = (time: WhatsappTime | undefined): string => {
  if (time === undefined) return String(Math.floor(Date.now() / 1000));
  if (time instanceof Date) return String(Math.floor(time.getTime() / 1000));
  return String(time);
};

// ---------------------------------------------------------------------------------------------------------------
// WhatsApp Cloud API (object "whatsapp_business_account")

export interface WhatsappContact {
  profile: { name: string; username?: string };
  /** the user's phone number; left out when the user has a username and the number is not shared */
  wa_id?: string;
  /** the business-scoped user id (BSUID) */
  user_id?: string;
  parent_user_id?: string;
}

export interface WhatsappMessage {
  /** the user's phone number; left out when the user has a username and the number is not shared */
  from?: string;
  /** the user's BSUID */
  from_user_id?: string;
  from_parent_user_id?: string;
  id: string;
  timestamp: string;
  type: string;
  context?: { from: string; id: string };
  /** the per-type object, under the key named by `type` */
  [part: string]: unknown;
}

export interface WhatsappError {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
  href: string;
}

export interface WhatsappStatus {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  timestamp: string;
  recipient_id?: string;
  recipient_user_id?: string;
  conversation?: { id: string; expiration_timestamp?: string; origin: { type: string } };
  pricing?: { billable: boolean; pricing_model: string; type: string; category: string };
  errors?: WhatsappError[];
}

/** One `changes[].value` of the `messages` field. */
export interface WhatsappValue {
  messaging_product: 'whatsapp';
  metadata: { display_phone_number: string; phone_number_id: string };
  contacts?: WhatsappContact[];
  messages?: WhatsappMessage[];
  statuses?: WhatsappStatus[];
}

export interface WhatsappWebhook {
  object: 'whatsapp_business_account';
  entry: { id: string; changes: { value: WhatsappValue; field: 'messages' }[] }[];
}

/** Meta's example business account, number and number id, used when a test gives none. */
const DEFAULT_WABA_ID = '102290129340398';
const DEFAULT_DISPLAY_PHONE = '15550783881';

/** Who a WhatsApp message comes from: a phone number (`from`, the wa_id), a BSUID (`userId`), or both. */
export type WhatsappSender = {
  /** the business phone number id (`metadata.phone_number_id`) */
  phoneNumberId: string;
  displayPhoneNumber?: string;
  /** the WhatsApp Business Account id (`entry[].id`) */
  wabaId?: string;
  /** the profile name; Meta's docs always carry one */
  name?: string;
  /** the user's username (`contacts[].profile.username`), only for users who set one */
  username?: string;
  /** the user's parent BSUID, only for businesses with parent BSUIDs enabled */
  parentUserId?: string;
  /** the message id; a random wamid when left out */
  id?: string;
  /** unix seconds (number or string) or a Date; now when left out */
  timestamp?: WhatsappTime;
  /** the wamid this message replies to: adds `context: { from: <display number>, id }` */
  replyTo?: string;
} & ({ from: string; userId?: string } | { from?: undefined; userId: string });

/**
 * The body for values of the `messages` field: each item is a value, or a whole WhatsApp body whose changes are
 * taken over (so several builders' results can be posted as one delivery).
 */
export function whatsappPayload(
  items: (WhatsappValue | WhatsappWebhook)[],
  options: { wabaId?: string } = {},
): WhatsappWebhook {
  const values = items.flatMap((item) =>
    'object' in item ? item.entry.flatMap((entry) => entry.changes.map((change) => change.value)) : [item],
  );
  const wabaId =
    options.wabaId ?? items.find((item): item is WhatsappWebhook => 'object' in item)?.entry[0]?.id ?? DEFAULT_WABA_ID;
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: wabaId, changes: values.map((value) => ({ value, field: 'messages' as const })) }],
  };
}

const metadataOf = (options: { phoneNumberId: string; displayPhoneNumber?: string }) => ({
  display_phone_number: options.displayPhoneNumber ?? DEFAULT_DISPLAY_PHONE,
  phone_number_id: options.phoneNumberId,
});

/**
 * Any inbound WhatsApp message: `type` and its per-type object. A user with a username who does not share the
 * number comes as Meta's "Business-scoped user IDs" page documents it: `contacts[]` has `profile` and `user_id` and
 * no `wa_id`; `messages[]` has `from_user_id` and no `from` ("from: Will be omitted if the user has enabled the
 * username feature"; "from_user_id: Set to the user's BSUID"). A user with a phone number gets both sets of fields
 * when `userId` is given, as Meta sends them since BSUIDs rolled out.
 */
export function whatsappMessage(sender: WhatsappSender, type: string, part: object): WhatsappWebhook {
  const contact: WhatsappContact = {
    profile: {
      name: sender.name ?? 'Sheena Nelson',
      ...(sender.username !== undefined && { username: sender.username }),
    },
    ...(sender.from !== undefined && { wa_id: sender.from }),
    ...(sender.userId !== undefined && { user_id: sender.userId }),
    ...(sender.parentUserId !== undefined && { parent_user_id: sender.parentUserId }),
  };
  const message: WhatsappMessage = {
    ...(sender.replyTo !== undefined && {
      context: { from: sender.displayPhoneNumber ?? DEFAULT_DISPLAY_PHONE, id: sender.replyTo },
    }),
    ...(sender.from !== undefined && { from: sender.from }),
    ...(sender.userId !== undefined && { from_user_id: sender.userId }),
    ...(sender.parentUserId !== undefined && { from_parent_user_id: sender.parentUserId }),
    id: sender.id ?? randomWamid(sender.from ?? sender.userId),
    timestamp: unixSeconds(sender.timestamp),
    type,
    [type]: part,
  };
  return whatsappPayload(
    [{ messaging_product: 'whatsapp', metadata: metadataOf(sender), contacts: [contact], messages: [message] }],
    { wabaId: sender.wabaId },
  );
}

/** A text message ("Text messages webhook reference"): `text: { body }`. */
export function whatsappText(options: WhatsappSender & { text: string }): WhatsappWebhook {
  return whatsappMessage(options, 'text', { body: options.text });
}

export type WhatsappMediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

/**
 * A media message (image, video, audio, document, sticker webhook references): `{ caption?, filename?, mime_type,
 * sha256, id }`, plus `animated` for stickers and `voice` for voice notes. `url` is the download URL newer webhook
 * versions add; it is left out unless given.
 */
export function whatsappMedia(
  options: WhatsappSender & {
    kind: WhatsappMediaKind;
    mediaId: string;
    mimeType: string;
    caption?: string;
    filename?: string;
    /** hex SHA-256 of the file; random when left out */
    sha256?: string;
    url?: string;
    animated?: boolean;
    voice?: boolean;
  },
): WhatsappWebhook {
  const { kind } = options;
  return whatsappMessage(options, kind, {
    ...(options.caption !== undefined && { caption: options.caption }),
    ...(kind === 'document' && options.filename !== undefined && { filename: options.filename }),
    mime_type: options.mimeType,
    sha256: options.sha256 ?? randomBytes(32).toString('hex'),
    id: options.mediaId,
    ...(options.url !== undefined && { url: options.url }),
    ...(kind === 'sticker' && { animated: options.animated ?? false }),
    ...(kind === 'audio' && options.voice !== undefined && { voice: options.voice }),
  });
}

/**
 * A reaction ("Reaction messages webhook reference"): `reaction: { message_id, emoji }`; the emoji is left out
 * when the user removes a reaction.
 */
export function whatsappReaction(options: WhatsappSender & { messageId: string; emoji?: string }): WhatsappWebhook {
  return whatsappMessage(options, 'reaction', {
    message_id: options.messageId,
    ...(options.emoji !== undefined && { emoji: options.emoji }),
  });
}

/** A location ("Location messages webhook reference"): numbers for latitude and longitude, optional name, address, url. */
export function whatsappLocation(
  options: WhatsappSender & { latitude: number; longitude: number; name?: string; address?: string; url?: string },
): WhatsappWebhook {
  return whatsappMessage(options, 'location', {
    ...(options.address !== undefined && { address: options.address }),
    latitude: options.latitude,
    longitude: options.longitude,
    ...(options.name !== undefined && { name: options.name }),
    ...(options.url !== undefined && { url: options.url }),
  });
}

/**
 * A reply to an interactive message ("Interactive reply buttons / list messages webhook references"): `interactive:
 * { type, button_reply | list_reply }` with `context` naming the business message replied to.
 */
export function whatsappInteractive(
  options: WhatsappSender & {
    reply: { type: 'button_reply' | 'list_reply'; id: string; title: string; description?: string };
    replyTo: string;
  },
): WhatsappWebhook {
  const { type, id, title, description } = options.reply;
  return whatsappMessage(options, 'interactive', {
    type,
    [type]: { id, title, ...(type === 'list_reply' && description !== undefined && { description }) },
  });
}

/** A tap on a template's quick-reply button ("Button messages webhook reference"): `button: { payload, text }`. */
export function whatsappButton(
  options: WhatsappSender & { text: string; payload: string; replyTo: string },
): WhatsappWebhook {
  return whatsappMessage(options, 'button', { payload: options.payload, text: options.text });
}

/**
 * A status of a message the business sent ("Status messages webhook reference"). `pricing` comes with sent and
 * delivered (per-message pricing: a service reply in the customer service window is free); the `conversation`
 * object is left out as webhooks v24.0+ do, unless `conversationId` asks for the older shape. A failed status
 * has `errors[]` (`message` equals `title`, details under `error_data.details`) and neither pricing nor contacts.
 * With `recipientUserId` the status carries `recipient_user_id` and, unless failed, `contacts[]` with the BSUID
 * (the BSUID page: failed status webhooks omit the contacts array); leave `recipientId` out for a message sent to
 * a BSUID.
 */
export function whatsappStatus(options: {
  phoneNumberId: string;
  displayPhoneNumber?: string;
  wabaId?: string;
  id: string;
  status: WhatsappStatus['status'];
  recipientId?: string;
  recipientUserId?: string;
  timestamp?: WhatsappTime;
  conversationId?: string;
  error?: { code: number; title: string; message?: string; details?: string };
}): WhatsappWebhook {
  const { status, error } = options;
  const billed = status === 'sent' || status === 'delivered';
  const entry: WhatsappStatus = {
    id: options.id,
    status,
    timestamp: unixSeconds(options.timestamp),
    ...(options.recipientId !== undefined && { recipient_id: options.recipientId }),
    ...(options.recipientUserId !== undefined && { recipient_user_id: options.recipientUserId }),
    ...(billed &&
      options.conversationId !== undefined && {
        conversation: {
          id: options.conversationId,
          ...(status === 'sent' && { expiration_timestamp: String(Math.floor(Date.now() / 1000) + 86_400) }),
          origin: { type: 'service' },
        },
      }),
    ...(billed && {
      pricing: { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' },
    }),
    ...(status === 'failed' && {
      errors: [
        {
          code: error?.code ?? 131000,
          title: error?.title ?? 'Something went wrong',
          message: error?.message ?? error?.title ?? 'Something went wrong',
          error_data: { details: error?.details ?? error?.message ?? error?.title ?? 'Something went wrong' },
          href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
        },
      ],
    }),
  };
  const contacts: WhatsappContact[] | undefined =
    options.recipientUserId !== undefined && status !== 'failed'
      ? [
          {
            profile: { name: 'Sheena Nelson' },
            ...(options.recipientId !== undefined && { wa_id: options.recipientId }),
            user_id: options.recipientUserId,
          },
        ]
      : undefined;
  return whatsappPayload(
    [
      {
        messaging_product: 'whatsapp',
        metadata: metadataOf(options),
        ...(contacts && { contacts }),
        statuses: [entry],
      },
    ],
    { wabaId: options.wabaId },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Messenger (object "page") and Instagram (object "instagram")

/** An attachment as Meta sends it: `{ type, payload: { url } }`. */
export interface MessagingAttachment {
  type: string;
  payload: { url: string; [key: string]: string | number };
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
    app_id?: number;
    metadata?: string;
  };
  delivery?: { mids?: string[]; watermark: number };
  read?: { watermark: number } | { mid: string };
}

export interface MessagingWebhook {
  object: 'page' | 'instagram';
  entry: { id: string; time: number; messaging: MessagingEvent[] }[];
}

type AttachmentInput = MessagingAttachment | { type: string; url: string };
const attachmentsOf = (attachments: AttachmentInput[]): MessagingAttachment[] =>
  attachments.map((a) => ('payload' in a ? a : { type: a.type, payload: { url: a.url } }));

/** `entry[].time` is when Meta sent the batch, a little after the event. */
const messagingBody = (object: MessagingWebhook['object'], ownId: string, event: MessagingEvent): MessagingWebhook => ({
  object,
  entry: [{ id: ownId, time: (event.timestamp ?? Date.now()) + randomInt(50, 900), messaging: [event] }],
});

interface MessageContent {
  mid?: string;
  text?: string;
  /** `{ type, url }` is shorthand for `{ type, payload: { url } }` */
  attachments?: AttachmentInput[];
  /** epoch milliseconds; now when left out */
  timestampMs?: number;
}

const messageOf = (content: MessageContent, mid: () => string) => ({
  mid: content.mid ?? mid(),
  ...(content.text !== undefined && { text: content.text }),
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
