import type { AdminListQuery, AdminWorkspace, WorkspaceLimits } from '@omnichat/contracts';
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { users } from '../../platform/identity/users.tables.ts';
import {
  liveWorkspace,
  type WorkspaceRow,
  workspaceMembers,
  workspaces,
} from '../../platform/identity/workspaces.tables.ts';
import { containing } from './paging.ts';

const person = (user: { id: string; username: string; displayName: string; email: string }) => ({
  id: user.id,
  username: user.username,
  display_name: user.displayName,
  email: user.email,
});

export const toLimits = (row: WorkspaceRow): WorkspaceLimits => ({
  max_seats: row.maxSeats,
  member_limit: row.memberLimit,
  channel_limit: row.channelLimit,
  ai_agent_limit: row.aiAgentLimit,
  trial_days: row.trialDays,
  promote_code: row.promoteCode,
});

export function createWorkspacesAdminService(ctx: AppContext) {
  const { database } = ctx;

  async function find(tx: Tx, id: string): Promise<WorkspaceRow> {
    const [row] = await tx
      .select()
      .from(workspaces)
      .where(and(eq(workspaces.id, id), liveWorkspace));
    if (!row) throw notFound();
    return row;
  }

  async function list(query: AdminListQuery) {
    const where = and(liveWorkspace, query.keyword ? ilike(workspaces.name, containing(query.keyword)) : undefined);
    return database.unsafeCrossTenant('a system admin lists every organization', async (tx) => {
      const rows = await tx
        .select({
          workspace: workspaces,
          memberCount: sql<number>`(select count(*) from workspace_members m where m.workspace_id = "workspaces"."id")::int`,
        })
        .from(workspaces)
        .where(where)
        .orderBy(desc(workspaces.createdAt), workspaces.id)
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const ids = rows.map((row) => row.workspace.id);
      const owners = ids.length
        ? await tx
            .select({ workspaceId: workspaceMembers.workspaceId, user: users })
            .from(workspaceMembers)
            .innerJoin(users, eq(users.id, workspaceMembers.userId))
            .where(and(eq(workspaceMembers.role, 'owner'), inArray(workspaceMembers.workspaceId, ids)))
            .orderBy(asc(workspaceMembers.joinedAt))
        : [];
      const ownerOf = new Map<string, (typeof owners)[number]['user']>();
      for (const owner of owners) if (!ownerOf.has(owner.workspaceId)) ownerOf.set(owner.workspaceId, owner.user);
      const [total] = await tx.select({ n: count() }).from(workspaces).where(where);
      const items: AdminWorkspace[] = rows.map(({ workspace, memberCount }) => {
        const owner = ownerOf.get(workspace.id);
        return {
          id: workspace.id,
          name: workspace.name,
          avatar: workspace.avatar,
          time_zone: workspace.timeZone,
          member_count: Number(memberCount),
          owner: owner ? person(owner) : null,
          created_at: toUnixSeconds(workspace.createdAt),
        };
      });
      return { rows: items, total: total?.n ?? 0 };
    });
  }

  /** One organization's members, read inside that organization's tenancy. */
  async function members(id: string) {
    return database.withWorkspace(id, async (tx) => {
      await find(tx, id);
      const rows = await tx
        .select({ member: workspaceMembers, user: users })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(eq(workspaceMembers.workspaceId, id))
        .orderBy(asc(workspaceMembers.joinedAt), workspaceMembers.id);
      return rows.map(({ member, user }) => ({
        id: member.id,
        role: member.role,
        active: member.active,
        invited: member.invited,
        joined_at: toUnixSeconds(member.joinedAt),
        user: person(user),
      }));
    });
  }

  async function limits(id: string) {
    return toLimits(await database.withWorkspace(id, (tx) => find(tx, id)));
  }

  async function setLimits(id: string, next: WorkspaceLimits) {
    return database.withWorkspace(id, async (tx) => {
      const before = toLimits(await find(tx, id));
      const [updated] = await tx
        .update(workspaces)
        .set({
          maxSeats: next.max_seats,
          memberLimit: next.member_limit,
          channelLimit: next.channel_limit,
          aiAgentLimit: next.ai_agent_limit,
          trialDays: next.trial_days,
          promoteCode: next.promote_code || null,
          updatedAt: new Date(),
        })
        .where(eq(workspaces.id, id))
        .returning();
      return { before, after: toLimits(updated!) };
    });
  }

  return { list, members, limits, setLimits };
}
