import { memberEndpoints, type WorkspaceRole } from '@omnichat/contracts';
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
    mutationFn: (body: { email: string; role: WorkspaceRole }) => http.call(memberEndpoints.invite, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['workspace-invites'] }),
        queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      ]),
  });
}

export const withdrawInvite = (id: string) => http.call(memberEndpoints.withdrawInvite, { params: { id } });
