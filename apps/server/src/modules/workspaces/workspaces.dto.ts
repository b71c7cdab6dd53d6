import type { SelfWorkspace, WorkspaceMember, WorkspaceSummary } from '@omnichat/contracts';
import { effectivePermissions } from '../../platform/auth/permissions.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { UserRow } from '../../platform/identity/users.tables.ts';
import type { WorkspaceMemberRow, WorkspaceRow } from '../../platform/identity/workspaces.tables.ts';
import { toUserDto } from '../users/index.ts';

export const toWorkspaceSummary = (row: WorkspaceRow): WorkspaceSummary => ({
  id: row.id,
  name: row.name,
  avatar: row.avatar,
  time_zone: row.timeZone,
  default_country: row.defaultCountry,
  opt_out_keywords: row.optOutKeywords,
});

export const toSelfWorkspace = (workspace: WorkspaceRow, member: WorkspaceMemberRow): SelfWorkspace => ({
  ...toWorkspaceSummary(workspace),
  member_id: member.id,
  role: member.role,
});

export const toWorkspaceMemberDto = (
  {
    workspace,
    member,
    teamPermissions,
  }: { workspace: WorkspaceRow; member: WorkspaceMemberRow; teamPermissions: string[] },
  user: UserRow,
): WorkspaceMember => ({
  id: member.id,
  role: member.role,
  permissions: effectivePermissions(member, teamPermissions),
  active: member.active,
  availability: member.availability,
  invited: member.invited,
  joined_at: toUnixSeconds(member.joinedAt),
  workspace: { ...toWorkspaceSummary(workspace), user: toUserDto(user) },
});
