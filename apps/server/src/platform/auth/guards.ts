import type { AdminPermission, WorkspacePermission } from '@omnichat/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, OpenedRows } from '../db/database.ts';
import { rowFromJson } from '../db/json-row.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import { type AdminRow, systemAdmins } from '../identity/admins.tables.ts';
import { teamMembers, teams } from '../identity/teams.tables.ts';
import { type UserRow, users } from '../identity/users.tables.ts';
import { liveWorkspace, type WorkspaceMemberRow, workspaceMembers, workspaces } from '../identity/workspaces.tables.ts';
import { adminPermissions, effectivePermissions } from './permissions.ts';
import type { Claims, TokenService } from './tokens.ts';

export type UserPrincipal = { kind: 'user'; user: UserRow; workspaceId: string | null; claims: Claims };
export type MemberPrincipal = {
  kind: 'member';
  user: UserRow;
  workspaceId: string;
  member: WorkspaceMemberRow;
  /** effective: the member's own permissions, their teams', or all for owners and admins */
  permissions: WorkspacePermission[];
  /** the teams the member belongs to (what they see of conversations assigned to a team) */
  teamIds: string[];
  claims: Claims;
};
type MemberQueryRow = {
  user: Record<string, unknown>;
  member: Record<string, unknown> | null;
  live: boolean;
  team_permissions: string[] | null;
  team_ids: string[] | null;
};
export type AdminPrincipal = { kind: 'admin'; admin: AdminRow; claims: Claims };
export type Principal = UserPrincipal | MemberPrincipal | AdminPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

type Guard = (request: FastifyRequest) => Promise<void>;

