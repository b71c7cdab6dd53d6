import { isAdminRole, WORKSPACE_PERMISSIONS, type WorkspacePermission } from '@omnichat/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type Actor, personName } from '../../platform/auth/actor.ts';
import { effectivePermissions, memberPermissions, teamPermissionsOf } from '../../platform/auth/permissions.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { users } from '../../platform/identity/users.tables.ts';
import { workspaceMembers, workspaces } from '../../platform/identity/workspaces.tables.ts';
import { permissionsOnJoin } from '../members/index.ts';

const known = (list: readonly string[]): WorkspacePermission[] => WORKSPACE_PERMISSIONS.filter((p) => list.includes(p));

/** The organization's default permissions for newly joined members, and each member's own list. */
export function createPermissionsService(ctx: AppContext) {
  const { database, events } = ctx;

  async function workspaceRow(tx: Tx, workspaceId: string) {
    const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    if (!row) throw notFound();
    return row;
  }

  async function memberRow(tx: Tx, workspaceId: string, memberId: string) {
    const [row] = await tx
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.id, memberId)));
    if (!row) throw notFound();
    return row;
  }

  /** What a newly joined member gets: the stored set, or the built-in defaults while none is stored. */
  const getDefault = (workspaceId: string) =>
    database.withWorkspace(workspaceId, async (tx) => ({
      permissions: known(permissionsOnJoin(await workspaceRow(tx, workspaceId), 'member')),
    }));

  const setDefault = (workspaceId: string, actor: Actor, permissions: WorkspacePermission[]) =>
    database.withWorkspace(workspaceId, async (tx) => {
      const before = known(permissionsOnJoin(await workspaceRow(tx, workspaceId), 'member'));
      const after = known(permissions);
      await tx
        .update(workspaces)
        .set({ defaultMemberPermissions: after, updatedAt: new Date() })
        .where(eq(workspaces.id, workspaceId));
      await events.emit(tx, 'permissions.default_changed', { before, after, actor }, workspaceId);
      return { permissions: after };
    });

  const getMember = (workspaceId: string, memberId: string) =>
    database.withWorkspace(workspaceId, async (tx) => {
      const member = await memberRow(tx, workspaceId, memberId);
      return {
        permissions: memberPermissions(member),
        effective_permissions: effectivePermissions(member, await teamPermissionsOf(tx, member.id)),
      };
    });

  /** Owners and admins hold every permission, so their list is not edited; a viewer's may only hold reads. */
  const setMember = (workspaceId: string, actor: Actor, memberId: string, permissions: WorkspacePermission[]) =>
    database.withWorkspace(workspaceId, async (tx) => {
      const member = await memberRow(tx, workspaceId, memberId);
      if (isAdminRole(member.role)) throw new AppError(400, 'permissions_fixed_for_role');
      if (member.role === 'viewer' && permissions.some((p) => !p.endsWith('_read')))
        throw fieldError('permissions', 'viewer_read_only');
      const after = known(permissions);
      await tx.update(workspaceMembers).set({ permissions: after }).where(eq(workspaceMembers.id, memberId));
      const [user] = await tx
        .select({ displayName: users.displayName, username: users.username })
        .from(users)
        .where(eq(users.id, member.userId));
      await events.emit(
        tx,
        'permissions.member_changed',
        {
          member_id: memberId,
          user_id: member.userId,
          ...(user && { display_name: personName(user) }),
          before: member.permissions,
          after,
          actor,
        },
        workspaceId,
      );
      const updated = { ...member, permissions: after };
      return {
        permissions: memberPermissions(updated),
        effective_permissions: effectivePermissions(updated, await teamPermissionsOf(tx, member.id)),
      };
    });

  return { getDefault, setDefault, getMember, setMember };
}
