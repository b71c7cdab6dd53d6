import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database.ts';
import { isTransientDatabaseError } from '../../../platform/db/transient.ts';
import { safeErrorMessage } from '../../../platform/logging.ts';
import { type ChannelRow, channels } from '../../channels/index.ts';
import { webhookDeliveries } from '../conversations.tables.ts';
import { type Applied, applyEvents } from './apply-events.ts';
import { readDelivery } from './meta-events.ts';

/** Deliveries applied per transaction. */
const BATCH = 500;

export interface DeliveriesApplied {
  /** delivery id → what of it was not read or not applied */
  errors: Map<string, string>;
}

/**
 * Applies the channel's waiting deliveries (up to 500, in arrival order) in `tx` under the channel's lock, then
 * `finish` with what they changed (its events), and marks them all processed, each with what of it could not be
 * read or applied.
 * `oneByOne` applies each delivery in a savepoint of its own, so that one that fails is set aside with its error
 * and the others go in; a database that is away fails the whole (the job tries again). Null: nothing waits.
 */
export async function applyWaiting(
  tx: Tx,
  channelId: string,
  oneByOne: boolean,
  finish: (tx: Tx, channel: ChannelRow, applied: Applied) => Promise<void>,
): Promise<DeliveriesApplied | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${channelId}, 0))`);
  const [channel] = await tx.select().from(channels).where(eq(channels.id, channelId));
  const waiting = await tx
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.channelId, channelId), isNull(webhookDeliveries.processedAt)))
    .orderBy(asc(webhookDeliveries.seq))
    .limit(BATCH);
  if (!channel || !waiting.length) return null;
  const read = waiting.map((delivery) => ({
    id: delivery.id,
    ...readDelivery(channel, delivery.body, delivery.receivedAt),
  }));
  const errors = new Map(
    read.filter((delivery) => delivery.problems.length).map((delivery) => [delivery.id, delivery.problems.join('; ')]),
  );
  let applied: Applied = { messages: [], statuses: [] };
  if (!oneByOne)
    applied = await applyEvents(
      tx,
      channel,
      read.flatMap((delivery) => delivery.events),
    );
  else
    for (const delivery of read) {
      try {
        const one = await tx.transaction((savepoint) => applyEvents(savepoint, channel, delivery.events));
        applied = {
          messages: [...applied.messages, ...one.messages],
          statuses: [...applied.statuses, ...one.statuses],
        };
      } catch (error) {
        if (isTransientDatabaseError(error)) throw error;
        const notApplied = `not applied: ${safeErrorMessage(error, 1000)}`;
        errors.set(delivery.id, [errors.get(delivery.id), notApplied].filter(Boolean).join('; '));
      }
    }
  await finish(tx, channel, applied);
  await markProcessed(
    tx,
    waiting.map((delivery) => delivery.id),
    errors,
  );
  return { errors };
}

/** Marks the deliveries processed, in one statement, keeping the errors of those that have one. */
async function markProcessed(tx: Tx, ids: string[], errors: Map<string, string>) {
  if (!errors.size) {
    await tx.update(webhookDeliveries).set({ processedAt: new Date() }).where(inArray(webhookDeliveries.id, ids));
    return;
  }
  const rows = ids.map((id) => sql`(${id}::uuid, ${errors.get(id) ?? null}::text)`);
  await tx.execute(sql`update ${webhookDeliveries} d set processed_at = ${new Date().toISOString()}, error = v.error
    from (values ${sql.join(rows, sql`, `)}) as v(id, error) where d.id = v.id`);
}
