import {
  ADMIN_PERMISSIONS,
  type AdminPermission,
  isAdminRole,
  WORKSPACE_PERMISSIONS,
  type WorkspacePermission,
} from '@omnichat/contracts';
import type { AdminRow } from '../../modules/admins/admins.tables.ts';
import type { WorkspaceMemberRow } from '../../modules/workspaces/workspaces.tables.ts';

/** Owners and admins hold every workspace permission; members and viewers hold what their record lists. */
export const memberPermissions = (member: Pick<WorkspaceMemberRow, 'role' | 'permissions'>): WorkspacePermission[] =>
  isAdminRole(member.role) ? [...WORKSPACE_PERMISSIONS] : (member.permissions as WorkspacePermission[]);

/** A system admin with the admin flag holds every admin permission. */
export const adminPermissions = (admin: Pick<AdminRow, 'isSuper' | 'permissions'>): AdminPermission[] =>
  admin.isSuper ? [...ADMIN_PERMISSIONS] : (admin.permissions as AdminPermission[]);
