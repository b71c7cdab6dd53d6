import type { Customer, TimelineEntry } from '@omnichat/contracts';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import { totalOf, totalOver } from '../../platform/db/paging.ts';
import { notFound } from '../../platform/errors.ts';
import type { DomainEvent } from '../../platform/events/catalogue.ts';
import { type DurableListenerDefinition, durableListener } from '../../platform/modules/define-module.ts';
import { customers, customerTimeline } from './customers.tables.ts';

const HIDDEN = new Set(['id', 'created_at', 'updated_at']);

/** The fields that differ between two states of a customer, as field → [before, after]; tags by name. */
export function changesOf(before: Customer | null, after: Customer): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  const shown = (customer: Customer | null, key: keyof Customer) =>
    key === 'tags' ? (customer?.tags ?? []).map((tag) => tag.name) : (customer?.[key] ?? null);
  for (const key of Object.keys(after) as (keyof Customer)[]) {
    if (HIDDEN.has(key) || key === 'custom_fields') continue;
    const [old, next] = [shown(before, key), shown(after, key)];
    const empty = (value: unknown) => value === null || (Array.isArray(value) && value.length === 0);
    if (before === null && empty(next)) continue;
    if (JSON.stringify(old) !== JSON.stringify(next)) changes[key] = [old, next];
  }
  const keys = new Set([...Object.keys(before?.custom_fields ?? {}), ...Object.keys(after.custom_fields)]);
  for (const key of keys) {
    const [old, next] = [before?.custom_fields[key] ?? null, after.custom_fields[key] ?? null];
    if (JSON.stringify(old) !== JSON.stringify(next)) changes[`custom_fields.${key}`] = [old, next];
  }
  return changes;
}

type TimelineInsert = Pick<typeof customerTimeline.$inferInsert, 'customerId' | 'action' | 'changes' | 'mergedName'> & {
  actor: { id: string | null; name: string };
};

const record = <T extends 'customer.created' | 'customer.updated' | 'customer.merged'>(
  event: T,
  entryOf: (data: DomainEvent<T>['data']) => TimelineInsert | null,
) =>
  durableListener({
    event,
    name: 'timeline',
    handle: (happened, job) => {
      const entry = entryOf(happened.data);
      if (!entry) return Promise.resolve();
      const { actor, ...rest } = entry;
      return job.inWorkspace(async (tx) => {
        // a customer deleted (or merged away) before its event was delivered has no history to keep
        if (!(await tx.$count(customers, eq(customers.id, rest.customerId)))) return;
        await tx
          .insert(customerTimeline)
          .values({
            ...rest,
            workspaceId: happened.workspaceId!,
            actorId: actor.id,
            actorName: actor.name,
            eventId: happened.id,
            createdAt: new Date(happened.occurredAt),
          })
          .onConflictDoNothing();
      });
    },
  });

/** Writes each customer event into the customer's timeline (durable: a failed write is retried, once per event). */
export const timelineListeners: DurableListenerDefinition[] = [
  record('customer.created', ({ actor, customer }) => ({
    customerId: customer.id,
    action: 'created',
    actor,
    changes: changesOf(null, customer),
  })),
  record('customer.updated', ({ actor, before, after }) => {
    const changes = changesOf(before, after);
    delete changes.updated_at;
    return Object.keys(changes).length ? { customerId: after.id, action: 'updated', actor, changes } : null;
  }),
  record('customer.merged', ({ actor, before, merged, after }) => ({
    customerId: after.id,
    action: 'merged',
    actor,
    changes: changesOf(before, after),
    mergedName: merged.display_name,
  })),
];

export function createTimelineService({ database }: AppContext) {
  async function list(workspaceId: string, customerId: string, page: number, size: number) {
    return database.withWorkspace(workspaceId, async (tx) => {
      if (!(await tx.$count(customers, eq(customers.id, customerId)))) throw notFound();
      const where = eq(customerTimeline.customerId, customerId);
      const rows = await tx
        .select({ entry: customerTimeline, total: totalOver() })
        .from(customerTimeline)
        .where(where)
        .orderBy(desc(customerTimeline.createdAt), desc(customerTimeline.id))
        .limit(size)
        .offset((page - 1) * size);
      const total = await totalOf(rows, page, () => tx.$count(customerTimeline, where));
      const items: TimelineEntry[] = rows.map(({ entry }) => ({
        id: entry.id,
        action: entry.action,
        actor_name: entry.actorName,
        changes: entry.changes,
        merged_name: entry.mergedName,
        created_at: toUnixSeconds(entry.createdAt),
      }));
      return { items, page: { page, size, total, total_pages: Math.ceil(total / size) } };
    });
  }
  return { list };
}
