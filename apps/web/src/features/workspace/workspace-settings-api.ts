import {
  isWorkspacePermission,
  permissionEndpoints,
  selfEndpoints,
  type UpdateWorkspaceBody,
  type WorkspaceSummary,
} from '@omnichat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';
import { queryKeys } from '../../app/queries.ts';
import { clearWorkspaceMember, STORAGE_KEYS, session, writeJson, writeString } from '../../app/storage.ts';

export const workspaceSettingsKeys = {
  current: (workspaceId: string | null) => ['self-workspace', workspaceId] as const,
  defaultPermissions: (workspaceId: string | null) => ['default-member-permissions', workspaceId] as const,
};

export const getCurrentWorkspace = () => http.call(selfEndpoints.workspace);

/** Saves the organization's name, time zone and avatar: stored for the sidebar, cached, and listed anew. */
export function useSaveCurrentWorkspace(workspaceId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWorkspaceBody) => http.call(selfEndpoints.updateWorkspace, { body }),
    onSuccess: async (saved) => {
      storeWorkspaceSummary(saved);
      queryClient.setQueryData(workspaceSettingsKeys.current(workspaceId), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.selfWorkspaces });
    },
  });
}

export const getDefaultPermissions = () => http.call(permissionEndpoints.defaults, { silent: true });

/** Replaces the defaults; the answer becomes the cached defaults of the organization. */
export function useSaveDefaultPermissions(workspaceId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: string[]) =>
      http.call(permissionEndpoints.setDefaults, { body: { permissions: permissions.filter(isWorkspacePermission) } }),
    onSuccess: (result) => queryClient.setQueryData(workspaceSettingsKeys.defaultPermissions(workspaceId), result),
  });
}

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
