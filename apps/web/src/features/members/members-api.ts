import { isWorkspacePermission, memberEndpoints, permissionEndpoints, type WorkspaceRole } from '@omnichat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';

export interface MemberFilters {
  page: number;
  size: number;
  keyword: string;
  role?: WorkspaceRole;
  active?: 'true' | 'false';
}

export const memberKeys = {
  all: ['workspace-members'] as const,
  list: (workspaceId: string | null, filters: MemberFilters) => ['workspace-members', workspaceId, filters] as const,
  invites: (workspaceId: string | null) => ['workspace-invites', workspaceId] as const,
  permissions: (workspaceId: string | null, id: string) => ['workspace-member-permissions', workspaceId, id] as const,
};

/** Members with search, role and status filters, paged by the server. */
export const listMembers = (filters: MemberFilters) =>
  http.call(memberEndpoints.list, {
    query: {
      page: filters.page,
      size: filters.size,
      keyword: filters.keyword.trim() || undefined,
      role: filters.role,
      active: filters.active,
    },
  });

export const changeMemberRole = (id: string, role: WorkspaceRole) =>
  http.call(memberEndpoints.changeRole, { params: { id }, body: { role } });

export const setMemberActive = (id: string, active: boolean) =>
  http.call(memberEndpoints.setActive, { params: { id }, body: { active } });

export const removeMember = (id: string) => http.call(memberEndpoints.remove, { params: { id } });

export const listInvites = () => http.call(memberEndpoints.invites);

/** Sends an invitation; the invitations and members (a pending invitation takes a seat) are refreshed. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    // an error about the e-mail (already a member, yourself) shows under the field, not also as a toast
    mutationFn: (body: { email: string; role: WorkspaceRole }) =>
      http.call(memberEndpoints.invite, { body, inlineFields: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['workspace-invites'] }),
        queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      ]),
  });
}

export const withdrawInvite = (id: string) => http.call(memberEndpoints.withdrawInvite, { params: { id } });

/** Mails a pending invitation again: a new link (the old one stops working) and a new expiry. */
export const resendInvite = (id: string) => http.call(memberEndpoints.resendInvite, { params: { id } });

/** A member's own permissions (what the editor changes) and what they hold with their teams. */
export const getMemberPermissions = (id: string) => http.call(permissionEndpoints.member, { params: { id } });

/** Replaces a member's own permissions; the members list is refreshed afterwards. */
export function useSaveMemberPermissions(workspaceId: string | null, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: string[]) =>
      http.call(permissionEndpoints.setMember, {
        params: { id },
        body: { permissions: permissions.filter(isWorkspacePermission) },
      }),
    onSuccess: async (result) => {
      queryClient.setQueryData(memberKeys.permissions(workspaceId, id), result);
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}
