import type { Actor } from '../../platform/auth/actor.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';

/** A tag now on a customer that was not before. */
export interface TagLink {
  customer_id: string;
  tag_id: string;
}

/**
 * `customer.tags_added`, one event per customer, for the links an insert actually made (its `returning`): the
 * form, bulk tags, an import and a workflow's step all announce their new tags this way, so a trigger on a tag sees
 * every way a tag arrives.
 */
export async function announceTagsAdded(events: EventBus, tx: Tx, workspaceId: string, actor: Actor, links: TagLink[]) {
  const byCustomer = new Map<string, string[]>();
  for (const link of links)
    byCustomer.set(link.customer_id, [...(byCustomer.get(link.customer_id) ?? []), link.tag_id]);
  await events.emitMany(
    tx,
    'customer.tags_added',
    [...byCustomer].map(([customer_id, tag_ids]) => ({ actor, customer_id, tag_ids })),
    workspaceId,
  );
}
