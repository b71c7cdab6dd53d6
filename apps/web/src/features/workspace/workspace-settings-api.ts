import type { WorkspaceSummary } from '@omnichat/contracts';
import { http } from '../../app/http/index.ts';
import { clearWorkspaceMember, STORAGE_KEYS, session, writeJson, writeString } from '../../app/storage.ts';

export const workspaceSettingsKeys = {
  current: (workspaceId: string | null) => ['self-workspace', workspaceId] as const,
  defaultPermissions: (workspaceId: string | null) => ['default-member-permissions', workspaceId] as const,
};

export const getCurrentWorkspace = () => http.get<WorkspaceSummary>('/v1/self/workspace');

export const updateCurrentWorkspace = (body: { name?: string; time_zone?: string; avatar?: string }) =>
  http.put<WorkspaceSummary>('/v1/self/workspace', body);

export const getDefaultPermissions = () =>
  http.get<{ permissions: string[] }>('/v1/workspace/member/permission/default', { silent: true });

export const putDefaultPermissions = (permissions: string[]) =>
  http.put<{ permissions: string[] }>('/v1/workspace/member/permission/default', { permissions });

/** After a save: the header and sidebar read the workspace name and avatar from the stored member record. */
export function storeWorkspaceSummary(summary: WorkspaceSummary): void {
  const member = session.workspaceMember();
  if (!member || member.workspace.id !== summary.id) return;
  writeJson(STORAGE_KEYS.workspaceMember, {
    ...member,
    workspace: { ...member.workspace, name: summary.name, time_zone: summary.time_zone },
  });
  writeString(STORAGE_KEYS.workspaceAvatar, summary.avatar || null);
}

/** After leaving or deleting the organization: forget it, so the switch page offers the others. */
export function forgetCurrentWorkspace(): void {
  clearWorkspaceMember();
  writeString(STORAGE_KEYS.workspaceId, null);
  writeString(STORAGE_KEYS.role, 'member');
}
