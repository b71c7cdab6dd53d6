import { firstText, idOf, isObject, type Json, objectOf, objectsOf } from '../../../integrations/meta/read-json.ts';
import { eventTime } from './event-time.ts';
import type { MetaEvent, ReadPart } from './meta-events.ts';
import { whatsappContent } from './whatsapp-content.ts';

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);
/** A type as Meta names them (`text`, `interactive`, `request_welcome`…); anything else is stored as `unknown`. */
const TYPE = /^[a-z][a-z_]{0,39}$/;

/** One message of a `messages` value, or why it cannot be taken. */
function messageEvent(message: Json, contacts: Json[], receivedAt: Date): MetaEvent | string {
  const externalId = idOf(message.id);
  if (!externalId) return 'no message id';
  const from = idOf(message.from);
  const sender = from ?? idOf(message.from_user_id);
  if (!sender) return 'no sender';
  const profile = contacts.find((c) => idOf(c.wa_id) === sender || idOf(c.user_id) === sender);
  const type = typeof message.type === 'string' && TYPE.test(message.type) ? message.type : 'unknown';
  return {
    kind: 'message',
    direction: 'inbound',
    externalId,
    type,
    ...whatsappContent(message, type),
    sentAt: eventTime(message.timestamp, receivedAt, 'seconds'),
    contact: {
      source: 'whatsapp',
      externalId: sender,
      // a username that hides its number comes with a user_id only: no phone then
      phone: from && /^\d{6,15}$/.test(from) ? `+${from}` : null,
      name: firstText(objectOf(profile?.profile).name),
    },
  };
}

/** One status of a message the business sent; a status this app does not track (`deleted`, …) is left out. */
function statusEvent(status: Json): MetaEvent | string | null {
  const externalId = idOf(status.id);
  if (!externalId) return 'no message id';
  if (typeof status.status !== 'string' || !STATUSES.has(status.status)) return null;
  const error = objectsOf(status.errors)[0];
  const code = typeof error?.code === 'number' && Number.isSafeInteger(error.code) ? error.code : null;
  return {
    kind: 'status',
    externalId,
    status: status.status as 'sent' | 'delivered' | 'read' | 'failed',
    error: error ? { code, title: firstText(error.title, error.message) ?? '' } : null,
  };
}

/**
 * One `messages` change of a WhatsApp Cloud API delivery (its `value`, at `place`) for the channel's phone number,
 * read one item at a time: an item that cannot be taken is named in `problems` (by its place, never its content)
 * and the others are kept. A change for another number is no concern of the channel and is left out silently.
 */
export function whatsappEvents(
  value: unknown,
  place: string,
  phoneNumberId: string | null,
  receivedAt: Date,
): ReadPart {
  const events: MetaEvent[] = [];
  const problems: string[] = [];
  const change = objectOf(value);
  if (idOf(objectOf(change.metadata).phone_number_id) !== phoneNumberId) return { events, problems };
  const take = (where: string, read: () => MetaEvent | string | null) => {
    try {
      const event = read();
      if (typeof event === 'string') problems.push(`${where}: ${event}`);
      else if (event) events.push(event);
    } catch (error) {
      problems.push(`${where}: unreadable (${error instanceof Error ? error.name : typeof error})`);
    }
  };
  const contacts = objectsOf(change.contacts);
  const list = (key: string) => (Array.isArray(change[key]) ? (change[key] as unknown[]).entries() : []);
  for (const [m, message] of list('messages'))
    take(`${place}.messages[${m}]`, () =>
      isObject(message) ? messageEvent(message, contacts, receivedAt) : 'not an object',
    );
  for (const [s, status] of list('statuses'))
    take(`${place}.statuses[${s}]`, () => (isObject(status) ? statusEvent(status) : 'not an object'));
  return { events, problems };
}
