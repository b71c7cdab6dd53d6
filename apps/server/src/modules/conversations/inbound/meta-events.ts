import { z } from 'zod';
import type { ChannelContact } from '../../customers/index.ts';

/** One thing a webhook delivery says, whatever the product: a message, a message's new status, or a read mark. */
export type MetaEvent =
  | {
      kind: 'message';
      direction: 'inbound' | 'outbound';
      externalId: string;
      type: string;
      text: string | null;
      content: Record<string, unknown>;
      sentAt: Date;
      contact: ChannelContact;
    }
  | {
      kind: 'status';
      externalId: string;
      status: 'sent' | 'delivered' | 'read' | 'failed';
      error: { code: number | null; title: string } | null;
    }
  /** every outbound message to the contact sent up to `until` has reached this status (Messenger's watermarks) */
  | { kind: 'watermark'; contactId: string; status: 'delivered' | 'read'; until: Date };

const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
const record = z.record(z.string(), z.unknown());

const whatsappValue = loose({
  metadata: loose({ phone_number_id: z.string() }),
  contacts: z
    .array(
      loose({
        wa_id: z.string().optional(),
        user_id: z.string().optional(),
        profile: loose({ name: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  messages: z
    .array(
      loose({
        id: z.string(),
        from: z.string().optional(),
        from_user_id: z.string().optional(),
        timestamp: z.string(),
        type: z.string(),
      }),
    )
    .optional(),
  statuses: z
    .array(
      loose({
        id: z.string(),
        status: z.enum(['sent', 'delivered', 'read', 'failed']).or(z.string()),
        errors: z
          .array(loose({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }))
          .optional(),
      }),
    )
    .optional(),
});
const whatsappPayload = loose({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(loose({ changes: z.array(loose({ field: z.string(), value: z.unknown() })) })),
});

/** The words a WhatsApp message shows in a list: its text, a caption, a reaction, a button's title, a place. */
function whatsappText(message: Record<string, unknown>): string | null {
  const part = (message[message.type as string] ?? {}) as Record<string, unknown>;
  const pick = (...values: unknown[]) => values.find((v): v is string => typeof v === 'string' && v !== '') ?? null;
  const reply = (part.button_reply ?? part.list_reply ?? {}) as Record<string, unknown>;
  return pick(part.body, part.caption, part.emoji, part.text, reply.title, part.name, part.address);
}

/** A WhatsApp Cloud API delivery for the channel's phone number; changes for another number are left out. */
export function whatsappEvents(body: unknown, phoneNumberId: string | null): MetaEvent[] {
  const payload = whatsappPayload.safeParse(body);
  if (!payload.success) return [];
  const events: MetaEvent[] = [];
  for (const change of payload.data.entry.flatMap((entry) => entry.changes)) {
    if (change.field !== 'messages') continue;
    const value = whatsappValue.safeParse(change.value);
    if (!value.success || value.data.metadata.phone_number_id !== phoneNumberId) continue;
    const { contacts = [], messages = [], statuses = [] } = value.data;
    for (const message of messages) {
      const sender = message.from ?? message.from_user_id;
      if (!sender) continue;
      const profile = contacts.find((c) => c.wa_id === sender || c.user_id === sender);
      // a username that hides its number comes with a user_id only: no phone then
      const phone = message.from && /^\d{6,15}$/.test(message.from) ? `+${message.from}` : null;
      const seconds = Number(message.timestamp);
      events.push({
        kind: 'message',
        direction: 'inbound',
        externalId: message.id,
        type: message.type,
        text: whatsappText(message),
        content: record.parse(message[message.type] ?? {}),
        sentAt: Number.isFinite(seconds) ? new Date(seconds * 1000) : new Date(),
        contact: { source: 'whatsapp', externalId: sender, phone, name: profile?.profile?.name ?? null },
      });
    }
    for (const status of statuses) {
      if (!['sent', 'delivered', 'read', 'failed'].includes(status.status)) continue;
      const error = status.errors?.[0];
      events.push({
        kind: 'status',
        externalId: status.id,
        status: status.status as 'sent' | 'delivered' | 'read' | 'failed',
        error: error ? { code: error.code ?? null, title: error.title ?? error.message ?? '' } : null,
      });
    }
  }
  return events;
}

const messaging = loose({
  sender: loose({ id: z.string() }),
  recipient: loose({ id: z.string() }),
  // Meta's delivery events carry none
  timestamp: z.number().optional(),
  message: loose({
    mid: z.string(),
    text: z.string().optional(),
    is_echo: z.boolean().optional(),
    attachments: z.array(loose({ type: z.string() })).optional(),
  }).optional(),
  delivery: loose({ mids: z.array(z.string()).optional(), watermark: z.number().optional() }).optional(),
  read: loose({ watermark: z.number().optional(), mid: z.string().optional() }).optional(),
});
const messagingPayload = loose({
  object: z.enum(['page', 'instagram']),
  entry: z.array(loose({ messaging: z.array(z.unknown()).optional() })),
});

/**
 * A Messenger (`object: "page"`) or Instagram (`object: "instagram"`) delivery: messages, the Page's own echoes,
 * deliveries and reads. `ownId` is the Page's or the Instagram account's id: the other party is the customer.
 */
export function messagingEvents(body: unknown, source: 'messenger' | 'instagram', ownIds: string[]): MetaEvent[] {
  const payload = messagingPayload.safeParse(body);
  if (!payload.success || payload.data.object !== (source === 'messenger' ? 'page' : 'instagram')) return [];
  const events: MetaEvent[] = [];
  for (const raw of payload.data.entry.flatMap((entry) => entry.messaging ?? [])) {
    const item = messaging.safeParse(raw);
    if (!item.success) continue;
    const { sender, recipient, timestamp, message, delivery, read } = item.data;
    const echo = message?.is_echo === true || ownIds.includes(sender.id);
    const customerId = echo ? recipient.id : sender.id;
    if (message) {
      const attachment = message.attachments?.[0];
      events.push({
        kind: 'message',
        direction: echo ? 'outbound' : 'inbound',
        externalId: message.mid,
        type: message.text !== undefined ? 'text' : (attachment?.type ?? 'unknown'),
        text: message.text ?? null,
        content: message.attachments ? { attachments: message.attachments } : {},
        sentAt: new Date(timestamp ?? Date.now()),
        contact: { source, externalId: customerId },
      });
    }
    for (const mid of delivery?.mids ?? [])
      events.push({ kind: 'status', externalId: mid, status: 'delivered', error: null });
    if (delivery?.watermark)
      events.push({
        kind: 'watermark',
        contactId: customerId,
        status: 'delivered',
        until: new Date(delivery.watermark),
      });
    if (read?.mid) events.push({ kind: 'status', externalId: read.mid, status: 'read', error: null });
    if (read?.watermark)
      events.push({ kind: 'watermark', contactId: customerId, status: 'read', until: new Date(read.watermark) });
  }
  return events;
}
