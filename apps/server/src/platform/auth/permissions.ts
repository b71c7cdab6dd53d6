import {
  ADMIN_PERMISSIONS,
  type AdminPermission,
  isAdminRole,
  WORKSPACE_PERMISSIONS,
  type WorkspacePermission,
} from '@omnichat/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import type { AdminRow } from '../identity/admins.tables.ts';
import { teamMembers, teams } from '../identity/teams.tables.ts';
import type { WorkspaceMemberRow } from '../identity/workspaces.tables.ts';

type MemberLike = Pick<WorkspaceMemberRow, 'role' | 'permissions'>;

/**
 * What a member holds: owners and admins every workspace permission; others their own list plus the lists of
 * their teams (own first, then by team age), known names only. A viewer is read-only whatever a list says.
 */
export function effectivePermissions(
  member: MemberLike,
  teamPermissions: readonly string[] = [],
): WorkspacePermission[] {
  if (isAdminRole(member.role)) return [...WORKSPACE_PERMISSIONS];
  const known = new Set<string>(WORKSPACE_PERMISSIONS);
  return [...new Set([...member.permissions, ...teamPermissions])].filter(
    (p): p is WorkspacePermission => known.has(p) && (member.role !== 'viewer' || p.endsWith('_read')),
  );
}

/** A member's permissions from their role and own list only (no teams). */
export const memberPermissions = (member: MemberLike): WorkspacePermission[] => effectivePermissions(member);

/** The permissions of every team the member belongs to (one query, inside the caller's workspace transaction). */
export async function teamPermissionsOf(tx: Tx, memberId: string): Promise<string[]> {
  const rows = await tx
    .select({ permissions: teams.permissions })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.memberId, memberId))
    .orderBy(asc(teams.createdAt), asc(teams.id));
  return rows.flatMap((row) => row.permissions);
}

/**
 * The names of `wanted` the member does not hold: owners and admins reach every permission, others only their
 * effective ones. Whatever a member grants (a team's set, a list) must be within reach, or one write permission
 * would be enough to mint any other.
 */
export function beyondReach(actor: { member: MemberLike; permissions: readonly string[] }, wanted: readonly string[]) {
  if (isAdminRole(actor.member.role)) return [];
  const held = new Set(actor.permissions);
  return [...new Set(wanted)].filter((permission) => !held.has(permission));
}

/** A system admin with the admin flag holds every admin permission. */
export const adminPermissions = (admin: Pick<AdminRow, 'isSuper' | 'permissions'>): AdminPermission[] =>
  admin.isSuper ? [...ADMIN_PERMISSIONS] : (admin.permissions as AdminPermission[]);
