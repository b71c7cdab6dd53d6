import { and, eq, inArray } from 'drizzle-orm';
import type { CustomerMergeHook } from '../../platform/modules/define-module.ts';
import { factsById } from './announce.ts';
import { conversations } from './conversations.tables.ts';

/**
 * A merged customer's conversations move to the survivor (its web-chat visitors move by the web-chat module's
 * hook). Where both had an open conversation on one channel, the other's is closed first: a customer has one open
 * conversation per channel. Each moved conversation is a `conversation.changed` (`customer_merged`).
 */
export const customerMerge: CustomerMergeHook = async (tx, survivorId, otherId, events) => {
  const survivorsOpen = tx
    .select({ channelId: conversations.channelId })
    .from(conversations)
    .where(and(eq(conversations.customerId, survivorId), eq(conversations.status, 'open')));
  await tx
    .update(conversations)
    .set({ status: 'closed', closedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(conversations.customerId, otherId),
        eq(conversations.status, 'open'),
        inArray(conversations.channelId, survivorsOpen),
      ),
    );
  const moved = await tx
    .update(conversations)
    .set({ customerId: survivorId })
    .where(eq(conversations.customerId, otherId))
    .returning({ id: conversations.id, workspaceId: conversations.workspaceId });
  if (!moved.length) return;
  const facts = await factsById(
    tx,
    moved.map((row) => row.id),
  );
  await events.emitMany(
    tx,
    'conversation.changed',
    [...facts.values()].map((conversation) => ({
      change: 'customer_merged' as const,
      conversation,
      by_member_id: null,
    })),
    moved[0]!.workspaceId,
  );
};
