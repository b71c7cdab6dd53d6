import {
  contentOf,
  firstText,
  isObject,
  type Json,
  objectOf,
  objectsOf,
} from '../../../integrations/meta/read-json.ts';

const joined = (parts: (string | null)[], separator: string) => parts.filter(Boolean).join(separator) || null;

const numberOf = (value: unknown) => (typeof value === 'string' && value.trim() ? Number(value) : value);

/** A contact card's name: the formatted one, else its parts, else its first phone number or e-mail. */
function contactName(card: Json): string | null {
  const name = objectOf(card.name);
  return firstText(
    name.formatted_name,
    joined([firstText(name.first_name), firstText(name.last_name)], ' '),
    ...objectsOf(card.phones).map((phone) => phone.phone),
    ...objectsOf(card.emails).map((email) => email.email),
  );
}

/** A place: its name and address, else its coordinates. */
function placeOf(location: Json): string | null {
  const [latitude, longitude] = [numberOf(location.latitude), numberOf(location.longitude)];
  const coordinates =
    typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude + longitude)
      ? `${latitude}, ${longitude}`
      : null;
  return joined([firstText(location.name), firstText(location.address)], ' · ') ?? coordinates;
}

/** An order's item count (the quantities, or the lines when they have none) and the customer's note. */
function orderOf(order: Json): string | null {
  const items = objectsOf(order.product_items);
  const quantities = items.map((item) => Number(numberOf(item.quantity)));
  const count = quantities.every((q) => Number.isInteger(q) && q > 0)
    ? quantities.reduce((sum, q) => sum + q, 0)
    : items.length;
  return joined([count ? `🛒 ${count}` : null, firstText(order.text)], ' · ');
}

const prefixed = (prefix: string, text: string | null) => (text ? `${prefix} ${text}` : null);

/**
 * The words each WhatsApp message type shows in the inbox list, from its content (Meta's "messages" webhook
 * references): the text, a caption, a reaction's emoji (none when removed), the reply a button or list gave, a
 * contact card's names, a place, an order's item count, a system notice (a changed number).
 */
const TEXT_OF: Record<string, (content: Json) => string | null> = {
  text: (content) => firstText(content.body),
  image: (content) => firstText(content.caption),
  video: (content) => firstText(content.caption),
  document: (content) => firstText(content.caption, content.filename),
  audio: () => null,
  sticker: () => null,
  reaction: (content) => firstText(content.emoji),
  location: (content) => prefixed('📍', placeOf(content)),
  contacts: (content) => prefixed('👤', joined(objectsOf(content.contacts).map(contactName), ', ')),
  interactive: (content) =>
    firstText(
      objectOf(content.button_reply).title,
      objectOf(content.list_reply).title,
      objectOf(content.nfm_reply).body,
      objectOf(content.nfm_reply).name,
    ),
  button: (content) => firstText(content.text, content.payload),
  order: orderOf,
  system: (content) => firstText(content.body),
  unsupported: () => null,
  unknown: () => null,
};

/** Any other type, or a known one in an unexpected shape: the first of the fields that usually hold words. */
const anyText = (content: Json) => firstText(content.body, content.caption, content.text, content.title, content.name);

/**
 * A WhatsApp message's content, always an object: the object under its type (an array, such as a contact card
 * list, as `{ contacts: [...] }`), with the ad it came from (`referral`) and Meta's `errors` when given.
 */
export function whatsappContent(message: Json, type: string): { text: string | null; content: Json } {
  const content: Json = { ...contentOf(type, message[type]) };
  if (isObject(message.referral)) content.referral ??= message.referral;
  if (Array.isArray(message.errors)) content.errors ??= message.errors;
  const typed = Object.hasOwn(TEXT_OF, type) ? TEXT_OF[type]!(content) : null;
  return { text: typed ?? anyText(content), content };
}
