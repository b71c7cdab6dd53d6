import {
  type CreateTeamBody,
  type Team,
  type TeamDetail,
  type TeamListQuery,
  type UpdateTeamBody,
  WORKSPACE_PERMISSIONS,
  type WorkspacePermission,
} from '@omnichat/contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import { beyondReach } from '../../platform/auth/permissions.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { totalOf, totalOver } from '../../platform/db/paging.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { type TeamRow, teamMembers, teams } from '../../platform/identity/teams.tables.ts';
import { users } from '../../platform/identity/users.tables.ts';
import { workspaceMembers } from '../../platform/identity/workspaces.tables.ts';

const byName = [sql`lower(${teams.name})`, teams.name];

/** The list's order: the chosen field first (name by default), then name and id so that pages never overlap. */
function teamOrder({ sort = 'name', order = 'asc' }: Pick<TeamListQuery, 'sort' | 'order'>): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  const first = { name: byName, member_count: [count(teamMembers.memberId)], created_at: [teams.createdAt] }[sort];
  return [...first.map((column) => direction(column)), ...byName.map((column) => asc(column)), asc(teams.id)];
}

const toTeamDto = (row: TeamRow, memberCount: number): Team => ({
  id: row.id,
  name: row.name,
  description: row.description,
  permissions: row.permissions,
  member_count: memberCount,
  created_at: toUnixSeconds(row.createdAt),
  updated_at: toUnixSeconds(row.updatedAt),
});

/** `%` and `_` in a keyword are matched literally. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The `defaults.team.permissions` setting: a JSON array; unknown names and malformed values are ignored. */
export function parsePermissionList(value: string): WorkspacePermission[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return WORKSPACE_PERMISSIONS.filter((p) => parsed.includes(p));
}

/** A team may only carry permissions its creator or editor holds (owners and admins hold all). */
function assertWithinReach(principal: MemberPrincipal, permissions: readonly string[]) {
  const missing = beyondReach(principal, permissions);
  if (missing.length) throw new AppError(403, 'permissions_beyond_reach', { permissions: missing.join(', ') });
}

/** A team holding more than the editor holds is changed (members, permissions) or deleted by owners and admins only. */
function assertTeamWithinReach(principal: MemberPrincipal, team: Pick<TeamDetail, 'permissions'>) {
  if (beyondReach(principal, team.permissions).length) throw forbidden('team_beyond_reach');
}

const nameTaken = () => new AppError(409, 'team_name_taken', {}, { name: { key: 'team_name_taken' } });

/** True for the unique index on (workspace_id, lower(name)) refusing a write. */
function isNameClash(error: unknown): boolean {
  type PgError = { code?: string; constraint?: string };
  const { cause, ...own } = error as PgError & { cause?: PgError };
  return [own, cause].some(
    (e) => e?.code === '23505' && (!e.constraint || e.constraint === 'teams_workspace_name_key'),
  );
}

/** A 409 on `name` when another team of the organization already has it, whatever the case. */
async function assertNameFree(tx: Tx, workspaceId: string, name: string, selfId?: string) {
  const [clash] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.workspaceId, workspaceId),
        eq(sql`lower(${teams.name})`, name.trim().toLowerCase()),
        selfId ? ne(teams.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw nameTaken();
}

/**
 * Writes a team's name in a savepoint: a name a concurrent request took after `assertNameFree` looked is refused
 * by the unique index, and answers the same 409.
 */
async function writeName<T>(tx: Tx, write: (sp: Tx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction(write);
  } catch (error) {
    if (isNameClash(error)) throw nameTaken();
    throw error;
  }
}

export type TeamsService = ReturnType<typeof createTeamsService>;

