/** System-admin permissions (SPEC 3, 6): each group has a read and a write permission. */
export const ADMIN_PERMISSION_GROUPS = [
  'system_admin_management',
  'system_user_management',
  'system_admin_permission',
  'workspace_management',
] as const;

export const ADMIN_PERMISSIONS = [
  ...ADMIN_PERMISSION_GROUPS.flatMap((group) => [`${group}_read`, `${group}_write`] as const),
  'subscription_history_read',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** Workspace-member permissions: what a member, viewer or team may do inside an organization. */
export const WORKSPACE_PERMISSION_GROUPS = [
  'conversation',
  'customer',
  'template',
  'broadcast',
  'workflow',
  'channel',
  'cs_agent',
  'salesforce',
  'member',
  'team',
] as const;
export type WorkspacePermissionGroup = (typeof WORKSPACE_PERMISSION_GROUPS)[number];
export type PermissionLevel = 'read' | 'write' | 'import' | 'export';
/** What a group's permissions allow: to see and to change, and for customers also to import and export. */
export const permissionLevelsOf = (group: WorkspacePermissionGroup): readonly PermissionLevel[] =>
  group === 'customer' ? ['read', 'write', 'import', 'export'] : ['read', 'write'];
export type WorkspacePermission =
  | `${WorkspacePermissionGroup}_${'read' | 'write'}`
  | 'customer_import'
  | 'customer_export';
export const WORKSPACE_PERMISSIONS = WORKSPACE_PERMISSION_GROUPS.flatMap((group) =>
  permissionLevelsOf(group).map((level) => `${group}_${level}` as WorkspacePermission),
);

export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Owner and admin count as admin for the interface (SPEC 6). */
export const isAdminRole = (role: WorkspaceRole | null | undefined) => role === 'owner' || role === 'admin';

/** Defaults until a system admin configures others: members work with day-to-day data, viewers only read. */
export const DEFAULT_MEMBER_PERMISSIONS: WorkspacePermission[] = [
  'conversation_read',
  'conversation_write',
  'customer_read',
  'customer_write',
  'template_read',
  'broadcast_read',
  'workflow_read',
];
export const DEFAULT_VIEWER_PERMISSIONS: WorkspacePermission[] = DEFAULT_MEMBER_PERMISSIONS.filter((p) =>
  p.endsWith('_read'),
);

export const SYSTEM_ROLES = ['system_admin', 'system_user'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export const isWorkspacePermission = (value: string): value is WorkspacePermission =>
  (WORKSPACE_PERMISSIONS as readonly string[]).includes(value);

export const isAdminPermission = (value: string): value is AdminPermission =>
  (ADMIN_PERMISSIONS as readonly string[]).includes(value);
