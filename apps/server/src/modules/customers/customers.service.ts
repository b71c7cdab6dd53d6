import type {
  Customer,
  CustomerTag,
  createCustomerBodySchema,
  customerListQuerySchema,
  MessageKey,
  updateCustomerBodySchema,
} from '@omnichat/contracts';
import { and, asc, count, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { workspaces } from '../../platform/identity/workspaces.tables.ts';
import { checkCustomValues } from './custom-values.ts';
import { byId, customerOrder, customerWhere, loadFields, searchText, usesSearchIndexes } from './customer-query.ts';
import { CUSTOMER_COLUMN_OF, type CustomerRow, customers, customerTagLinks, customerTags } from './customers.tables.ts';
import { toE164 } from './phone.ts';
import { announceTagsAdded } from './tags-added.ts';

type CreateInput = z.output<typeof createCustomerBodySchema>;
type UpdateInput = z.output<typeof updateCustomerBodySchema>;
type ListQuery = z.output<typeof customerListQuerySchema>;

/** The columns that identify a customer in an organization, with the message a clash answers. */
const UNIQUE_KEYS = [
  ['email', 'email', 'customer_email_taken'],
  ['phone', 'phone', 'customer_phone_taken'],
  ['whatsappId', 'whatsapp_id', 'customer_whatsapp_taken'],
  ['facebookId', 'facebook_id', 'customer_facebook_taken'],
  ['instagramId', 'instagram_id', 'customer_instagram_taken'],
] as const satisfies readonly [keyof CustomerRow, string, MessageKey][];

/** A marketing opt-out as given: the time is kept when it is set (anew), cleared with it, unchanged otherwise. */
export function optOutColumns(optOut: boolean | undefined, was: boolean) {
  if (optOut === undefined || optOut === was) return {};
  return { marketingOptOut: optOut, marketingOptOutAt: optOut ? new Date() : null };
}

export function toCustomerDto(row: CustomerRow, tags: CustomerTag[]): Customer {
  return {
    id: row.id,
    salutation: row.salutation as Customer['salutation'],
    first_name: row.firstName,
    last_name: row.lastName,
    display_name: row.displayName,
    company: row.company,
    email: row.email,
    phone: row.phone,
    whatsapp_id: row.whatsappId,
    facebook_id: row.facebookId,
    instagram_id: row.instagramId,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    source: row.source as Customer['source'],
    note: row.note,
    tags,
    custom_fields: row.customFields as Customer['custom_fields'],
    marketing_opt_out: row.marketingOptOut,
    marketing_opt_out_at: row.marketingOptOutAt && toUnixSeconds(row.marketingOptOutAt),
    created_at: toUnixSeconds(row.createdAt),
    updated_at: toUnixSeconds(row.updatedAt),
  };
}

/** The tags of each of `ids`, by name. */
export async function tagsOf(tx: Tx, ids: string[]): Promise<Map<string, CustomerTag[]>> {
  const byCustomer = new Map<string, CustomerTag[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byCustomer;
  const rows = await tx
    .select({
      customerId: customerTagLinks.customerId,
      id: customerTags.id,
      name: customerTags.name,
      color: customerTags.color,
    })
    .from(customerTagLinks)
    .innerJoin(customerTags, eq(customerTags.id, customerTagLinks.tagId))
    .where(inArray(customerTagLinks.customerId, ids))
    .orderBy(asc(customerTags.name));
  for (const { customerId, ...tag } of rows) byCustomer.get(customerId)?.push(tag);
  return byCustomer;
}

/** The column values of a write, from the request's fields (only those it names, for an update). */
type Columns = Partial<Omit<typeof customers.$inferInsert, 'id' | 'workspaceId' | 'createdAt'>>;

/** A filter by tags alone: its count reads the link table's index, without visiting the customers. */
const onlyTags = (query: ListQuery) => Boolean(query.tags?.length) && !usesSearchIndexes(query);

async function countByTags(tx: Tx, tagIds: string[], mode: 'any' | 'all') {
  const ids = [...new Set(tagIds)];
  const matched = tx
    .select({ id: customerTagLinks.customerId })
    .from(customerTagLinks)
    .where(inArray(customerTagLinks.tagId, ids))
    .groupBy(customerTagLinks.customerId)
    .having(mode === 'all' ? sql`count(*) = ${ids.length}` : undefined)
    .as('matched');
  const [row] = await tx.select({ n: count() }).from(matched);
  return row?.n ?? 0;
}

export type CustomersService = ReturnType<typeof createCustomersService>;

export function createCustomersService(ctx: AppContext) {
  const { database } = ctx;

  async function defaultCountry(tx: Tx, workspaceId: string): Promise<string | null> {
    const [row] = await tx
      .select({ country: workspaces.defaultCountry })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return row?.country ?? null;
  }

  /** The request's fields as columns: the phone in E.164, the tags checked to be the organization's. */
  async function columnsOf(tx: Tx, workspaceId: string, body: CreateInput | Partial<UpdateInput>): Promise<Columns> {
    const columns: Columns = {};
    const copy = { ...CUSTOMER_COLUMN_OF, source: 'source' } as const;
    for (const [field, column] of Object.entries(copy) as [keyof typeof copy, (typeof copy)[keyof typeof copy]][]) {
      const value = field === 'phone' ? undefined : body[field];
      if (value !== undefined) (columns as Record<string, unknown>)[column] = value;
    }
    if (body.phone !== undefined) {
      if (body.phone === null) columns.phone = null;
      else {
        const e164 = toE164(body.phone, await defaultCountry(tx, workspaceId));
        if (!e164) throw fieldError('phone', 'phone_invalid');
        columns.phone = e164;
      }
    }
    if (body.tag_ids?.length) {
      const ids = [...new Set(body.tag_ids)];
      const found = await tx.select({ id: customerTags.id }).from(customerTags).where(inArray(customerTags.id, ids));
      if (found.length !== ids.length) throw fieldError('tag_ids', 'tag_not_found');
    }
    return columns;
  }

  /** A 409 naming the customer that already holds one of `row`'s e-mail, phone or channel ids, if any. */
  async function assertUnique(tx: Tx, row: Partial<CustomerRow>, selfId?: string) {
    const clashes: SQL[] = [];
    for (const [column] of UNIQUE_KEYS) {
      const value = row[column];
      if (value) clashes.push(eq(customers[column], value));
    }
    if (!clashes.length) return;
    const [holder] = await tx
      .select()
      .from(customers)
      .where(and(or(...clashes), selfId ? ne(customers.id, selfId) : undefined))
      .limit(1);
    if (!holder) return;
    const [, field, key] = UNIQUE_KEYS.find(([column]) => row[column] && holder[column] === row[column])!;
    const params = { name: holder.displayName, id: holder.id };
    throw new AppError(
      409,
      key,
      params,
      { [field]: { key, params } },
      {
        existing: { id: holder.id, display_name: holder.displayName },
      },
    );
  }

  /** Writes in a savepoint: a unique index that a concurrent write just took answers the same 409. */
  async function writeUnique<T>(
    tx: Tx,
    row: Partial<CustomerRow>,
    selfId: string | undefined,
    write: (sp: Tx) => Promise<T>,
  ) {
    await assertUnique(tx, row, selfId);
    try {
      return await tx.transaction(write);
    } catch (error) {
      const { code, cause } = error as { code?: string; cause?: { code?: string } };
      if (code === '23505' || cause?.code === '23505') await assertUnique(tx, row, selfId);
      throw error;
    }
  }

  /** Replaces the customer's tags; the ones it did not carry before are announced as added. */
  async function setTags(tx: Tx, workspaceId: string, actor: Actor, customerId: string, tagIds: string[]) {
    const before = await tx
      .delete(customerTagLinks)
      .where(eq(customerTagLinks.customerId, customerId))
      .returning({ tagId: customerTagLinks.tagId });
    const ids = [...new Set(tagIds)];
    if (ids.length) await tx.insert(customerTagLinks).values(ids.map((tagId) => ({ workspaceId, customerId, tagId })));
    const had = new Set(before.map((link) => link.tagId));
    const added = ids.filter((tagId) => !had.has(tagId)).map((tag_id) => ({ customer_id: customerId, tag_id }));
    await announceTagsAdded(ctx.events, tx, workspaceId, actor, added);
  }

  async function detail(tx: Tx, id: string): Promise<Customer | null> {
    const [row] = await tx.select().from(customers).where(byId(id));
    if (!row) return null;
    return toCustomerDto(row, (await tagsOf(tx, [id])).get(id) ?? []);
  }

  async function list(workspaceId: string, query: ListQuery) {
    const page = async (tx: Tx) => {
      const where = await customerWhere(tx, workspaceId, query);
      // the page's ids first (an index-only scan past the offset), then their rows; and the count apart: a count
      // beside the page (count(*) over ()) would read and sort every match instead of stopping after the page
      const ids = tx
        .select({ id: customers.id })
        .from(customers)
        .where(where)
        .orderBy(...customerOrder(query))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const rows = await tx
        .select()
        .from(customers)
        .where(inArray(customers.id, ids))
        .orderBy(...customerOrder(query));
      return {
        rows,
        total: onlyTags(query) ? await countByTags(tx, query.tags!, query.tag_mode) : await tx.$count(customers, where),
      };
    };
    const { rows, total } = usesSearchIndexes(query)
      ? await database.unsafeCrossTenant(
          'a customer search names its organization and uses the trigram and JSON indexes that row-level security cannot (their operators are not leakproof)',
          page,
        )
      : await database.withWorkspace(workspaceId, page);
    return database.withWorkspace(workspaceId, async (tx) => {
      const tags = await tagsOf(
        tx,
        rows.map((row) => row.id),
      );
      return {
        items: rows.map((customer) => toCustomerDto(customer, tags.get(customer.id) ?? [])),
        page: { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) },
      };
    });
  }

  async function get(workspaceId: string, id: string): Promise<Customer> {
    const found = await database.withWorkspace(workspaceId, (tx) => detail(tx, id));
    if (!found) throw notFound();
    return found;
  }

  async function create(workspaceId: string, actor: Actor, body: CreateInput): Promise<Customer> {
    return database.withWorkspace(workspaceId, async (tx) => {
      const columns = await columnsOf(tx, workspaceId, body);
      const fields = await loadFields(tx);
      const row = {
        ...columns,
        firstName: body.first_name,
        lastName: body.last_name,
        displayName: columns.displayName ?? `${body.first_name} ${body.last_name}`,
        customFields: checkCustomValues(fields, body.custom_fields),
        ...optOutColumns(body.marketing_opt_out, false),
      };
      const id = await writeUnique(tx, row, undefined, async (sp) => {
        const [inserted] = await sp
          .insert(customers)
          .values({ ...row, workspaceId, search: searchText(row) })
          .returning({ id: customers.id });
        await setTags(sp, workspaceId, actor, inserted!.id, body.tag_ids ?? []);
        return inserted!.id;
      });
      const customer = (await detail(tx, id))!;
      await ctx.events.emit(tx, 'customer.created', { actor, customer }, workspaceId);
      return customer;
    });
  }

  /** Writes an update in the caller's transaction: the customer after it, or null when it does not exist. */
  async function applyUpdate(
    tx: Tx,
    workspaceId: string,
    actor: Actor,
    id: string,
    body: Partial<UpdateInput>,
  ): Promise<Customer | null> {
    const [current] = await tx.select().from(customers).where(byId(id)).for('update');
    if (!current) return null;
    const columns = await columnsOf(tx, workspaceId, body);
    const next = { ...current, ...columns };
    // a display name cleared, or one that followed the names, follows the (new) names
    const followedNames = current.displayName === `${current.firstName} ${current.lastName}`;
    if (body.display_name === null || (body.display_name === undefined && followedNames))
      next.displayName = `${next.firstName} ${next.lastName}`;
    const customFields =
      body.custom_fields === undefined
        ? current.customFields
        : checkCustomValues(await loadFields(tx), body.custom_fields, current.customFields);
    await writeUnique(tx, columns, id, async (sp) => {
      await sp
        .update(customers)
        .set({
          ...columns,
          displayName: next.displayName,
          customFields,
          ...optOutColumns(body.marketing_opt_out, current.marketingOptOut),
          search: searchText(next),
          updatedAt: new Date(),
        })
        .where(byId(id));
      if (body.tag_ids !== undefined) await setTags(sp, workspaceId, actor, id, body.tag_ids);
    });
    return detail(tx, id);
  }

  async function update(workspaceId: string, actor: Actor, id: string, body: UpdateInput): Promise<Customer> {
    return database.withWorkspace(workspaceId, (tx) => updateIn(tx, workspaceId, actor, id, body));
  }

  /** `update` in the caller's transaction (a workflow's step). */
  async function updateIn(tx: Tx, workspaceId: string, actor: Actor, id: string, body: Partial<UpdateInput>) {
    const before = await detail(tx, id);
    const after = before && (await applyUpdate(tx, workspaceId, actor, id, body));
    if (!before || !after) throw notFound();
    await ctx.events.emit(tx, 'customer.updated', { actor, before, after }, workspaceId);
    return after;
  }

  async function remove(workspaceId: string, actor: Actor, id: string): Promise<void> {
    await database.withWorkspace(workspaceId, async (tx) => {
      const before = await detail(tx, id);
      if (!before) throw notFound();
      await tx.delete(customers).where(byId(id));
      await ctx.events.emit(tx, 'customer.deleted', { actor, before }, workspaceId);
    });
  }

  return { list, get, create, update, updateIn, applyUpdate, detail, remove };
}