export function createTeamsService(ctx: AppContext) {
  const { database } = ctx;

  async function detail(tx: Tx, id: string): Promise<TeamDetail | null> {
    const [team] = await tx.select().from(teams).where(eq(teams.id, id));
    if (!team) return null;
    const members = await tx
      .select({ member: workspaceMembers, user: users })
      .from(teamMembers)
      .innerJoin(workspaceMembers, eq(workspaceMembers.id, teamMembers.memberId))
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(teamMembers.teamId, id))
      .orderBy(asc(users.displayName), asc(workspaceMembers.id));
    return {
      ...toTeamDto(team, members.length),
      members: members.map(({ member, user }) => ({
        id: member.id,
        role: member.role,
        user: {
          id: user.id,
          username: user.username,
          display_name: user.displayName,
          email: user.email,
          avatar: user.avatar,
        },
      })),
    };
  }

  /** Replaces the team's members; every id must be a member of this organization (RLS hides any other). */
  async function setMembers(tx: Tx, workspaceId: string, teamId: string, memberIds: string[]) {
    if (memberIds.length) {
      const found = await tx
        .select({ id: workspaceMembers.id })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.id, memberIds)));
      if (found.length !== memberIds.length) throw fieldError('member_ids', 'team_member_not_found');
    }
    await tx.delete(teamMembers).where(eq(teamMembers.teamId, teamId));
    if (memberIds.length)
      await tx.insert(teamMembers).values(memberIds.map((memberId) => ({ workspaceId, teamId, memberId })));
  }

  async function list(workspaceId: string, query: TeamListQuery) {
    return database.withWorkspace(workspaceId, async (tx) => {
      const where = query.keyword ? ilike(teams.name, likePattern(query.keyword)) : undefined;
      const rows = await tx
        .select({ team: teams, members: count(teamMembers.memberId), total: totalOver() })
        .from(teams)
        .leftJoin(teamMembers, eq(teamMembers.teamId, teams.id))
        .where(where)
        .groupBy(teams.id)
        .orderBy(...teamOrder(query))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const n = await totalOf(
        rows,
        query.page,
        async () => (await tx.select({ n: count() }).from(teams).where(where))[0]!.n,
      );
      return {
        items: rows.map((row) => toTeamDto(row.team, row.members)),
        page: { page: query.page, size: query.size, total: n, total_pages: Math.ceil(n / query.size) },
      };
    });
  }

  async function get(workspaceId: string, id: string): Promise<TeamDetail> {
    const found = await database.withWorkspace(workspaceId, (tx) => detail(tx, id));
    if (!found) throw notFound();
    return found;
  }

  async function create(principal: MemberPrincipal, actor: Actor, body: CreateTeamBody): Promise<TeamDetail> {
    const { workspaceId } = principal;
    const permissions =
      body.permissions ??
      parsePermissionList((await ctx.settings.values(['defaults.team.permissions']))['defaults.team.permissions']);
    assertWithinReach(principal, permissions);
    return database.withWorkspace(workspaceId, async (tx) => {
      await assertNameFree(tx, workspaceId, body.name);
      const [team] = await writeName(tx, (sp) =>
        sp
          .insert(teams)
          .values({ workspaceId, name: body.name, description: body.description ?? '', permissions })
          .returning(),
      );
      if (!team) throw notFound();
      await setMembers(tx, workspaceId, team.id, body.member_ids ?? []);
      const after = (await detail(tx, team.id))!;
      await ctx.events.emit(tx, 'team.created', { actor, team: after }, workspaceId);
      return after;
    });
  }

  async function update(principal: MemberPrincipal, actor: Actor, id: string, body: UpdateTeamBody) {
    const { workspaceId } = principal;
    assertWithinReach(principal, body.permissions ?? []);
    return database.withWorkspace(workspaceId, async (tx) => {
      const before = await detail(tx, id);
      if (!before) throw notFound();
      assertTeamWithinReach(principal, before);
      if (body.name !== undefined) await assertNameFree(tx, workspaceId, body.name, id);
      await writeName(tx, (sp) =>
        sp
          .update(teams)
          .set({
            ...(body.name !== undefined && { name: body.name }),
            ...(body.description !== undefined && { description: body.description }),
            ...(body.permissions !== undefined && { permissions: body.permissions }),
            updatedAt: new Date(),
          })
          .where(eq(teams.id, id)),
      );
      if (body.member_ids !== undefined) await setMembers(tx, workspaceId, id, body.member_ids);
      const after = (await detail(tx, id))!;
      await ctx.events.emit(tx, 'team.updated', { actor, before, after }, workspaceId);
      return after;
    });
  }

  async function remove(principal: MemberPrincipal, actor: Actor, id: string): Promise<void> {
    const { workspaceId } = principal;
    await database.withWorkspace(workspaceId, async (tx) => {
      const before = await detail(tx, id);
      if (!before) throw notFound();
      assertTeamWithinReach(principal, before);
      await tx.delete(teams).where(eq(teams.id, id));
      await ctx.events.emit(tx, 'team.deleted', { actor, before }, workspaceId);
    });
  }

  return { list, get, create, update, remove };
}
