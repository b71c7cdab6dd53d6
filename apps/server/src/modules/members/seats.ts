import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type WorkspaceRow, workspaceInvites, workspaceMembers } from '../../platform/identity/workspaces.tables.ts';
import { limitsOf } from '../billing/index.ts';
import { lockWorkspace } from '../workspaces/index.ts';

/** The organization's member cap: the smaller of its seats and its member limit; null is unlimited. */
export function memberCap(workspace: Pick<WorkspaceRow, 'maxSeats' | 'memberLimit'>): number | null {
  const limits = [workspace.maxSeats, workspace.memberLimit].filter((v): v is number => v !== null);
  return limits.length ? Math.min(...limits) : null;
}

/**
 * Active members plus pending invitations take seats; refuses `adding` more past the cap (with billing on, the
 * member limit is the plan's). Locks the organization row first, so concurrent invitations and activations are
 * counted one at a time.
 */
export async function assertSeatsFor(
  ctx: Pick<AppContext, 'settings'>,
  tx: Tx,
  workspaceId: string,
  adding = 1,
): Promise<void> {
  const workspace = await lockWorkspace(tx, workspaceId);
  const { memberLimit } = await limitsOf(ctx, tx, workspace);
  const cap = memberCap({ maxSeats: workspace.maxSeats, memberLimit });
  if (cap === null) return;
  const [members] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.active, true)));
  const [invites] = await tx
    .select({ n: count() })
    .from(workspaceInvites)
    .where(
      and(
        eq(workspaceInvites.workspaceId, workspace.id),
        isNull(workspaceInvites.acceptedAt),
        gt(workspaceInvites.expiresAt, new Date()),
      ),
    );
  if ((members?.n ?? 0) + (invites?.n ?? 0) + adding > cap)
    throw new AppError(403, 'seat_limit_reached', { limit: cap });
}
