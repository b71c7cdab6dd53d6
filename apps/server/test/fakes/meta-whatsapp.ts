import { randomBytes } from 'node:crypto';
import { randomWamid, unixSeconds, type WhatsappTime } from './meta-common.ts';

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

/** A contact card as Meta's "Contacts messages webhook reference" shows it; every field but the name may be left out. */
export interface WhatsappContactCard {
  name: {
    formatted_name: string;
    first_name?: string;
    last_name?: string;
    middle_name?: string;
    suffix?: string;
    prefix?: string;
  };
  phones?: { phone: string; wa_id?: string; type?: string }[];
  emails?: { email: string; type?: string }[];
  addresses?: { street?: string; city?: string; state?: string; zip?: string; country?: string; type?: string }[];
  org?: { company?: string; department?: string; title?: string };
  urls?: { url: string; type?: string }[];
  birthday?: string;
}

/**
 * One or more shared contact cards ("Contacts messages webhook reference"): `type: "contacts"` and, unlike every
 * other type, an ARRAY under `contacts` (beside the value's own `contacts[]` of senders).
 */
export function whatsappContacts(options: WhatsappSender & { cards: WhatsappContactCard[] }): WhatsappWebhook {
  return whatsappMessage(options, 'contacts', options.cards);
}

/** An order from a catalog ("Order messages webhook reference"): `order: { catalog_id, text?, product_items[] }`. */
export function whatsappOrder(
  options: WhatsappSender & {
    catalogId?: string;
    text?: string;
    items: { productRetailerId: string; quantity: number; itemPrice: number; currency: string }[];
  },
): WhatsappWebhook {
  return whatsappMessage(options, 'order', {
    catalog_id: options.catalogId ?? '1091475245392180',
    ...(options.text !== undefined && { text: options.text }),
    product_items: options.items.map((item) => ({
      product_retailer_id: item.productRetailerId,
      quantity: item.quantity,
      item_price: item.itemPrice,
      currency: item.currency,
    })),
  });
}

/**
 * A system message ("System messages webhook reference"): the user changed their number. Unlike other messages it
 * comes without the value's `contacts[]`; `system: { body, wa_id, type: "user_changed_number" }`.
 */
export function whatsappNumberChanged(options: WhatsappSender & { from: string; newNumber: string }): WhatsappWebhook {
  const body = whatsappMessage(options, 'system', {
    body: `User ${options.name ?? 'Sheena Nelson'} changed from ${options.from} to ${options.newNumber}`,
    wa_id: options.newNumber,
    type: 'user_changed_number',
  });
  delete body.entry[0]!.changes[0]!.value.contacts;
  return body;
}

/**
 * A message of a type the Cloud API does not support ("Unsupported messages webhook reference"): `type:
 * "unsupported"`, `unsupported: { type }` naming what the user sent (a poll, an edit…) and `errors[]` with 131051.
 */
export function whatsappUnsupported(options: WhatsappSender & { sentType?: string }): WhatsappWebhook {
  const body = whatsappMessage(options, 'unsupported', { type: options.sentType ?? 'poll_creation' });
  body.entry[0]!.changes[0]!.value.messages![0]!.errors = [
    {
      code: 131051,
      title: 'Message type unknown',
      message: 'Message type unknown',
      error_data: { details: 'Message type is currently not supported.' },
    },
  ];
  return body;
}

/** A completed WhatsApp Flow ("Flows: response message webhook"): `interactive: { type: "nfm_reply", nfm_reply }`. */
export function whatsappFlowReply(
  options: WhatsappSender & { response: object; replyTo: string; body?: string },
): WhatsappWebhook {
  return whatsappMessage(options, 'interactive', {
    type: 'nfm_reply',
    nfm_reply: { name: 'flow', body: options.body ?? 'Sent', response_json: JSON.stringify(options.response) },
  });
}

/**
 * A message that came from a Click to WhatsApp ad: the message (any type) carries `referral` with the ad's
 * `source_url`, `source_id`, `source_type`, `headline`, `body`, `media_type`, `ctwa_clid`.
 */
export function withReferral(body: WhatsappWebhook, referral: { sourceId: string; headline: string }): WhatsappWebhook {
  body.entry[0]!.changes[0]!.value.messages![0]!.referral = {
    source_url: `https://fb.me/${referral.sourceId}`,
    source_id: referral.sourceId,
    source_type: 'ad',
    headline: referral.headline,
    body: referral.headline,
    media_type: 'image',
    image_url: 'https://scontent.xx.fbcdn.net/ad.jpg',
    ctwa_clid: 'ARAkLkA8rmlFeiCktEJQ-QTwRiyYHAFDLMNDBH0CD3qpjd0HR4irJ6LEkR7JwFF4XvnO2E4Nx0-eM-ZABe',
  };
  return body;
}
