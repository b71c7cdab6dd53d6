import type { AdminBillingOrganization, CompBody, SubscriptionStatus, WalletAdjustmentBody } from '@omnichat/contracts';
import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { totalOf, totalOver } from '../../../platform/db/paging.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { liveWorkspace, workspaces } from '../../../platform/identity/workspaces.tables.ts';
import { type BillingAccountRow, billingAccounts, subscriptionPlans, wallets } from '../billing.tables.ts';
import { planInForce } from '../billing-gate.ts';
import { deposit, withdraw } from '../wallet/index.ts';

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
/** A keyword as an ILIKE pattern that matches it literally anywhere. */
const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = {
  id: workspaces.id,
  name: workspaces.name,
  planTag: subscriptionPlans.tag,
  planName: subscriptionPlans.name,
  status: billingAccounts.status,
  billingCycle: billingAccounts.billingCycle,
  periodEnd: billingAccounts.periodEnd,
  trialEnd: billingAccounts.trialEnd,
  comp: billingAccounts.comp,
  balanceCents: wallets.balanceCents,
  currency: wallets.currency,
};

/** One query: every live organization joined with its billing account, plan and wallet (each may be missing). */
const organizationsQuery = (tx: Tx, where: SQL | undefined) =>
  tx
    .select({ ...columns, total: totalOver() })
    .from(workspaces)
    .leftJoin(billingAccounts, eq(billingAccounts.workspaceId, workspaces.id))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, billingAccounts.planId))
    .leftJoin(wallets, eq(wallets.workspaceId, workspaces.id))
    .where(and(liveWorkspace, where));

type Row = Awaited<ReturnType<typeof organizationsQuery>>[number];

function toDto(row: Row, now = new Date()): AdminBillingOrganization {
  const account = { status: row.status ?? 'not_subscribed', comp: row.comp ?? false, periodEnd: row.periodEnd };
  const inForce = row.planTag !== null && planInForce(account, now);
  // as the organization sees it: a plan whose period lapsed is expired, whether or not Stripe has said so yet
  const status: SubscriptionStatus =
    row.planTag === null
      ? 'not_subscribed'
      : inForce || account.status === 'not_subscribed'
        ? account.status
        : 'expired';
  return {
    id: row.id,
    name: row.name,
    plan_tag: row.planTag,
    plan_name: row.planName,
    status,
    billing_cycle: row.billingCycle ?? null,
    period_end: seconds(row.periodEnd),
    trial_end: seconds(row.trialEnd),
    comp: account.comp,
    balance_cents: row.balanceCents ?? 0,
    currency: row.currency ?? 'usd',
  };
}

/**
 * Whether the organization pays for its plan through Stripe now: a subscription of its own (not a comp) that is
 * active, past due, or cancelled with its period still running. A comp would overwrite what Stripe bills for.
 */
function paysThroughStripe(account: BillingAccountRow, now = new Date()) {
  if (!account.stripeSubscriptionId || account.comp) return false;
  if (account.status === 'active' || account.status === 'past_due') return true;
  return account.status === 'cancelled' && account.periodEnd !== null && account.periodEnd > now;
}

/** The operator's view of billing: every organization's plan and wallet; comps, trials and wallet adjustments. */
export function createOperatorService(ctx: AppContext) {
  const { database } = ctx;

  async function list(query: { keyword?: string; page: number; size: number }) {
    const where = query.keyword ? ilike(workspaces.name, containing(query.keyword)) : undefined;
    return database.unsafeCrossTenant(
      'a system admin lists every organization with its plan and wallet',
      async (tx) => {
        const rows = await organizationsQuery(tx, where)
          .orderBy(desc(workspaces.createdAt), workspaces.id)
          .limit(query.size)
          .offset((query.page - 1) * query.size);
        const total = await totalOf(rows, query.page, () => tx.$count(workspaces, and(liveWorkspace, where)));
        const page = { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) };
        return { items: rows.map((row) => toDto(row)), page };
      },
    );
  }

  /** One organization's row, read in its tenancy; 404 when there is no such live organization. */
  const oneIn = async (tx: Tx, id: string) => {
    const [row] = await organizationsQuery(tx, eq(workspaces.id, id));
    if (!row) throw notFound();
    return toDto(row);
  };
  const one = (id: string) => database.withWorkspace(id, (tx) => oneIn(tx, id));

  /** A credit or a debit with its reason, once per request id; a debit beyond the spendable balance → 402. */
  async function adjustWallet(id: string, body: WalletAdjustmentBody, adminId: string | null) {
    return database.withWorkspace(id, async (tx) => {
      await oneIn(tx, id);
      const movement = {
        workspaceId: id,
        amountCents: Math.abs(body.amount_cents),
        topic: 'adjustment',
        description: body.reason,
        idempotencyKey: `adjustment:${body.request_id}`,
        reference: adminId,
        details: { admin_id: adminId },
      };
      const { transaction, moved } =
        body.amount_cents > 0 ? await deposit(ctx, tx, movement) : await withdraw(ctx, tx, movement);
      return { organization: await oneIn(tx, id), transaction, moved };
    });
  }

  /** A plan in force without payment until `until`: the billing account says so (made when missing). */
  async function comp(id: string, body: CompBody) {
    return database.withWorkspace(id, async (tx) => {
      const before = await oneIn(tx, id);
      const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.tag, body.plan_tag));
      if (!plan) throw notFound('plan_not_found');
      const [account] = await tx
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.workspaceId, id))
        .for('update');
      if (account && paysThroughStripe(account)) throw new AppError(409, 'subscription_paid_in_stripe');
      const granted = {
        planId: plan.id,
        comp: true,
        status: 'active' as const,
        periodStart: new Date(),
        periodEnd: new Date(body.until * 1000),
        nextPlanId: null,
        autoRenewal: false,
        updatedAt: new Date(),
      };
      await tx
        .insert(billingAccounts)
        .values({ workspaceId: id, ...granted })
        .onConflictDoUpdate({ target: billingAccounts.workspaceId, set: granted });
      return { before, after: await oneIn(tx, id) };
    });
  }

  async function extendTrial(id: string, trialEnd: number) {
    return database.withWorkspace(id, async (tx) => {
      const before = await oneIn(tx, id);
      const changes = { trialEnd: new Date(trialEnd * 1000), updatedAt: new Date() };
      await tx
        .insert(billingAccounts)
        .values({ workspaceId: id, ...changes })
        .onConflictDoUpdate({ target: billingAccounts.workspaceId, set: changes });
      return { before, after: await oneIn(tx, id) };
    });
  }

  return { list, one, adjustWallet, comp, extendTrial };
}
