import type { PlanFeature } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { WorkspaceRow } from '../../platform/identity/workspaces.tables.ts';
import {
  type BillingAccountRow,
  billingAccounts,
  type SubscriptionPlanRow,
  subscriptionPlans,
} from './billing.tables.ts';

/** Whether plans decide (the `billing.enabled` system setting); off on a fresh install. */
export async function billingEnabled(ctx: Pick<AppContext, 'settings'>): Promise<boolean> {
  return (await ctx.settings.values(['billing.enabled']))['billing.enabled'] === 'true';
}

/**
 * Whether the account's plan is in force at `now`: active (or past due while Stripe still retries), cancelled but
 * inside the period paid for, or granted by a system admin (comp) until its end.
 */
export function planInForce(account: Pick<BillingAccountRow, 'status' | 'comp' | 'periodEnd'>, now: Date): boolean {
  const inPeriod = account.periodEnd === null || account.periodEnd.getTime() > now.getTime();
  if (account.comp) return inPeriod;
  if (account.status === 'active' || account.status === 'past_due') return true;
  return account.status === 'cancelled' && inPeriod;
}

/** The organization's billing account with its plan and scheduled next plan (read in its tenancy). */
export async function billingAccountOf(tx: Tx, workspaceId: string) {
  const [row] = await tx.select().from(billingAccounts).where(eq(billingAccounts.workspaceId, workspaceId));
  if (!row) return null;
  const planById = async (id: string | null) =>
    id ? ((await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)))[0] ?? null) : null;
  return { account: row, plan: await planById(row.planId), nextPlan: await planById(row.nextPlanId) };
}

/** The plan whose features and limits the organization has now, or null (not subscribed, expired, lapsed). */
export async function planOf(tx: Tx, workspaceId: string, now = new Date()): Promise<SubscriptionPlanRow | null> {
  const found = await billingAccountOf(tx, workspaceId);
  return found?.plan && planInForce(found.account, now) ? found.plan : null;
}

/**
 * A check for a member route of a plan feature: with billing on, 403 "please upgrade your plan" unless the
 * organization's plan in force has `feature`; with billing off it always passes. Call it first in the handler
 * (the member guard has set the principal; its transaction is joined).
 */
export function requireFeature(ctx: Pick<AppContext, 'settings' | 'database'>, feature: PlanFeature) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!(await billingEnabled(ctx))) return;
    const { workspaceId } = memberOf(request);
    const plan = await ctx.database.withWorkspace(workspaceId, (tx) => planOf(tx, workspaceId));
    if (!plan?.features.includes(feature)) throw new AppError(403, 'please_upgrade_plan', {}, undefined, { feature });
  };
}

/** Whether the organization may use `feature` now (billing off: always), for work no request starts (triggers). */
export async function featureAllowed(
  ctx: Pick<AppContext, 'settings'>,
  tx: Tx,
  workspaceId: string,
  feature: PlanFeature,
): Promise<boolean> {
  if (!(await billingEnabled(ctx))) return true;
  return Boolean((await planOf(tx, workspaceId))?.features.includes(feature));
}

export type OrganizationLimits = Pick<WorkspaceRow, 'memberLimit' | 'channelLimit' | 'aiAgentLimit'>;

/**
 * The member, channel and AI-agent limits that apply (null: unlimited): with billing on and a plan in force, the
 * plan's; otherwise the organization's own (the operator's defaults or what a system admin set, e.g. for a trial).
 */
export async function limitsOf(
  ctx: Pick<AppContext, 'settings'>,
  tx: Tx,
  workspace: Pick<WorkspaceRow, 'id'> & OrganizationLimits,
): Promise<OrganizationLimits> {
  const own = {
    memberLimit: workspace.memberLimit,
    channelLimit: workspace.channelLimit,
    aiAgentLimit: workspace.aiAgentLimit,
  };
  if (!(await billingEnabled(ctx))) return own;
  const plan = await planOf(tx, workspace.id);
  return plan
    ? { memberLimit: plan.memberLimit, channelLimit: plan.channelLimit, aiAgentLimit: plan.aiAgentLimit }
    : own;
}
