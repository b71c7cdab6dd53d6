import type { BroadcastAudience, TemplateCategory } from '@omnichat/contracts';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../platform/db/arrays.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { customers, type FieldValues, importedCondition, loadFields, segmentCondition } from '../customers/index.ts';
import type { PriceTable } from '../settings/index.ts';
import { broadcastRecipients } from './broadcasts.tables.ts';

/** Whether a custom-field segment names at least one value (empty ones are no condition). */
const hasValues = (values: FieldValues | undefined) =>
  Object.values(values ?? {}).some((wanted) =>
    (Array.isArray(wanted) ? wanted : [wanted]).some((value) => value !== null && value !== ''),
  );

/** Whether an audience names any source of customers at all (before anything is read). */
export const audienceNamesAnyone = (audience: BroadcastAudience) =>
  Boolean(
    audience.customer_ids?.length ||
      audience.import_ids?.length ||
      audience.tag_ids?.length ||
      hasValues(audience.custom_fields),
  );

/**
 * Who an audience is: the customers chosen by hand, or on any of the uploaded lists (customer imports), or in the
 * segment (the tags, any or all, and the custom field values: both narrow it when both are given). A custom
 * field key that is not one of the organization's fields is refused (400), not an audience of nobody.
 */
async function audienceCondition(tx: Tx, workspaceId: string, audience: BroadcastAudience): Promise<SQL> {
  const fields = audience.custom_fields ? await loadFields(tx, workspaceId) : [];
  const unknown = Object.keys(audience.custom_fields ?? {}).find((key) => !fields.some((field) => field.key === key));
  if (unknown !== undefined)
    throw new AppError(
      400,
      'custom_field_unknown',
      { field: unknown },
      { [`audience.custom_fields.${unknown}`]: { key: 'custom_field_unknown', params: { field: unknown } } },
    );
  const ids = audience.customer_ids ?? [];
  const imports = audience.import_ids ?? [];
  const tags = audience.tag_ids ?? [];
  const hasSegment = tags.length > 0 || hasValues(audience.custom_fields);
  const sources = [
    ids.length ? anyOf(customers.id, ids, 'uuid') : undefined,
    imports.length ? importedCondition(imports) : undefined,
    hasSegment
      ? segmentCondition({ tags, tag_mode: audience.tag_mode, custom_fields: audience.custom_fields }, fields)
      : undefined,
  ].filter((source): source is SQL => source !== undefined);
  return and(eq(customers.workspaceId, workspaceId), sources.length ? or(...sources) : sql`false`)!;
}

/**
 * Resolves a broadcast's audience into its recipients in ONE `INSERT … SELECT` (100,000 customers are one
 * statement): each customer's number is their WhatsApp id, else their phone, digits only. Skipped, with a reason:
 * no number; the same number again (one send per number: the first by opt-out, then a WhatsApp id, then age, keeps it, so a number
 * one of whose customers opted out is never sent marketing); opted out of marketing for a marketing template.
 * The counters (`broadcast_counts`, by trigger) tell how many it stored.
 */
export async function resolveAudience(
  tx: Tx,
  input: { workspaceId: string; broadcastId: string; audience: BroadcastAudience; category: TemplateCategory },
): Promise<void> {
  const where = await audienceCondition(tx, input.workspaceId, input.audience);
  const marketing = input.category === 'marketing';
  // the customers table is not aliased: the conditions name its columns as "customers"."column"
  await tx.execute(sql`
    insert into ${broadcastRecipients} (workspace_id, broadcast_id, customer_id, phone, status, skip_reason)
    select ${input.workspaceId}::uuid, ${input.broadcastId}::uuid, a.id, a.number,
      case when a.number is null or a.rank > 1 or (${marketing} and a.opted_out) then 'skipped' else 'pending' end,
      case when a.number is null then 'no_number' when a.rank > 1 then 'duplicate_number'
        when ${marketing} and a.opted_out then 'opted_out' end
    from (
      select ${customers.id} as id, n.number, ${customers.marketingOptOut} as opted_out,
        case when n.number is null then 1 else row_number() over (
          partition by n.number order by ${customers.marketingOptOut} desc, (${customers.whatsappId} is not null) desc,
            ${customers.createdAt}, ${customers.id}) end as rank
      from ${customers}
      cross join lateral (select nullif(regexp_replace(
        coalesce(nullif(${customers.whatsappId}, ''), ${customers.phone}, ''), '[^0-9]', '', 'g'), '') as number) n
      where ${where}
    ) a`);
}

/**
 * Prices the pending recipients by the template's category and each number's country (grouped by the first 8
 * digits, which tell the country), in one UPDATE; answers the estimated cost in cents.
 */
export async function priceRecipients(
  tx: Tx,
  broadcastId: string,
  category: TemplateCategory,
  table: PriceTable,
): Promise<number> {
  const prefix = sql`left(${broadcastRecipients.phone}, 8)`;
  const groups = await tx
    .select({ prefix: sql<string>`${prefix}`, sample: sql<string>`min(${broadcastRecipients.phone})` })
    .from(broadcastRecipients)
    .where(and(eq(broadcastRecipients.broadcastId, broadcastId), eq(broadcastRecipients.status, 'pending')))
    .groupBy(prefix);
  const priced = groups
    .map((group) => ({ prefix: group.prefix, price: table.templatePrice(category, group.sample) }))
    .filter((group) => group.price > 0);
  if (!priced.length) return 0;
  await tx.execute(sql`
    update ${broadcastRecipients} r set price_cents = v.price
    from unnest(${`{${priced.map((p) => p.prefix).join(',')}}`}::text[], ${`{${priced.map((p) => p.price).join(',')}}`}::int[]) as v(prefix, price)
    where r.broadcast_id = ${broadcastId} and r.status = 'pending' and left(r.phone, 8) = v.prefix`);
  const [sum] = await tx
    .select({ total: sql<number>`coalesce(sum(${broadcastRecipients.priceCents}), 0)`.mapWith(Number) })
    .from(broadcastRecipients)
    .where(and(eq(broadcastRecipients.broadcastId, broadcastId), eq(broadcastRecipients.status, 'pending')));
  return sum?.total ?? 0;
}
