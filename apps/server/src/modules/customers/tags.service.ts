import {
  type bulkTagsBodySchema,
  CUSTOMER_LIMITS,
  type customerTagBodySchema,
  TAG_COLORS,
  type updateCustomerTagBodySchema,
} from '@omnichat/contracts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { customerWhere } from './customer-query.ts';
import { customers, customerTagLinks, customerTags } from './customers.tables.ts';
import { announceTagsAdded, type TagLink } from './tags-added.ts';

type TagBody = z.output<typeof customerTagBodySchema>;
type TagUpdate = z.output<typeof updateCustomerTagBodySchema>;
type BulkBody = z.output<typeof bulkTagsBodySchema>;

export type CustomerTagsService = ReturnType<typeof createCustomerTagsService>;

export function createCustomerTagsService(ctx: AppContext) {
  const { database } = ctx;

  const withCounts = (tx: Tx) =>
    tx
      .select({
        id: customerTags.id,
        name: customerTags.name,
        color: customerTags.color,
        customer_count: count(customerTagLinks.customerId),
      })
      .from(customerTags)
      .leftJoin(customerTagLinks, eq(customerTagLinks.tagId, customerTags.id))
      .groupBy(customerTags.id)
      .$dynamic();

  async function one(tx: Tx, id: string) {
    const [tag] = await withCounts(tx).where(eq(customerTags.id, id));
    if (!tag) throw notFound();
    return tag;
  }

  /** Names are unique in the organization, ignoring case. */
  async function assertNameFree(tx: Tx, name: string, selfId?: string) {
    const [taken] = await tx
      .select({ id: customerTags.id })
      .from(customerTags)
      .where(and(sql`lower(${customerTags.name}) = lower(${name})`, selfId ? ne(customerTags.id, selfId) : undefined));
    if (taken) throw new AppError(409, 'tag_exists', {}, { name: { key: 'tag_exists' } });
  }

  const list = (workspaceId: string) =>
    database.withWorkspace(workspaceId, (tx) =>
      withCounts(tx).orderBy(sql`lower(${customerTags.name})`, asc(customerTags.id)),
    );

  async function create(workspaceId: string, body: TagBody) {
    return database.withWorkspace(workspaceId, async (tx) => {
      const existing = await tx.$count(customerTags);
      if (existing >= CUSTOMER_LIMITS.tagsPerOrganization)
        throw new AppError(409, 'tag_limit_reached', { max: CUSTOMER_LIMITS.tagsPerOrganization });
      await assertNameFree(tx, body.name);
      const color = body.color ?? TAG_COLORS[existing % TAG_COLORS.length]!;
      const [tag] = await tx.insert(customerTags).values({ workspaceId, name: body.name, color }).returning();
      return one(tx, tag!.id);
    });
  }

  async function update(workspaceId: string, id: string, body: TagUpdate) {
    return database.withWorkspace(workspaceId, async (tx) => {
      await one(tx, id);
      if (body.name !== undefined) await assertNameFree(tx, body.name, id);
      await tx
        .update(customerTags)
        .set({
          ...(body.name !== undefined && { name: body.name }),
          ...(body.color !== undefined && { color: body.color }),
        })
        .where(eq(customerTags.id, id));
      return one(tx, id);
    });
  }

  async function remove(workspaceId: string, id: string) {
    await database.withWorkspace(workspaceId, async (tx) => {
      await one(tx, id);
      await tx.delete(customerTags).where(eq(customerTags.id, id));
    });
  }

  /**
   * Adds and removes tags on the chosen customers, or on every customer matching a filter, in one statement each;
   * answers how many customers were chosen.
   */
  async function bulk(workspaceId: string, actor: Actor, body: BulkBody) {
    return database.withWorkspace(workspaceId, async (tx) => {
      const tagIds = [...new Set([...body.add_tag_ids, ...body.remove_tag_ids])];
      if (tagIds.length) {
        const found = await tx.$count(customerTags, inArray(customerTags.id, tagIds));
        if (found !== tagIds.length) throw fieldError('add_tag_ids', 'tag_not_found');
      }
      const chosen = body.customer_ids
        ? tx
            .select({ id: customers.id })
            .from(customers)
            .where(inArray(customers.id, [...new Set(body.customer_ids)]))
        : tx
            .select({ id: customers.id })
            .from(customers)
            .where(await customerWhere(tx, workspaceId, body.filter!));
      const [{ n: updated } = { n: 0 }] = await tx.select({ n: count() }).from(chosen.as('chosen'));
      const add = body.add_tag_ids.filter((id) => !body.remove_tag_ids.includes(id));
      if (add.length) {
        const added = await tx.execute(sql`
          insert into ${customerTagLinks} (workspace_id, customer_id, tag_id)
          select ${workspaceId}::uuid, chosen.id, tag.id
          from (${chosen}) chosen cross join unnest(array[${sql.join(
            add.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[]) as tag(id)
          on conflict do nothing
          returning customer_id, tag_id`);
        await announceTagsAdded(ctx.events, tx, workspaceId, actor, (added as unknown as { rows: TagLink[] }).rows);
      }
      if (body.remove_tag_ids.length) {
        await tx
          .delete(customerTagLinks)
          .where(
            and(inArray(customerTagLinks.tagId, body.remove_tag_ids), inArray(customerTagLinks.customerId, chosen)),
          );
      }
      return { updated };
    });
  }

  return { list, create, update, remove, bulk };
}
