import { and, eq, inArray } from 'drizzle-orm';
import type { CustomerMergeHook } from '../../platform/modules/define-module.ts';
import { conversations } from './conversations.tables.ts';
import { webchatVisitors } from './webchat.tables.ts';

/**
 * A merged customer's conversations and web-chat visitors move to the survivor. Where both had an open
 * conversation on one channel, the other's is closed first: a customer has one open conversation per channel.
 */
export const customerMerge: CustomerMergeHook = async (tx, survivorId, otherId) => {
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
  await tx.update(conversations).set({ customerId: survivorId }).where(eq(conversations.customerId, otherId));
  await tx.update(webchatVisitors).set({ customerId: survivorId }).where(eq(webchatVisitors.customerId, otherId));
};
