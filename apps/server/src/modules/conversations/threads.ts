import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { insertMany } from '../../platform/db/insert-many.ts';
import type { ChannelRow } from '../channels/index.ts';
import { type ConversationRow, conversations, type MessageRow, messages } from './conversations.tables.ts';

const PREVIEW_MAX = 200;
/** What of its channel a conversation's thread needs. */
type ThreadChannel = Pick<ChannelRow, 'id' | 'workspaceId'>;
const later = (a: Date | null, b: Date | null) => (!a ? b : !b || a > b ? a : b);

/**
 * The customer's open conversation on the channel: the open one, else the last closed one opened again (a new
 * inbound message reopens it), else a new one. Two deliveries at once meet at the one-open index.
 */
export async function openConversation(tx: Tx, channel: ThreadChannel, customerId: string): Promise<ConversationRow> {
  const mine = and(eq(conversations.channelId, channel.id), eq(conversations.customerId, customerId));
  const [open] = await tx
    .select()
    .from(conversations)
    .where(and(mine, eq(conversations.status, 'open')));
  if (open) return open;
  const [last] = await tx.select().from(conversations).where(mine).orderBy(desc(conversations.createdAt)).limit(1);
  if (last) {
    const [reopened] = await tx
      .update(conversations)
      .set({ status: 'open', closedAt: null, updatedAt: new Date() })
      .where(eq(conversations.id, last.id))
      .returning();
    return reopened!;
  }
  const [created] = await tx
    .insert(conversations)
    .values({ workspaceId: channel.workspaceId, channelId: channel.id, customerId })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [raced] = await tx
    .select()
    .from(conversations)
    .where(and(mine, eq(conversations.status, 'open')));
  return raced!;
}

export type NewMessage = Pick<MessageRow, 'direction' | 'type' | 'text' | 'status' | 'externalId' | 'sentAt'> &
  Partial<Pick<MessageRow, 'content' | 'mediaKey' | 'mediaType'>>;

/**
 * Stores a message from the customer's side (or Meta's echo of one sent elsewhere) and moves the conversation's
 * last activity; null when a delivery running at the same moment stored it first.
 */
export const addMessage = async (tx: Tx, channel: ThreadChannel, conversation: ConversationRow, values: NewMessage) =>
  (await addMessages(tx, channel, [{ ...values, conversationId: conversation.id }]))[0] ?? null;

/** The open conversations of many customers on one channel (a webhook batch), as `openConversation` finds them, in a few statements. */
export async function openConversations(tx: Tx, channel: ThreadChannel, customerIds: string[]) {
  const ids = [...new Set(customerIds)];
  const open = await tx
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.channelId, channel.id),
        inArray(conversations.customerId, ids),
        eq(conversations.status, 'open'),
      ),
    );
  const byCustomer = new Map(open.map((row) => [row.customerId, row]));
  const take = (rows: ConversationRow[]) => {
    for (const row of rows) byCustomer.set(row.customerId, row);
  };
  const missing = () => ids.filter((id) => !byCustomer.has(id));
  if (missing().length) {
    // a customer who wrote before: their last conversation opens again
    const last = await tx
      .selectDistinctOn([conversations.customerId], { id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.channelId, channel.id), inArray(conversations.customerId, missing())))
      .orderBy(conversations.customerId, desc(conversations.createdAt));
    if (last.length)
      take(
        await tx
          .update(conversations)
          .set({ status: 'open', closedAt: null, updatedAt: new Date() })
          .where(
            inArray(
              conversations.id,
              last.map((row) => row.id),
            ),
          )
          .returning(),
      );
  }
  if (missing().length)
    take(
      await insertMany(
        tx,
        conversations,
        missing().map((customerId) => ({ workspaceId: channel.workspaceId, channelId: channel.id, customerId })),
        { onConflictDoNothing: true },
      ),
    );
  // opened at the same moment by another delivery: one at a time
  for (const id of missing()) byCustomer.set(id, await openConversation(tx, channel, id));
  return byCustomer;
}

/**
 * Stores a batch of messages in one statement (those a concurrent delivery stored first are skipped) and moves
 * each conversation's last activity once, to its batch's last message. Returns the stored messages in batch
 * order with their updated conversation.
 */
export async function addMessages(tx: Tx, channel: ThreadChannel, batch: (NewMessage & { conversationId: string })[]) {
  if (!batch.length) return [];
  const stored = await insertMany(
    tx,
    messages,
    batch.map((values) => ({ ...values, workspaceId: channel.workspaceId, channelId: channel.id })),
    { onConflictDoNothing: true },
  );
  if (!stored.length) return [];
  const latest = new Map<string, { at: Date | null; preview: string; inboundAt: Date | null }>();
  for (const message of stored) {
    const previous = latest.get(message.conversationId);
    latest.set(message.conversationId, {
      at: later(previous?.at ?? null, message.sentAt),
      preview: (message.text ?? `[${message.type}]`).slice(0, PREVIEW_MAX),
      inboundAt: later(previous?.inboundAt ?? null, message.direction === 'inbound' ? message.sentAt : null),
    });
  }
  const rows = [...latest].map(
    ([id, v]) =>
      sql`(${id}::uuid, ${v.at?.toISOString()}::timestamptz, ${v.preview}, ${v.inboundAt?.toISOString() ?? null}::timestamptz)`,
  );
  await tx.execute(sql`update ${conversations} c set
      last_message_at = greatest(c.last_message_at, v.at),
      last_message_preview = v.preview,
      last_inbound_at = greatest(c.last_inbound_at, v.inbound_at),
      updated_at = now()
    from (values ${sql.join(rows, sql`, `)}) as v(id, at, preview, inbound_at)
    where c.id = v.id`);
  const updated = await tx
    .select()
    .from(conversations)
    .where(inArray(conversations.id, [...latest.keys()]));
  const byId = new Map(updated.map((row) => [row.id, row]));
  return stored.map((message) => ({ message, conversation: byId.get(message.conversationId)! }));
}
