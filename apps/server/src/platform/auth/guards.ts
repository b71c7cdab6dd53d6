import { type AdminPermission, isAdminRole, type WorkspacePermission } from '@omnichat/contracts';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AdminRow, systemAdmins } from '../../modules/admins/admins.tables.ts';
import { type UserRow, users } from '../../modules/users/users.tables.ts';
import {
  liveWorkspace,
  type WorkspaceMemberRow,
  workspaceMembers,
  workspaces,
} from '../../modules/workspaces/workspaces.tables.ts';
import type { Database } from '../db/database.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import { adminPermissions, effectivePermissions, teamPermissionsOf } from './permissions.ts';
import type { Claims, TokenService } from './tokens.ts';

export type UserPrincipal = { kind: 'user'; user: UserRow; workspaceId: string | null; claims: Claims };
export type MemberPrincipal = {
  kind: 'member';
  user: UserRow;
  workspaceId: string;
  member: WorkspaceMemberRow;
  /** effective: the member's own permissions, their teams', or all for owners and admins */
  permissions: WorkspacePermission[];
  claims: Claims;
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
  /** A system admin holding `permission`; `superOnly` requires the admin flag. */
  admin(permission?: AdminPermission | 'super'): Guard;
  /** Any signed-in user or system admin. */
  any(): Guard;
  /**
   * The principal of a raw token (sockets pass it as a query parameter): an admin, a member when the token is
   * bound to a workspace (membership checked), otherwise a user. Throws 401/403 like the guards.
   */
  fromToken(token: string | null): Promise<Principal>;
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

  async function loadUser(found: Claims): Promise<UserRow> {
    const [user] = await database.db.select().from(users).where(eq(users.id, found.sub));
    if (!user || user.tokenVersion !== found.ver) throw unauthorized();
    if (user.status !== 'active') throw new AppError(401, 'account_inactive');
    return user;
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

  async function asMember(principal: UserPrincipal): Promise<MemberPrincipal> {
    const workspaceId = principal.workspaceId;
    if (!workspaceId) throw forbidden('not_a_member');
    const found = await database.withWorkspace(workspaceId, async (tx) => {
      const [member] = await tx
        .select(getTableColumns(workspaceMembers))
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(
          and(
            eq(workspaceMembers.workspaceId, workspaceId),
            eq(workspaceMembers.userId, principal.user.id),
            liveWorkspace,
          ),
        );
      if (!member?.active || isAdminRole(member.role)) return member && { member, teamPermissions: [] };
      return { member, teamPermissions: await teamPermissionsOf(tx, member.id) };
    });
    if (!found) throw forbidden('not_a_member');
    const { member, teamPermissions } = found;
    if (!member.active) throw forbidden('member_inactive');
    const permissions = effectivePermissions(member, teamPermissions);
    return { kind: 'member', user: principal.user, workspaceId, member, permissions, claims: principal.claims };
  }

  async function asAdmin(request: FastifyRequest, permission?: AdminPermission | 'super') {
    const found = await claims(request);
    if (found.typ !== 'admin') throw forbidden();
    const admin = await loadAdmin(found);
    if (permission === 'super' && !admin.isSuper) throw forbidden();
    if (permission && permission !== 'super' && !adminPermissions(admin).includes(permission)) throw forbidden();
    request.principal = { kind: 'admin', admin, claims: found };
  }

  return {
    user: () => async (request) => {
      request.principal = await asUser(request);
    },
    member: (permission) => async (request) => {
      const principal = await asMember(await asUser(request));
      if (permission && !principal.permissions.includes(permission)) throw forbidden();
      request.principal = principal;
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
      const found = await verified(token);
      if (found.typ === 'admin') return { kind: 'admin', admin: await loadAdmin(found), claims: found };
      const user = await asUser(found);
      return user.workspaceId ? asMember(user) : user;
    },
  };
}

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
