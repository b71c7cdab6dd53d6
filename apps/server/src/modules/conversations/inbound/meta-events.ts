import type { ChannelRow } from '../../channels/index.ts';
import type { ChannelContact } from '../../customers/index.ts';
import { messagingEvents } from './messaging-events.ts';
import { whatsappEvents } from './whatsapp-events.ts';

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

/** What a delivery says, and the places of what in it could not be read (never their content). */
export interface ReadDelivery {
  events: MetaEvent[];
  problems: string[];
}

/** The events of a delivery to `channel`, received at `receivedAt` (the time of those that tell none readable). */
export function readDelivery(channel: ChannelRow, body: unknown, receivedAt: Date): ReadDelivery {
  if (channel.type === 'whatsapp') return whatsappEvents(body, channel.phoneNumberId, receivedAt);
  if (channel.type === 'webchat') return { events: [], problems: ['web chat takes no webhook deliveries'] };
  const ownIds = [channel.pageId, channel.instagramAccountId].filter((id): id is string => !!id);
  return messagingEvents(body, channel.type, ownIds, receivedAt);
}
