import { isObject, objectOf } from '../../../integrations/meta/read-json.ts';
import type { ChannelRow } from '../channels.tables.ts';

/** A part of a delivery, by Meta's field, with its place in the delivery and its value. */
export interface FieldPart {
  field: string;
  place: string;
  value: unknown;
}

/** The parts of a delivery, and the places of what in its envelope could not be read. */
export interface DeliveryParts {
  parts: FieldPart[];
  problems: string[];
}

/** The `entry[].changes[]` items of an entry, by their field; a change without one says nothing. */
function changesOf(changes: unknown[], e: number): FieldPart[] {
  return [...changes.entries()].flatMap(([c, change]) =>
    isObject(change) && typeof change.field === 'string'
      ? [{ field: change.field, place: `entry[${e}].changes[${c}]`, value: change.value }]
      : [],
  );
}

/** A WhatsApp Cloud API delivery: every entry's changes, each of its field (`messages`, `account_alerts`, …). */
function whatsappParts(body: unknown): DeliveryParts {
  const parts: FieldPart[] = [];
  const problems: string[] = [];
  if (!isObject(body) || body.object !== 'whatsapp_business_account' || !Array.isArray(body.entry))
    return { parts, problems: ['not a WhatsApp Business Account delivery'] };
  for (const [e, entry] of body.entry.entries()) {
    const changes = objectOf(entry).changes;
    if (Array.isArray(changes)) parts.push(...changesOf(changes, e));
    else problems.push(`entry[${e}]: no changes`);
  }
  return { parts, problems };
}

/**
 * A Messenger (`object: "page"`) or Instagram (`object: "instagram"`) delivery: each `messaging[]` item is a part
 * of field `messages`; entries of other fields (an Instagram account's comments and mentions) carry `changes`.
 */
function messagingParts(body: unknown, object: 'page' | 'instagram'): DeliveryParts {
  const parts: FieldPart[] = [];
  const problems: string[] = [];
  if (!isObject(body) || body.object !== object || !Array.isArray(body.entry))
    return { parts, problems: [`not a delivery of object "${object}"`] };
  for (const [e, entry] of body.entry.entries()) {
    const { messaging, changes } = objectOf(entry);
    if (Array.isArray(changes)) parts.push(...changesOf(changes, e));
    if (messaging === undefined) continue;
    if (!Array.isArray(messaging)) problems.push(`entry[${e}].messaging: not a list`);
    else
      for (const [i, item] of messaging.entries())
        parts.push({ field: 'messages', place: `entry[${e}].messaging[${i}]`, value: item });
  }
  return { parts, problems };
}

/** A delivery to `channel` split into its parts by Meta's field, read leniently (nothing here throws). */
export function deliveryParts(channel: Pick<ChannelRow, 'type'>, body: unknown): DeliveryParts {
  if (channel.type === 'whatsapp') return whatsappParts(body);
  if (channel.type === 'webchat') return { parts: [], problems: ['web chat takes no webhook deliveries'] };
  return messagingParts(body, channel.type === 'messenger' ? 'page' : 'instagram');
}
