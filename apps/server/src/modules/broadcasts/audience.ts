import type { BroadcastAudience, TemplateCategory } from '@omnichat/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { customers, customerTagLinks } from '../customers/index.ts';
import type { PriceTable } from '../settings/index.ts';
import { broadcastRecipients } from './broadcasts.tables.ts';

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
  const { audience } = input;
  const ids = audience.customer_ids ?? [];
  const tags = audience.tag_ids ?? [];
  const byHand = ids.length ? sql`c.id = any(${`{${ids.join(',')}}`}::uuid[])` : sql`false`;
  const tagList = sql`${`{${tags.join(',')}}`}::uuid[]`;
  const byTags = !tags.length
    ? sql`false`
    : audience.tag_mode === 'all'
      ? sql`(select count(*) from ${customerTagLinks} l where l.customer_id = c.id and l.tag_id = any(${tagList})) = ${tags.length}`
      : sql`exists (select 1 from ${customerTagLinks} l where l.customer_id = c.id and l.tag_id = any(${tagList}))`;
  const marketing = input.category === 'marketing';
  await tx.execute(sql`
    insert into ${broadcastRecipients} (workspace_id, broadcast_id, customer_id, phone, status, skip_reason)
    select ${input.workspaceId}::uuid, ${input.broadcastId}::uuid, a.id, a.number,
      case when a.number is null or a.rank > 1 or (${marketing} and a.opted_out) then 'skipped' else 'pending' end,
      case when a.number is null then 'no_number' when a.rank > 1 then 'duplicate_number'
        when ${marketing} and a.opted_out then 'opted_out' end
    from (
      select c.id, n.number, c.marketing_opt_out as opted_out,
        case when n.number is null then 1 else row_number() over (
          partition by n.number order by c.marketing_opt_out desc, (c.whatsapp_id is not null) desc, c.created_at, c.id) end as rank
      from ${customers} c
      cross join lateral (select nullif(regexp_replace(
        coalesce(nullif(c.whatsapp_id, ''), c.phone, ''), '[^0-9]', '', 'g'), '') as number) n
      where ${byHand} or ${byTags}
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
