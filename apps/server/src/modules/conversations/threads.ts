import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { insertMany } from '../../platform/db/insert-many.ts';
import type { ChannelRow } from '../channels/index.ts';
import { type ConversationRow, conversations, type MessageRow, messages } from './conversations.tables.ts';
import { type Actor, insertActivities } from './desk/activities.ts';

const PREVIEW_MAX = 200;
/** What of its channel a conversation's thread needs. */
type ThreadChannel = Pick<ChannelRow, 'id' | 'workspaceId'>;
const later = (a: Date | null, b: Date | null) => (!a ? b : !b || a > b ? a : b);

/** Who reopens a closed conversation by writing in it: the customer (the system's line), or the agent who starts it. */
type Reopening = { actor: Actor; at?: Date };
const byCustomer = (at?: Date) => ({ actor: null, details: { reason: 'customer_message' as const }, at });

/**
 * The customer's open conversation on the channel: the open one, else the last closed one opened again (a new
 * inbound message reopens it, with a "reopened" activity line), else a new one. Two deliveries at once meet at the
 * one-open index. `fresh` collects the id of a conversation it created or opened again (what auto-assignment
 * looks at).
 */
export async function openConversation(
  tx: Tx,
  channel: ThreadChannel,
  customerId: string,
  reopening: Reopening = { actor: null },
  fresh?: Set<string>,
): Promise<ConversationRow> {
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
    fresh?.add(reopened!.id);
    await insertActivities(tx, channel.workspaceId, [
      {
        conversationId: last.id,
        kind: 'reopened',
        ...(reopening.actor ? { actor: reopening.actor, at: reopening.at } : byCustomer(reopening.at)),
      },
    ]);
    return reopened!;
  }
  const [created] = await tx
    .insert(conversations)
    .values({ workspaceId: channel.workspaceId, channelId: channel.id, customerId })
    .onConflictDoNothing()
    .returning();
  if (created) {
    fresh?.add(created.id);
    return created;
  }
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

/**
 * The open conversations of many customers on one channel (a webhook batch), as `openConversation` finds them, in a
 * few statements; a reopened one's activity line is dated at `firstAt` (the customer's first message of the batch);
 * `fresh` collects the ids of those it created or opened again.
 */
export async function openConversations(
  tx: Tx,
  channel: ThreadChannel,
  customerIds: string[],
  firstAt: Map<string, Date> = new Map(),
  fresh?: Set<string>,
) {
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
  const opened = new Map(open.map((row) => [row.customerId, row]));
  const take = (rows: ConversationRow[]) => {
    for (const row of rows) {
      opened.set(row.customerId, row);
      fresh?.add(row.id);
    }
  };
  const missing = () => ids.filter((id) => !opened.has(id));
  if (missing().length) {
    // a customer who wrote before: their last conversation opens again
    const last = await tx
      .selectDistinctOn([conversations.customerId], { id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.channelId, channel.id), inArray(conversations.customerId, missing())))
      .orderBy(conversations.customerId, desc(conversations.createdAt));
    if (last.length) {
      const reopened = await tx
        .update(conversations)
        .set({ status: 'open', closedAt: null, updatedAt: new Date() })
        .where(
          inArray(
            conversations.id,
            last.map((row) => row.id),
          ),
        )
        .returning();
      take(reopened);
      await insertActivities(
        tx,
        channel.workspaceId,
        reopened.map((row) => ({
          conversationId: row.id,
          kind: 'reopened' as const,
          ...byCustomer(firstAt.get(row.customerId)),
        })),
      );
    }
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
  for (const id of missing())
    opened.set(id, await openConversation(tx, channel, id, { actor: null, at: firstAt.get(id) }, fresh));
  return opened;
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
  const firstInbound = new Map<string, Date>();
  for (const message of stored) {
    const first = firstInbound.get(message.conversationId);
    if (message.direction === 'inbound' && (!first || message.sentAt < first))
      firstInbound.set(message.conversationId, message.sentAt);
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
  // the customer writing ends a snooze (`o`, the row before the update, says which were snoozed)
  const { rows: moved } = (await tx.execute(sql`update ${conversations} c set
      last_message_at = greatest(c.last_message_at, v.at),
      last_message_preview = v.preview,
      last_inbound_at = greatest(c.last_inbound_at, v.inbound_at),
      snoozed_at = case when v.inbound_at is null then c.snoozed_at end,
      snoozed_until = case when v.inbound_at is null then c.snoozed_until end,
      updated_at = now()
    from (values ${sql.join(rows, sql`, `)}) as v(id, at, preview, inbound_at), ${conversations} o
    where c.id = v.id and o.id = c.id
    returning c.id, (o.snoozed_at is not null and v.inbound_at is not null) as woke`)) as unknown as {
    rows: { id: string; woke: boolean }[];
  };
  await insertActivities(
    tx,
    channel.workspaceId,
    moved
      .filter((row) => row.woke)
      .map((row) => ({ conversationId: row.id, kind: 'reopened' as const, ...byCustomer(firstInbound.get(row.id)) })),
  );
  const updated = await tx
    .select()
    .from(conversations)
    .where(inArray(conversations.id, [...latest.keys()]));
  const byId = new Map(updated.map((row) => [row.id, row]));
  return stored.map((message) => ({ message, conversation: byId.get(message.conversationId)! }));
}
