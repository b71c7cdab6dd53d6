import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type SubscriptionPlanRow, subscriptionPlans } from './billing.tables.ts';
import { type PlanInput, toPlanColumns } from './plan-dto.ts';
import { chargedCents, isInStripe, retirePrices, syncPlanToStripe } from './stripe-plan-sync.ts';

const tagTaken = (tag: string) =>
  new AppError(409, 'plan_tag_taken', { tag }, { tag: { key: 'plan_tag_taken', params: { tag } } });
const hasSubscribers = () => new AppError(409, 'plan_has_subscribers');

type PgError = { code?: string; constraint?: string };
const pgErrorOf = (error: unknown): PgError[] => {
  const { cause, ...own } = (error ?? {}) as PgError & { cause?: PgError };
  return [own, cause ?? {}];
};

/** Organizations on the plan now or scheduled to move to it (their billing accounts name it). */
const subscriberCount = sql<number>`(select count(*) from billing_accounts a
  where a.plan_id = ${subscriptionPlans.id} or a.next_plan_id = ${subscriptionPlans.id})::int`;

/** Cheapest first (the monthly charge a buyer pays), then by tag. */
const cheapestFirst = [
  asc(sql`coalesce(${subscriptionPlans.discountedMonthlyPriceCents}, ${subscriptionPlans.monthlyPriceCents})`),
  asc(subscriptionPlans.tag),
];

async function lockPlan(tx: Db | Tx, id: string): Promise<SubscriptionPlanRow> {
  const [row] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).for('update');
  if (!row) throw notFound('plan_not_found');
  return row;
}

async function assertTagFree(tx: Db | Tx, tag: string, selfId?: string) {
  const [clash] = await tx
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.tag, tag), selfId ? ne(subscriptionPlans.id, selfId) : undefined));
  if (clash) throw tagTaken(tag);
}

