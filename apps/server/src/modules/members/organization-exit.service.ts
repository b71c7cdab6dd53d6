import { and, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type Actor, personName } from '../../platform/auth/actor.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { workspaceMembers, workspaces } from '../../platform/identity/workspaces.tables.ts';
import { defineJob } from '../../platform/jobs/job-definition.ts';
import type { AppJob } from '../../platform/modules/define-module.ts';
import { createWorkspacesService, lockWorkspace } from '../workspaces/index.ts';
import { assertOwnerRemains } from './members.service.ts';

/** Deletes a deleted organization's rows, after the request marked it deleted. */
export const purgeWorkspaceJob = defineJob({
  name: 'workspace.purge',
  version: 1,
  payload: z.object({ workspace_id: z.uuid() }),
  handle: ({ workspace_id }, job: AppJob) =>
    job.app.database.withWorkspace(workspace_id, async (tx) => {
      await tx.delete(workspaces).where(and(eq(workspaces.id, workspace_id), isNotNull(workspaces.deletedAt)));
    }),
});

/** Leaving and deleting organizations: nobody may leave or delete their last one, and each keeps an owner. */
export function createOrganizationExitService(ctx: AppContext) {
  const { database, audit } = ctx;
  const workspacesService = createWorkspacesService(ctx);

  async function assertNotLast(userId: string) {
    if ((await workspacesService.listForUser(userId)).length <= 1) throw new AppError(409, 'last_organization');
  }

  async function leave(actor: MemberPrincipal, by: Actor): Promise<void> {
    await assertNotLast(actor.user.id);
    await database.withWorkspace(actor.workspaceId, async (tx) => {
      await lockWorkspace(tx, actor.workspaceId);
      await tx
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, actor.workspaceId), eq(workspaceMembers.id, actor.member.id)));
      if (actor.member.role === 'owner') await assertOwnerRemains(tx, actor.workspaceId);
      await ctx.events.emit(
        tx,
        'member.left',
        {
          member_id: actor.member.id,
          user_id: actor.user.id,
          username: actor.user.username,
          display_name: personName(actor.user),
          actor: by,
          role: actor.member.role,
        },
        actor.workspaceId,
      );
    });
  }

  /**
   * Deletes the organization (owner only): it is marked deleted at once, so it is gone for every member, and its
   * data is purged by a background job rather than one long cascading DELETE inside the request.
   */
  async function remove(actor: MemberPrincipal, by: Actor): Promise<void> {
    if (actor.member.role !== 'owner') throw forbidden();
    await assertNotLast(actor.user.id);
    const name = await database.withWorkspace(actor.workspaceId, async (tx) => {
      const workspace = await lockWorkspace(tx, actor.workspaceId);
      await tx.update(workspaces).set({ deletedAt: new Date() }).where(eq(workspaces.id, workspace.id));
      // the purge exists exactly when the deletion commits
      await ctx.jobs.enqueue(purgeWorkspaceJob, { workspace_id: workspace.id }, { tx, idempotencyKey: workspace.id });
      await ctx.events.emit(tx, 'workspace.deleted', { workspace_id: workspace.id }, workspace.id);
      return workspace.name;
    });
    await audit.platform(
      by,
      { action: 'workspace.delete', targetType: 'workspace', targetId: actor.workspaceId, before: { name } },
      actor.workspaceId,
    );
  }

  return { leave, remove };
}
