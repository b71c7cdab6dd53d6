import type { Customer, DuplicatePair, mergeBodySchema } from '@omnichat/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Tx } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { CustomerMergeHook } from '../../platform/modules/define-module.ts';
import { checkCustomValues } from './custom-values.ts';
import { byId, loadFields } from './customer-query.ts';
import { type CustomersService, tagsOf, toCustomerDto } from './customers.service.ts';
import {
  type CustomerRow,
  customerImportMembers,
  customers,
  customerTagLinks,
  customerTimeline,
} from './customers.tables.ts';

type MergeBody = z.output<typeof mergeBodySchema>;

/** Columns a merge fills from the other customer where the survivor has none. */
const FILLED = [
  'salutation',
  'company',
  'email',
  'phone',
  'whatsappId',
  'facebookId',
  'instagramId',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zip',
  'country',
] as const satisfies readonly (keyof CustomerRow)[];

const empty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * `moveOtherModulesRows` moves what other modules keep of a customer to the survivor, inside the merge's transaction
 * and before the other customer is deleted (its rows would otherwise go with it): the modules' `customerMerge` hooks.
 */
export function createCustomerMergeService(
  ctx: AppContext,
  customersService: CustomersService,
  moveOtherModulesRows: CustomerMergeHook,
) {
  const { database } = ctx;

  /**
   * Pairs that look like one person, most recent first: one's phone is the other's WhatsApp id (e-mail, phone and
   * channel ids are unique, so equal ones cannot exist); similar names (trigram similarity) at the same company;
   * or the same name (`name_key`: case, spaces, punctuation and accents ignored) at any company, each customer of
   * such a name paired with its oldest one (seven "Mei Ling Chan" are six pairs that merge into one survivor). A
   * pair found for two reasons is listed once, under the first of those.
   */
  async function duplicates(workspaceId: string, page: number, size: number) {
    return database.withWorkspace(workspaceId, async (tx) => {
      const found = await tx.execute(sql`
        with named as (
          select id, updated_at, name_key,
            first_value(id) over (partition by name_key order by created_at, id) as first,
            count(*) over (partition by name_key) as size
          from ${customers}
          where name_key <> '' and name_key in (
            select name_key from ${customers} where name_key <> '' group by name_key having count(*) > 1
          )
        ),
        pairs as (
          select a.id as a, b.id as b, 1 as rank, 'phone_whatsapp' as reason, 2 as size,
            greatest(a.updated_at, b.updated_at) as at
          from ${customers} a
          join ${customers} b on b.whatsapp_id = regexp_replace(a.phone, '\\D', '', 'g') and b.id <> a.id
          where a.phone is not null and (a.whatsapp_id is distinct from b.whatsapp_id)
          union all
          select a.id, b.id, 2, 'name_company', 2, greatest(a.updated_at, b.updated_at)
          from ${customers} a
          join ${customers} b on lower(b.company) = lower(a.company) and b.id > a.id
          where a.company is not null and similarity(lower(a.display_name), lower(b.display_name)) >= 0.5
          union all
          select named.first, named.id, 3, 'same_name', named.size::int, named.updated_at
          from named where named.id <> named.first
        ),
        distinct_pairs as (
          select distinct on (least(a, b), greatest(a, b)) a, b, reason, size, at
          from pairs order by least(a, b), greatest(a, b), rank
        )
        select a, b, reason, size, count(*) over ()::int as total from distinct_pairs
        order by at desc, a, b
        limit ${size} offset ${(page - 1) * size}`);
      const rows = (
        found as unknown as {
          rows: { a: string; b: string; reason: DuplicatePair['reason']; size: number; total: number }[];
        }
      ).rows;
      const ids = [...new Set(rows.flatMap((row) => [row.a, row.b]))];
      const people = ids.length ? await tx.select().from(customers).where(inArray(customers.id, ids)) : [];
      const tags = await tagsOf(tx, ids);
      const dto = new Map(people.map((row) => [row.id, toCustomerDto(row, tags.get(row.id) ?? [])]));
      const total = rows[0]?.total ?? 0;
      const items: DuplicatePair[] = rows.map((row) => ({
        reason: row.reason,
        customers: [dto.get(row.a)!, dto.get(row.b)!],
        group_size: Number(row.size),
      }));
      return { items, page: { page, size, total, total_pages: Math.ceil(total / size) } };
    });
  }

  /**
   * Merges `otherId` into `id` in the caller's transaction: each field keeps the survivor's value, or takes the
   * other's where the survivor has none; notes are joined, tags and custom fields combined, the other's history
   * and other modules' rows move over, and the other customer is deleted. Answers the survivor before and after
   * and the merged customer, for the event.
   */
  async function mergeOne(tx: Tx, workspaceId: string, id: string, otherId: string) {
    const locked = await tx
      .select()
      .from(customers)
      .where(inArray(customers.id, [id, otherId]))
      .orderBy(customers.id)
      .for('update');
    const survivor = locked.find((row) => row.id === id);
    const other = locked.find((row) => row.id === otherId);
    if (!survivor || !other) throw notFound();
    const tags = await tagsOf(tx, [id, other.id]);
    const before = toCustomerDto(survivor, tags.get(id) ?? []);
    const merged = toCustomerDto(other, tags.get(other.id) ?? []);

    const next: Partial<CustomerRow> = {};
    for (const column of FILLED) if (empty(survivor[column]) && !empty(other[column])) next[column] = other[column];
    // a customer imported without names takes the other's
    for (const column of ['firstName', 'lastName'] as const)
      if (empty(survivor[column]) && !empty(other[column])) next[column] = other[column];
    const notes = [survivor.note, other.note].filter((note) => !empty(note));
    if (notes.length === 2) next.note = notes.join('\n\n');
    else if (!survivor.note && other.note) next.note = other.note;
    const custom = { ...other.customFields, ...survivor.customFields };
    for (const [key, value] of Object.entries(other.customFields)) if (empty(custom[key])) custom[key] = value;

    // the other customer goes first, so its unique values are free for the survivor
    await tx.update(customerTimeline).set({ customerId: id }).where(eq(customerTimeline.customerId, other.id));
    const otherTagIds = (tags.get(other.id) ?? []).map((tag) => tag.id);
    await moveOtherModulesRows(tx, id, other.id, ctx.events);
    // the survivor stays on the uploaded lists the other was on
    await tx.execute(sql`
      insert into ${customerImportMembers} (workspace_id, import_id, customer_id)
      select workspace_id, import_id, ${id}::uuid from ${customerImportMembers} where customer_id = ${other.id}
      on conflict do nothing`);
    await tx.delete(customers).where(byId(other.id));
    await tx
      .update(customers)
      .set({ ...next, customFields: checkCustomValues(await loadFields(tx), {}, custom) })
      .where(byId(id));
    if (otherTagIds.length)
      await tx
        .insert(customerTagLinks)
        .values(otherTagIds.map((tagId) => ({ workspaceId, customerId: id, tagId })))
        .onConflictDoNothing();
    return { before, merged };
  }

  /**
   * Merges `other_id`, or each of `other_ids` in turn, into `id` in one transaction (see `mergeOne`); `values`
   * then chooses the surviving values, as a normal update of the survivor. One `customer.merged` event a merged
   * customer, so its timeline tells each.
   */
  async function merge(workspaceId: string, actor: Actor, id: string, body: MergeBody) {
    const others = [...new Set(body.other_ids ?? [body.other_id!])];
    if (others.includes(id)) throw badRequest('request_invalid');
    return database.withWorkspace(workspaceId, async (tx) => {
      let after: Customer | null = null;
      for (const [index, otherId] of others.entries()) {
        const { before, merged } = await mergeOne(tx, workspaceId, id, otherId);
        // the chosen values are a normal update (checked, unique, phone normalised) of the merged customer
        const values = index === others.length - 1 ? (body.values ?? {}) : {};
        after = (await customersService.applyUpdate(tx, workspaceId, actor, id, values))!;
        await ctx.events.emit(tx, 'customer.merged', { actor, before, merged, after }, workspaceId);
      }
      return after!;
    });
  }

  return { duplicates, merge };
}
