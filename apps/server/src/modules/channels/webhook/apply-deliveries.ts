import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { parseExactJson } from '../../../integrations/meta/read-json.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { isTransientDatabaseError } from '../../../platform/db/transient.ts';
import { safeErrorMessage } from '../../../platform/logging.ts';
import type { MetaWebhookPart, MetaWebhookProblem } from '../../../platform/modules/define-module.ts';
import { type ChannelRow, channels } from '../channels.tables.ts';
import { deliveryParts } from './delivery-parts.ts';
import { webhookDeliveries } from './webhook.tables.ts';

/**
 * Deliveries applied per transaction: enough that a busy channel pays its statements per batch, few enough that a
 * batch's work (reading, events, pushes) never holds the acknowledgements of the same process back for long (at
 * 2,000 msg/s, 500 made the ack p99 96 ms, 200 makes it under 50 ms).
 */
const BATCH = 200;

/** Applies the parts of one field (through the module that answers it) and says what of them it could not. */
export type FieldDispatch = (
  tx: Tx,
  channel: ChannelRow,
  field: string,
  parts: MetaWebhookPart[],
) => Promise<MetaWebhookProblem[]>;

export interface DeliveriesApplied {
  /** delivery id → what of it was not read or not applied */
  errors: Map<string, string>;
}

type Part = MetaWebhookPart & { field: string };

/** The parts by field, in the order each field first comes, each field's in arrival order. */
function byField(parts: Part[]): Map<string, MetaWebhookPart[]> {
  const fields = new Map<string, MetaWebhookPart[]>();
  for (const { field, ...part } of parts) {
    const list = fields.get(field);
    if (list) list.push(part);
    else fields.set(field, [part]);
  }
  return fields;
}

/**
 * Applies the channel's waiting deliveries (up to 200, in arrival order) in `tx` under the channel's lock: each
 * split into its parts by Meta's field, each field's parts handed at once to `dispatch`; then marks them all
 * processed, each with what of it could not be read or applied.
 * `oneByOne` applies each field of each delivery in a savepoint of its own, so that one that fails is set aside
 * with its error and the others go in; a database that is away fails the whole (the job tries again). Null:
 * nothing waits.
 */
export async function applyWaiting(
  tx: Tx,
  channelId: string,
  oneByOne: boolean,
  dispatch: FieldDispatch,
): Promise<DeliveriesApplied | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${channelId}, 0))`);
  const [channel] = await tx.select().from(channels).where(eq(channels.id, channelId));
  // the body as Postgres keeps it (numbers exact), parsed keeping long ids as their digits
  const waiting = await tx
    .select({ ...getTableColumns(webhookDeliveries), body: sql<string>`${webhookDeliveries.body}::text` })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.channelId, channelId), isNull(webhookDeliveries.processedAt)))
    .orderBy(asc(webhookDeliveries.seq))
    .limit(BATCH);
  if (!channel || !waiting.length) return null;
  const problems = new Map<string, string[]>();
  const note = ({ deliveryId, problem }: MetaWebhookProblem) =>
    problems.set(deliveryId, [...(problems.get(deliveryId) ?? []), problem]);
  const split = waiting.map((delivery) => {
    const { parts, problems: unread } = deliveryParts(channel, parseExactJson(delivery.body));
    for (const problem of unread) note({ deliveryId: delivery.id, problem });
    return parts.map((part): Part => ({ ...part, deliveryId: delivery.id, receivedAt: delivery.receivedAt }));
  });
  if (!oneByOne)
    for (const [field, parts] of byField(split.flat()))
      for (const found of await dispatch(tx, channel, field, parts)) note(found);
  else
    for (const [d, delivery] of waiting.entries())
      for (const [field, parts] of byField(split[d]!)) {
        try {
          const found = await tx.transaction((savepoint) => dispatch(savepoint, channel, field, parts));
          for (const problem of found) note(problem);
        } catch (error) {
          if (isTransientDatabaseError(error)) throw error;
          note({ deliveryId: delivery.id, problem: `not applied: ${safeErrorMessage(error, 1000)}` });
        }
      }
  const errors = new Map([...problems].map(([id, list]) => [id, list.join('; ')]));
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
