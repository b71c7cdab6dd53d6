import { and, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../platform/errors.ts';
import { workspaceMembers } from '../../../platform/identity/workspaces.tables.ts';
import { channels } from '../../channels/index.ts';
import type { SubscriptionPlanRow } from '../billing.tables.ts';

/** Refuses a plan whose limits the organization is over (active members, connected channels), naming what to remove. */
export async function assertUsageFits(ctx: AppContext, workspaceId: string, plan: SubscriptionPlanRow) {
  const [members, connected] = await ctx.database.withWorkspace(workspaceId, async (tx) => [
    (
      await tx
        .select({ n: count() })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.active, true)))
    )[0]?.n ?? 0,
    (await tx.select({ n: count() }).from(channels).where(eq(channels.workspaceId, workspaceId)))[0]?.n ?? 0,
  ]);
  if (plan.memberLimit !== null && members > plan.memberLimit)
    throw new AppError(409, 'downgrade_too_many_members', {
      plan: plan.name,
      limit: plan.memberLimit,
      excess: members - plan.memberLimit,
    });
  if (plan.channelLimit !== null && connected > plan.channelLimit)
    throw new AppError(409, 'downgrade_too_many_channels', {
      plan: plan.name,
      limit: plan.channelLimit,
      excess: connected - plan.channelLimit,
    });
}
