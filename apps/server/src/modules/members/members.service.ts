import { type Availability, isAdminRole, type Member, type WorkspaceRole } from '@omnichat/contracts';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type Actor, personName } from '../../platform/auth/actor.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import { memberPermissions } from '../../platform/auth/permissions.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { users } from '../../platform/identity/users.tables.ts';
import { type WorkspaceMemberRow, workspaceMembers } from '../../platform/identity/workspaces.tables.ts';
import { lockWorkspace } from '../workspaces/index.ts';
import { assertSeatsFor } from './seats.ts';

type Row = { member: WorkspaceMemberRow; user: typeof users.$inferSelect };

export const toMemberDto = ({ member, user }: Row): Member => ({
  id: member.id,
  role: member.role,
  permissions: memberPermissions(member),
  active: member.active,
  availability: member.availability,
  invited: member.invited,
  joined_at: toUnixSeconds(member.joinedAt),
  user: {
    id: user.id,
    username: user.username,
    display_name: user.displayName,
    email: user.email,
    avatar: user.avatar,
  },
});

const snapshot = (m: WorkspaceMemberRow) => ({ role: m.role, active: m.active });

/**
 * An organization always keeps an active owner. Called after a change, inside the transaction that holds the
 * organization's lock (`lockWorkspace`), so two owners demoting each other at once cannot both succeed.
 */
export async function assertOwnerRemains(tx: Tx, workspaceId: string): Promise<void> {
  const [owners] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.role, 'owner'),
        eq(workspaceMembers.active, true),
      ),
    );
  if (!owners?.n) throw new AppError(409, 'organization_needs_owner');
}

/** Admins are managed by owners and admins only; a member holding member_write stops at the admin role. */
export function assertMayManageRole(actor: MemberPrincipal, role: WorkspaceRole): void {
  if (role === 'owner' && actor.member.role !== 'owner') throw forbidden('only_owner_manages_owners');
  if (role === 'admin' && !isAdminRole(actor.member.role)) throw forbidden('only_admins_manage_admins');
}

export function createMembersService(ctx: AppContext) {
  const { database } = ctx;

  async function list(
    workspaceId: string,
    query: { page: number; size: number; keyword?: string; role?: WorkspaceRole; active?: 'true' | 'false' },
  ) {
    const where: SQL[] = [eq(workspaceMembers.workspaceId, workspaceId)];
    if (query.keyword) {
      const like = `%${query.keyword.replace(/[%_\\]/g, '\\$&')}%`;
      where.push(or(ilike(users.username, like), ilike(users.displayName, like), ilike(users.email, like))!);
    }
    if (query.role) where.push(eq(workspaceMembers.role, query.role));
    if (query.active) where.push(eq(workspaceMembers.active, query.active === 'true'));
    return database.withWorkspace(workspaceId, async (tx) => {
      const rows = await tx
        .select({ member: workspaceMembers, user: users })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(...where))
        .orderBy(asc(workspaceMembers.joinedAt), asc(users.username))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const [total] = await tx
        .select({ n: count() })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(...where));
      const n = total?.n ?? 0;
      return {
        items: rows.map(toMemberDto),
        page: { page: query.page, size: query.size, total: n, total_pages: Math.ceil(n / query.size) },
      };
    });
  }

  /**
   * Loads the target and applies the rules every change shares: not yourself, owners only by owners. Together
   * they keep an active owner: whoever changes an owner is another active owner.
   */
  async function target(tx: Tx, actor: MemberPrincipal, memberId: string) {
    const [row] = await tx
      .select({ member: workspaceMembers, user: users })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, actor.workspaceId), eq(workspaceMembers.id, memberId)));
    if (!row) throw notFound();
    if (row.member.id === actor.member.id) throw new AppError(403, 'cannot_change_yourself');
    assertMayManageRole(actor, row.member.role);
    return row;
  }

  async function change(
    actor: MemberPrincipal,
    by: Actor,
    memberId: string,
    apply: (tx: Tx, row: Row) => Promise<WorkspaceMemberRow | null>,
    action: string,
  ) {
    const changed = await database.withWorkspace(actor.workspaceId, async (tx) => {
      await lockWorkspace(tx, actor.workspaceId);
      const row = await target(tx, actor, memberId);
      const updated = await apply(tx, row);
      if (row.member.role === 'owner') await assertOwnerRemains(tx, actor.workspaceId);
      const after = updated ?? row.member;
      await ctx.events.emit(
        tx,
        'member.changed',
        {
          member_id: memberId,
          user_id: row.user.id,
          username: row.user.username,
          display_name: personName(row.user),
          actor: by,
          action,
          before: snapshot(row.member),
          role: after.role,
          active: after.active,
          removed: !updated,
        },
        actor.workspaceId,
      );
      return updated && toMemberDto({ member: updated, user: row.user });
    });
    return changed;
  }

  return {
    list,
    changeRole: (actor: MemberPrincipal, by: Actor, memberId: string, role: WorkspaceRole) =>
      change(
        actor,
        by,
        memberId,
        async (tx, row) => {
          assertMayManageRole(actor, role);
          const [updated] = await tx
            .update(workspaceMembers)
            .set({ role })
            .where(eq(workspaceMembers.id, row.member.id))
            .returning();
          return updated ?? null;
        },
        'member.role',
      ),
    setActive: (actor: MemberPrincipal, by: Actor, memberId: string, active: boolean) =>
      change(
        actor,
        by,
        memberId,
        async (tx, row) => {
          if (active && !row.member.active) await assertSeatsFor(ctx, tx, actor.workspaceId);
          const [updated] = await tx
            .update(workspaceMembers)
            .set({ active })
            .where(eq(workspaceMembers.id, row.member.id))
            .returning();
          return updated ?? null;
        },
        active ? 'member.activate' : 'member.deactivate',
      ),
    /**
     * The signed-in member's availability in their organization (the guard refused a deactivated one): online
     * members take auto-assigned conversations, busy and offline ones keep theirs and get no new ones.
     */
    setAvailability: (member: MemberPrincipal, status: Availability) =>
      database.withWorkspace(member.workspaceId, async (tx) => {
        await tx
          .update(workspaceMembers)
          .set({ availability: status })
          .where(and(eq(workspaceMembers.id, member.member.id), eq(workspaceMembers.active, true)));
        return { status };
      }),
    remove: (actor: MemberPrincipal, by: Actor, memberId: string) =>
      change(
        actor,
        by,
        memberId,
        async (tx, row) => {
          await tx.delete(workspaceMembers).where(eq(workspaceMembers.id, row.member.id));
          return null;
        },
        'member.remove',
      ),
  };
}
