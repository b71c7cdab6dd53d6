import { and, eq } from 'drizzle-orm';
import type { CustomerMergeHook, CustomerOnChannelHook } from '../../platform/modules/define-module.ts';
import { webchatVisitors } from './webchat.tables.ts';

/** A merged customer's web-chat visitors write on as the survivor. */
export const moveVisitors: CustomerMergeHook = async (tx, survivorId, otherId) => {
  await tx.update(webchatVisitors).set({ customerId: survivorId }).where(eq(webchatVisitors.customerId, otherId));
};

/** A web-chat channel reaches the customers its visitors write as. */
export const isVisitorOn: CustomerOnChannelHook = async (tx, channelId, customerId) => {
  const [visitor] = await tx
    .select({ id: webchatVisitors.id })
    .from(webchatVisitors)
    .where(and(eq(webchatVisitors.channelId, channelId), eq(webchatVisitors.customerId, customerId)));
  return !!visitor;
};
