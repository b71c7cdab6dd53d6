import type { SubscriptionHistoryEntry } from '@omnichat/contracts';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../platform/errors.ts';
import { liveWorkspace, workspaces } from '../../../platform/identity/workspaces.tables.ts';
import { auditLogs } from '../../audit/index.ts';
import { billingAccounts, stripeEvents, subscriptionPlans } from '../billing.tables.ts';

/** The operators' billing actions on an organization, as the audit log records them. */
export const BILLING_AUDIT_ACTIONS = ['subscription.comp', 'subscription.trial_extend', 'wallet.adjust'] as const;

type Row = {
  at: string | number;
  kind: string;
  data: Record<string, unknown> | null;
  actor: string | null;
  total: string | number;
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const integer = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** The Stripe Price an event's object names: a subscription's first item, an invoice's first line. */
function priceIdOf(object: Record<string, unknown>): string | null {
  const items = (object.items ?? object.lines) as { data?: { price?: { id?: unknown } }[] } | undefined;
  return text(items?.data?.[0]?.price?.id);
}

/** An organization's subscription history, newest first, from the audit log and its customer's applied Stripe events. */
export function createHistoryService(ctx: AppContext) {
  const { database } = ctx;

  async function history(id: string, query: { page: number; size: number }) {
    return database.unsafeCrossTenant(
      "a system admin reads one organization's subscription history from the audit log and Stripe's events",
      async (tx) => {
        const [organization] = await tx
          .select({ customerId: billingAccounts.stripeCustomerId })
          .from(workspaces)
          .leftJoin(billingAccounts, eq(billingAccounts.workspaceId, workspaces.id))
          .where(and(liveWorkspace, eq(workspaces.id, id)));
        if (!organization) throw notFound();
        const customerId = organization.customerId;
        const audited = sql`select floor(extract(epoch from ${auditLogs.createdAt}))::bigint as at,
            ${auditLogs.action} as kind, ${auditLogs.after} as data, ${auditLogs.actorName} as actor,
            ${auditLogs.id}::text as id
          from ${auditLogs}
          where ${auditLogs.workspaceId} = ${id}
            and ${auditLogs.action} in (${sql.join(
              BILLING_AUDIT_ACTIONS.map((action) => sql`${action}`),
              sql`, `,
            )})`;
        const fromStripe = sql`select ${stripeEvents.created} as at, ${stripeEvents.type} as kind,
            ${stripeEvents.payload} -> 'data' -> 'object' as data, null as actor, ${stripeEvents.id} as id
          from ${stripeEvents}
          where ${stripeEvents.appliedAt} is not null
            and ${stripeEvents.payload} -> 'data' -> 'object' ->> 'customer' = ${customerId}
            and (${stripeEvents.type} like 'customer.subscription.%'
              or ${stripeEvents.type} like 'subscription_schedule.%'
              or ${stripeEvents.type} in ('invoice.paid', 'invoice.payment_failed'))`;
        const items = customerId ? sql`${audited} union all ${fromStripe}` : audited;
        const { rows } = (await tx.execute(sql`
          select at, kind, data, actor, count(*) over () as total from (${items}) as items
          order by at desc, id desc
          limit ${query.size} offset ${(query.page - 1) * query.size}`)) as unknown as { rows: Row[] };
        let total = rows[0] ? Number(rows[0].total) : 0;
        if (!rows[0] && query.page > 1) {
          const { rows: all } = (await tx.execute(sql`select count(*) as n from (${items}) as items`)) as unknown as {
            rows: { n: string | number }[];
          };
          total = Number(all[0]?.n ?? 0);
        }

        const priceIds = [
          ...new Set(rows.flatMap((row) => (row.actor === null && row.data ? [priceIdOf(row.data)] : []))),
        ].filter((price): price is string => price !== null);
        const plans = priceIds.length
          ? await tx
              .select({
                tag: subscriptionPlans.tag,
                monthly: subscriptionPlans.stripeMonthlyPriceId,
                yearly: subscriptionPlans.stripeYearlyPriceId,
              })
              .from(subscriptionPlans)
              .where(
                or(
                  inArray(subscriptionPlans.stripeMonthlyPriceId, priceIds),
                  inArray(subscriptionPlans.stripeYearlyPriceId, priceIds),
                ),
              )
          : [];
        const tagOfPrice = (price: string | null) =>
          plans.find((plan) => price !== null && (plan.monthly === price || plan.yearly === price))?.tag ?? null;

        const entries = rows.map((row): SubscriptionHistoryEntry => {
          const data = row.data ?? {};
          const base = { at: Number(row.at), kind: row.kind };
          if (row.kind === 'wallet.adjust')
            return {
              ...base,
              plan_tag: null,
              amount_cents: integer(data.amount_cents),
              status: null,
              actor: row.actor,
            };
          if (row.kind.startsWith('subscription.'))
            return {
              ...base,
              plan_tag: text(data.plan_tag),
              amount_cents: null,
              status: text(data.status),
              actor: row.actor,
            };
          const amount = row.kind === 'invoice.paid' ? data.amount_paid : data.amount_due;
          return {
            ...base,
            plan_tag: tagOfPrice(priceIdOf(data)),
            amount_cents: row.kind.startsWith('invoice.') ? integer(amount) : null,
            status: text(data.status),
            actor: null,
          };
        });
        const page = { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) };
        return { items: entries, page };
      },
    );
  }

  return { history };
}