/** Subscription plans, platform-wide; kept in Stripe whenever a secret key is set. */
export function createPlansService(ctx: AppContext) {
  const { database } = ctx;
  /** A transaction on the platform tables (joining the request's when there is one). */
  const inPlatformTx = <T>(work: (tx: Tx) => Promise<T>) => database.platform((db) => db.transaction(work));

  /** A write that clashed with the unique tag of another plan (two saves at once) answers the same 409. */
  const clashAware = async <T>(tag: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (pgErrorOf(error).some((e) => e.code === '23505' && e.constraint?.includes('tag'))) throw tagTaken(tag);
      throw error;
    }
  };

  async function list(options: { visibleOnly: boolean }) {
    const rows = await database.unsafeCrossTenant('plans with their subscriber counts', (tx) =>
      tx
        .select({ plan: subscriptionPlans, subscribers: subscriberCount })
        .from(subscriptionPlans)
        .where(options.visibleOnly ? eq(subscriptionPlans.hidden, false) : undefined)
        .orderBy(...cheapestFirst),
    );
    return rows.map((row) => ({ plan: row.plan, subscribers: Number(row.subscribers) }));
  }

  async function subscribersOf(id: string): Promise<number> {
    const [row] = await database.unsafeCrossTenant("a plan's subscriber count", (tx) =>
      tx.select({ n: subscriberCount }).from(subscriptionPlans).where(eq(subscriptionPlans.id, id)),
    );
    return Number(row?.n ?? 0);
  }

  /** Stored, and in Stripe first when a key is set: a Stripe failure rolls the row back (nothing half-written). */
  async function create(body: PlanInput): Promise<SubscriptionPlanRow> {
    const stripe = await ctx.stripe.client();
    const columns = toPlanColumns(body);
    return clashAware(columns.tag, () =>
      inPlatformTx(async (tx) => {
        await assertTagFree(tx, columns.tag);
        const [row] = await tx.insert(subscriptionPlans).values(columns).returning();
        if (!stripe) return row!;
        const { ids } = await syncPlanToStripe(stripe, row!.id, row!, null);
        const [synced] = await tx
          .update(subscriptionPlans)
          .set(ids)
          .where(eq(subscriptionPlans.id, row!.id))
          .returning();
        return synced!;
      }),
    );
  }

  /**
   * Changed in Stripe and here together: new Prices for changed charges, the old ones deactivated once the row
   * points at the new. Without a key, a changed cycle loses its Price id so the next sync makes a new one.
   */
  async function update(id: string, body: PlanInput) {
    const stripe = await ctx.stripe.client();
    const columns = toPlanColumns(body);
    const { before, after, retired } = await clashAware(columns.tag, () =>
      inPlatformTx(async (tx) => {
        const before = await lockPlan(tx, id);
        if (columns.tag !== before.tag) await assertTagFree(tx, columns.tag, id);
        const next = { ...before, ...columns };
        let ids = {
          stripeProductId: before.stripeProductId,
          stripeMonthlyPriceId: before.stripeMonthlyPriceId,
          stripeYearlyPriceId: before.stripeYearlyPriceId,
        };
        let retired: string[] = [];
        if (stripe) ({ ids, retired } = await syncPlanToStripe(stripe, id, next, before));
        else {
          const changed = (cycle: 'monthly' | 'yearly') =>
            before.currency !== next.currency || chargedCents(before, cycle) !== chargedCents(next, cycle);
          if (changed('monthly')) ids.stripeMonthlyPriceId = null;
          if (changed('yearly')) ids.stripeYearlyPriceId = null;
        }
        const [after] = await tx
          .update(subscriptionPlans)
          .set({ ...columns, ...ids, updatedAt: new Date() })
          .where(eq(subscriptionPlans.id, id))
          .returning();
        return { before, after: after!, retired };
      }),
    );
    // Prices still active in Stripe but no longer ours: the caller logs them (nothing offers them any more)
    const unretired = stripe && retired.length ? await retirePrices(stripe, retired) : [];
    return { before, after, unretired };
  }

  /** Only a plan nobody is on or moving to; others are hidden instead. Its Stripe Product is archived after. */
  async function remove(id: string) {
    const removed = await database
      .unsafeCrossTenant('deleting a plan only when no organization is on it', async (tx) => {
        const row = await lockPlan(tx, id);
        const [count] = await tx
          .select({ n: subscriberCount })
          .from(subscriptionPlans)
          .where(eq(subscriptionPlans.id, id));
        if (Number(count?.n ?? 0) > 0) throw hasSubscribers();
        await tx.delete(subscriptionPlans).where(eq(subscriptionPlans.id, id));
        return row;
      })
      .catch((error: unknown) => {
        // a subscription that started meanwhile: the foreign key refuses the delete
        if (pgErrorOf(error).some((e) => e.code === '23503')) throw hasSubscribers();
        throw error;
      });
    const stripe = removed.stripeProductId ? await ctx.stripe.client() : null;
    if (stripe && removed.stripeProductId) {
      await retirePrices(
        stripe,
        [removed.stripeMonthlyPriceId, removed.stripeYearlyPriceId].filter((p) => p !== null),
      );
      await stripe.products.update(removed.stripeProductId, { active: false }).catch(() => undefined);
    }
    return removed;
  }

  /**
   * The plan with its Product and Prices in Stripe, made now when they are missing (a plan saved while no key was
   * set): what subscribing needs. Locks the plan row, so two subscribers at once make them once.
   */
  async function ensureInStripe(plan: SubscriptionPlanRow): Promise<SubscriptionPlanRow> {
    if (isInStripe(plan)) return plan;
    const stripe = await ctx.stripe.client();
    if (!stripe) throw new AppError(409, 'stripe_not_configured');
    return inPlatformTx(async (tx) => {
      const current = await lockPlan(tx, plan.id);
      if (isInStripe(current)) return current;
      const { ids } = await syncPlanToStripe(stripe, current.id, current, current);
      const [synced] = await tx.update(subscriptionPlans).set(ids).where(eq(subscriptionPlans.id, plan.id)).returning();
      return synced!;
    });
  }

  return { list, subscribersOf, create, update, remove, ensureInStripe };
}
export type PlansService = ReturnType<typeof createPlansService>;
