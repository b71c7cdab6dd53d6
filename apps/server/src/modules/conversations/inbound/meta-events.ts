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

/** What a part of a delivery says, and the places of what in it could not be read (never their content). */
export interface ReadPart {
  events: MetaEvent[];
  problems: string[];
}
