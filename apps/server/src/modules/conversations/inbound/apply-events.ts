import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database.ts';
import type { MetaChannel } from '../../../platform/modules/define-module.ts';
import { customers, customersOfContacts } from '../../customers/index.ts';
import { type ConversationRow, conversations, type MessageRow, messages } from '../conversations.tables.ts';
import { addMessages, openConversations } from '../threads.ts';
import type { MetaEvent } from './meta-events.ts';

/** What changed, for the events of the batch. */
export interface Applied {
  messages: { message: MessageRow; conversation: ConversationRow }[];
  statuses: MessageRow[];
  /** WhatsApp statuses that moved no message here (a broadcast's sends, or a status out of order) */
  unmatched: Extract<MetaEvent, { kind: 'status' }>[];
  /** the conversations the batch created or opened again */
  opened: Set<string>;
}

// sent < delivered < read; failed only replaces a message not yet delivered
const RANK = sql`(case ${messages.status} when 'wait_to_send' then 0 when 'sent' then 1 when 'failed' then 1
  when 'delivered' then 2 when 'read' then 3 else 4 end)`;
const rankOf = { sent: 1, delivered: 2, read: 3 } as const;
const forward = (status: 'sent' | 'delivered' | 'read' | 'failed') =>
  status === 'failed' ? sql`${messages.status} in ('wait_to_send', 'sent')` : sql`${RANK} < ${rankOf[status]}`;

/** An echo that arrives after a watermark covering it is already delivered or read. */
const echoStatus = (conversation: ConversationRow, sentAt: Date) =>
  conversation.readUntil && sentAt <= conversation.readUntil
    ? 'read'
    : conversation.deliveredUntil && sentAt <= conversation.deliveredUntil
      ? 'delivered'
      : 'sent';

type MessageEvent = Extract<MetaEvent, { kind: 'message' }>;

/**
 * The batch's new messages, in a few statements whatever their number: the ids already stored, the customers and
 * their open conversations, then one insert. Statuses and watermarks come after them: they only ever concern
 * messages sent before, and a watermark covers an echo stored here as it would one stored earlier.
 */
async function storeMessages(tx: Tx, channel: MetaChannel, events: MetaEvent[], opened: Set<string>) {
  const firsts = new Map<string, MessageEvent>();
  for (const event of events)
    if (event.kind === 'message' && !firsts.has(event.externalId)) firsts.set(event.externalId, event);
  if (!firsts.size) return [];
  const stored = await tx
    .select({ externalId: messages.externalId })
    .from(messages)
    .where(and(eq(messages.channelId, channel.id), inArray(messages.externalId, [...firsts.keys()])));
  for (const { externalId } of stored) firsts.delete(externalId!);
  const fresh = [...firsts.values()];
  if (!fresh.length) return [];
  const customerOf = await customersOfContacts(
    tx,
    channel.workspaceId,
    fresh.map((event) => event.contact),
  );
  // a closed conversation the batch reopens is reopened at the customer's first message of it
  const firstAt = new Map<string, Date>();
  for (const event of fresh) {
    const id = customerOf.get(event.contact.externalId)!.id;
    const seen = firstAt.get(id);
    if (!seen || event.sentAt < seen) firstAt.set(id, event.sentAt);
  }
  const open = await openConversations(tx, channel, [...firstAt.keys()], firstAt, opened);
  return addMessages(
    tx,
    channel,
    fresh.map((event) => {
      const conversation = open.get(customerOf.get(event.contact.externalId)!.id)!;
      return {
        conversationId: conversation.id,
        direction: event.direction,
        type: event.type,
        text: event.text,
        content: event.content,
        status: event.direction === 'inbound' ? ('received' as const) : echoStatus(conversation, event.sentAt),
        externalId: event.externalId,
        sentAt: event.sentAt,
      };
    }),
  );
}

/** Applies one delivery's events in the caller's transaction; a message already stored is left as it is. */
export async function applyEvents(tx: Tx, channel: MetaChannel, events: MetaEvent[]): Promise<Applied> {
  const opened = new Set<string>();
  const applied: Applied = {
    messages: await storeMessages(tx, channel, events, opened),
    statuses: [],
    unmatched: [],
    opened,
  };
  for (const event of events) {
    if (event.kind === 'message') continue;
    if (event.kind === 'status') {
      const changed = await tx
        .update(messages)
        .set({
          status: event.status,
          ...(event.error && { errorCode: event.error.code, errorTitle: event.error.title }),
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(messages.channelId, channel.id),
            eq(messages.externalId, event.externalId),
            eq(messages.direction, 'outbound'),
            forward(event.status),
          ),
        )
        .returning();
      applied.statuses.push(...changed);
      if (!changed.length && channel.type === 'whatsapp') applied.unmatched.push(event);
    } else {
      const column = event.status === 'read' ? 'readUntil' : 'deliveredUntil';
      const threads = await tx
        .update(conversations)
        .set({ [column]: sql`greatest(${conversations[column]}, ${event.until.toISOString()}::timestamptz)` })
        .where(
          and(
            eq(conversations.channelId, channel.id),
            inArray(
              conversations.customerId,
              tx
                .select({ id: customers.id })
                .from(customers)
                .where(
                  eq(channel.type === 'instagram' ? customers.instagramId : customers.facebookId, event.contactId),
                ),
            ),
          ),
        )
        .returning({ id: conversations.id });
      if (!threads.length) continue;
      const changed = await tx
        .update(messages)
        .set({ status: event.status, updatedAt: new Date() })
        .where(
          and(
            inArray(
              messages.conversationId,
              threads.map((thread) => thread.id),
            ),
            eq(messages.direction, 'outbound'),
            lte(messages.sentAt, event.until),
            forward(event.status),
          ),
        )
        .returning();
      applied.statuses.push(...changed);
    }
  }
  return applied;
}