export interface Guards {
  /** A signed-in organization user, bound to a workspace or not. */
  user(): Guard;
  /** A user whose token is bound to a workspace they are an active member of, holding `permission`. */
  member(permission?: WorkspacePermission): Guard;
  /**
   * The member guard and `run` (the route's handler) in one transaction of the token's organization: the principal
   * is read in it and every `withWorkspace` of that organization inside `run` joins it.
   */
  inMember<T>(request: FastifyRequest, permission: WorkspacePermission | undefined, run: () => Promise<T>): Promise<T>;
  /** A system admin holding `permission`; `superOnly` requires the admin flag. */
  admin(permission?: AdminPermission | 'super'): Guard;
  /** Any signed-in user or system admin. */
  any(): Guard;
  /**
   * The principal of a raw token (sockets pass it as a query parameter): an admin, a member when the token is
   * bound to a workspace (membership checked), otherwise a user. Throws 401/403 like the guards.
   */
  fromToken(token: string | null): Promise<Principal>;
  /** `fromToken` for claims already verified (a socket ticket's, or an open socket's check of its session). */
  fromClaims(claims: Claims): Promise<Principal>;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

export function createGuards(database: Database, tokens: TokenService): Guards {
  async function verified(token: string | null): Promise<Claims> {
    const found = token ? await tokens.verify(token) : null;
    if (!found) throw unauthorized();
    return found;
  }
  const claims = (request: FastifyRequest) => verified(bearerToken(request));

  function checkedUser(user: UserRow | undefined, found: Claims): UserRow {
    if (!user || user.tokenVersion !== found.ver) throw unauthorized();
    if (user.status !== 'active') throw new AppError(401, 'account_inactive');
    return user;
  }

  async function loadUser(found: Claims): Promise<UserRow> {
    const [user] = await database.db.select().from(users).where(eq(users.id, found.sub));
    return checkedUser(user, found);
  }

  async function loadAdmin(found: Claims): Promise<AdminRow> {
    const [admin] = await database.db.select().from(systemAdmins).where(eq(systemAdmins.id, found.sub));
    if (!admin || admin.tokenVersion !== found.ver) throw unauthorized();
    if (admin.status !== 'active') throw new AppError(401, 'account_inactive');
    return admin;
  }

  async function asUser(request: FastifyRequest | Claims): Promise<UserPrincipal> {
    const found = 'sub' in request ? request : await claims(request);
    if (found.typ !== 'user') throw forbidden();
    const user = await loadUser(found);
    return { kind: 'user', user, workspaceId: found.wid ?? null, claims: found };
  }

  /**
   * The query for the member behind a token bound to `workspaceId`: the account (token version, status), the
   * membership in a live organization and the permissions of the member's teams, in one statement that runs in the
   * round trip opening the organization's transaction (RLS keeps other organizations' teams out).
   */
  const memberQuery = (found: Claims, workspaceId: string) => sql`
    select to_json(${users}) as "user",
      case when ${workspaceMembers.id} is null then null else to_json(${workspaceMembers}) end as member,
      ${workspaces.id} is not null as live,
      (select array_agg(p.name order by t.created_at, t.id, p.position)
        from ${teamMembers} tm join ${teams} t on t.id = tm.team_id
        cross join unnest(t.permissions) with ordinality as p(name, position)
        where tm.member_id = ${workspaceMembers.id}) as team_permissions,
      (select array_agg(tm.team_id) from ${teamMembers} tm where tm.member_id = ${workspaceMembers.id}) as team_ids
    from ${users}
    left join ${workspaceMembers}
      on ${workspaceMembers.userId} = ${users.id} and ${workspaceMembers.workspaceId} = ${workspaceId}
    left join ${workspaces} on ${workspaces.id} = ${workspaceMembers.workspaceId} and ${liveWorkspace}
    where ${users.id} = ${found.sub}`;

  /** The member principal from the answer of `memberQuery` (team permissions by team age, as effectivePermissions expects). */
  function memberFrom(rows: OpenedRows, found: Claims, workspaceId: string): MemberPrincipal {
    const row = rows[0] as MemberQueryRow | undefined;
    const user = checkedUser(row ? rowFromJson(users, row.user) : undefined, found);
    const member = row?.live && row.member ? rowFromJson(workspaceMembers, row.member) : null;
    if (!member) throw forbidden('not_a_member');
    if (!member.active) throw forbidden('member_inactive');
    const permissions = effectivePermissions(member, row?.team_permissions ?? []);
    return { kind: 'member', user, workspaceId, member, permissions, teamIds: row?.team_ids ?? [], claims: found };
  }

  /** The member of a token bound to `workspaceId`, and `run` after it, in that organization's transaction. */
  const asMember = <T>(found: Claims, workspaceId: string, run: (principal: MemberPrincipal) => Promise<T>) =>
    database.withWorkspace(
      workspaceId,
      (_tx, rows) => run(memberFrom(rows, found, workspaceId)),
      memberQuery(found, workspaceId),
    );

  async function userClaims(request: FastifyRequest): Promise<Claims> {
    const found = await claims(request);
    if (found.typ !== 'user') throw forbidden();
    return found;
  }

  /** A token not bound to an organization reaches no organization's data: still 401 first if it is revoked. */
  async function notBound(found: Claims): Promise<never> {
    await loadUser(found);
    throw forbidden('not_a_member');
  }

  async function asAdmin(request: FastifyRequest, permission?: AdminPermission | 'super') {
    const found = await claims(request);
    if (found.typ !== 'admin') throw forbidden();
    const admin = await loadAdmin(found);
    if (permission === 'super' && !admin.isSuper) throw forbidden();
    if (permission && permission !== 'super' && !adminPermissions(admin).includes(permission)) throw forbidden();
    request.principal = { kind: 'admin', admin, claims: found };
  }

  const guards: Guards = {
    user: () => async (request) => {
      request.principal = await asUser(request);
    },
    member: (permission) =>
      Object.assign(
        async (request: FastifyRequest) => {
          await guards.inMember(request, permission, async () => undefined);
        },
        { [MEMBER_GUARD]: permission ?? null },
      ),
    async inMember(request, permission, run) {
      const found = await userClaims(request);
      if (!found.wid) return notBound(found);
      return asMember(found, found.wid, (principal) => {
        if (permission && !principal.permissions.includes(permission)) throw forbidden();
        request.principal = principal;
        return run();
      });
    },
    admin: (permission) => (request) => asAdmin(request, permission),
    any: () => async (request) => {
      const found = await claims(request);
      request.principal =
        found.typ === 'admin'
          ? { kind: 'admin', admin: await loadAdmin(found), claims: found }
          : { kind: 'user', user: await loadUser(found), workspaceId: found.wid ?? null, claims: found };
    },
    async fromToken(token) {
      return guards.fromClaims(await verified(token));
    },
    async fromClaims(found) {
      if (found.typ === 'admin') return { kind: 'admin', admin: await loadAdmin(found), claims: found };
      const { wid } = found;
      if (!wid) return asUser(found);
      return asMember(found, wid, async (principal) => principal);
    },
  };
  return guards;
}

/** Marks a `member` guard with the permission it checks, so the app can run it inside the request's transaction. */
export const MEMBER_GUARD = Symbol('member guard');
export const memberGuardOf = (hook: unknown): WorkspacePermission | null | undefined =>
  typeof hook === 'function' && MEMBER_GUARD in hook
    ? (hook as unknown as Record<symbol, WorkspacePermission | null>)[MEMBER_GUARD]
    : undefined;

function expect<K extends Principal['kind']>(request: FastifyRequest, kind: K): Extract<Principal, { kind: K }> {
  const principal = request.principal;
  if (!principal || principal.kind !== kind) throw new Error(`route reached without a ${kind} guard`);
  return principal as Extract<Principal, { kind: K }>;
}
export const userOf = (request: FastifyRequest) => {
  const principal = request.principal;
  if (principal?.kind === 'member')
    return {
      kind: 'user',
      user: principal.user,
      workspaceId: principal.workspaceId,
      claims: principal.claims,
    } as UserPrincipal;
  return expect(request, 'user');
};
export const memberOf = (request: FastifyRequest) => expect(request, 'member');
export const adminOf = (request: FastifyRequest) => expect(request, 'admin');
