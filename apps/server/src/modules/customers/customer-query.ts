import type { CustomerFilter, CustomerListQuery } from '@omnichat/contracts';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../platform/db/arrays.ts';
import type { Tx } from '../../platform/db/database.ts';
import {
  type CustomerFieldRow,
  customerFields,
  customerImportMembers,
  customers,
  customerTagLinks,
} from './customers.tables.ts';

/** `%` and `_` in a keyword are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a keyword is matched against: names, company and e-mail in lower case, and the phone's digits. */
export function searchText(customer: {
  firstName: string;
  lastName: string;
  displayName: string;
  company?: string | null;
  email?: string | null;
  phone?: string | null;
  whatsappId?: string | null;
}): string {
  const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');
  return [
    customer.displayName,
    customer.firstName,
    customer.lastName,
    customer.company,
    customer.email,
    digits(customer.phone),
    digits(customer.whatsappId),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/** A keyword that reads as a phone number ("+852 5123-4567") is also matched by its digits. */
function keywordCondition(keyword: string): SQL | undefined {
  const text = keyword.trim().toLowerCase();
  if (!text) return undefined;
  const byText = sql`${customers.search} like ${`%${escapeLike(text)}%`}`;
  const digits = text.replace(/\D/g, '');
  const phoneLike = /^[\d\s()+.-]+$/.test(text) && digits.length >= 3 && digits !== text;
  return phoneLike ? or(byText, sql`${customers.search} like ${`%${digits}%`}`) : byText;
}

function tagCondition(tagIds: string[] | undefined, mode: 'any' | 'all'): SQL | undefined {
  if (!tagIds?.length) return undefined;
  const ids = [...new Set(tagIds)];
  const linked = (tagIds: string[]) =>
    sql`exists (select 1 from ${customerTagLinks} where ${customerTagLinks.customerId} = ${customers.id} and ${inArray(customerTagLinks.tagId, tagIds)})`;
  // each tag a look-up on the link table's primary key (customer, tag)
  return mode === 'any' ? linked(ids) : and(...ids.map((id) => linked([id])));
}

/** Custom field key → the value, or any of the values, a customer holds (a list's filter, a broadcast's segment). */
export type FieldValues = Record<string, string | number | boolean | null | (string | number | boolean)[]>;

/**
 * Custom-field filters: each key matches any of its values (containment on the indexed JSON; a multiple select
 * holds the value among its choices). A key that is not a field matches nothing.
 */
function customFieldCondition(
  filter: FieldValues | undefined,
  fields: Pick<CustomerFieldRow, 'key' | 'type'>[],
): SQL | undefined {
  if (!filter) return undefined;
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const conditions: SQL[] = [];
  for (const [key, wanted] of Object.entries(filter)) {
    const field = byKey.get(key);
    if (!field) return sql`false`;
    const values = (Array.isArray(wanted) ? wanted : [wanted]).filter((value) => value !== null && value !== '');
    if (!values.length) continue;
    const one = (value: unknown) =>
      sql`${customers.customFields} @> ${JSON.stringify({ [key]: field.type === 'multi_select' ? [value] : value })}::jsonb`;
    conditions.push(or(...values.map(one))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The organization's custom fields in their order (named, for a search that runs as the system role). */
export const loadFields = (tx: Tx, workspaceId?: string) =>
  tx
    .select()
    .from(customerFields)
    .where(workspaceId ? eq(customerFields.workspaceId, workspaceId) : undefined)
    .orderBy(asc(customerFields.position), asc(customerFields.createdAt));

/** Whether a filter needs the trigram or JSON index (a keyword, a custom field), which RLS keeps from use. */
export const usesSearchIndexes = (filter: CustomerFilter) => Boolean(filter.keyword?.trim() || filter.custom_fields);

/**
 * The where clause of a list, a bulk change or an export: every filter of the list, and the organization named
 * (the tenancy of a search that runs as the system role to use its indexes; redundant under RLS).
 */
export async function customerWhere(tx: Tx, workspaceId: string, filter: CustomerFilter): Promise<SQL | undefined> {
  const fields = filter.custom_fields ? await loadFields(tx, workspaceId) : [];
  return and(
    eq(customers.workspaceId, workspaceId),
    keywordCondition(filter.keyword ?? ''),
    segmentCondition(filter, fields),
    filter.marketing_opt_out === undefined ? undefined : eq(customers.marketingOptOut, filter.marketing_opt_out),
  );
}

export interface Segment {
  tags?: string[];
  tag_mode: 'any' | 'all';
  custom_fields?: FieldValues;
}

/**
 * Customers by tags (any or all of them) and custom field values, both holding when both are given; undefined
 * when neither is (everyone). `fields`: the organization's custom fields (`loadFields`).
 */
export const segmentCondition = (segment: Segment, fields: Pick<CustomerFieldRow, 'key' | 'type'>[]) =>
  and(tagCondition(segment.tags, segment.tag_mode), customFieldCondition(segment.custom_fields, fields));

/** Customers a row of any of these imports (uploaded lists) matched or created. */
export const importedCondition = (importIds: string[]): SQL =>
  sql`exists (select 1 from ${customerImportMembers} where ${customerImportMembers.customerId} = ${customers.id}
    and ${customerImportMembers.importId} = any(${arrayLiteral(importIds)}::uuid[]))`;

const SORTS = {
  display_name: sql`lower(${customers.displayName})`,
  first_name: sql`lower(${customers.firstName})`,
  last_name: sql`lower(${customers.lastName})`,
  company: sql`lower(${customers.company})`,
  email: customers.email,
  phone: customers.phone,
  created_at: customers.createdAt,
  updated_at: customers.updatedAt,
} as const;

/**
 * The list's order: the chosen column (newest first by default), then id so that pages never overlap. Names
 * and text sort ascending unless `asc=false`, times descending unless `asc=true`; empty values come last.
 */
export function customerOrder({ sort, asc: ascending }: Pick<CustomerListQuery, 'sort' | 'asc'>): SQL[] {
  const column = sort ?? 'created_at';
  const isTime = column === 'created_at' || column === 'updated_at';
  const up = ascending === undefined ? !isTime : ascending === 'true';
  const direction = up ? asc : desc;
  return [sql`${direction(SORTS[column])} nulls last`, direction(customers.id)];
}

export const byId = (id: string) => eq(customers.id, id);
