import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import type { Actor } from '../audit/index.ts';
import { createWorkspacesService } from '../workspaces/index.ts';
import { workspaceMembers, workspaces } from '../workspaces/workspaces.tables.ts';
import { createMembersService } from './members.service.ts';

/** Leaving and deleting organizations: nobody may leave or delete their last one, and each keeps an owner. */
export function createOrganizationExitService(ctx: AppContext) {
  const { database, audit } = ctx;
  const members = createMembersService(ctx);
  const workspacesService = createWorkspacesService(ctx);

  async function assertNotLast(userId: string) {
    if ((await workspacesService.listForUser(userId)).length <= 1) throw new AppError(409, 'last_organization');
  }

  async function leave(actor: MemberPrincipal, by: Actor): Promise<void> {
    await assertNotLast(actor.user.id);
    await database.withWorkspace(actor.workspaceId, async (tx) => {
      if (
        actor.member.role === 'owner' &&
        (await members.otherActiveOwners(tx, actor.workspaceId, actor.member.id)) === 0
      ) {
        throw new AppError(409, 'organization_needs_owner');
      }
      await tx
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, actor.workspaceId), eq(workspaceMembers.id, actor.member.id)));
      await audit.inWorkspace(tx, actor.workspaceId, by, {
        action: 'member.leave',
        targetType: 'member',
        targetId: actor.member.id,
        before: { user: actor.user.username, role: actor.member.role },
      });
    });
  }

  /** Deletes the organization and everything in it (owner only). */
  async function remove(actor: MemberPrincipal, by: Actor): Promise<void> {
    if (actor.member.role !== 'owner') throw forbidden();
    await assertNotLast(actor.user.id);
    const [deleted] = await database.withWorkspace(actor.workspaceId, (tx) =>
      tx.delete(workspaces).where(eq(workspaces.id, actor.workspaceId)).returning({ name: workspaces.name }),
    );
    await audit.platform(
      by,
      { action: 'workspace.delete', targetType: 'workspace', targetId: actor.workspaceId, before: deleted ?? null },
      actor.workspaceId,
    );
  }

  return { leave, remove };
}
