import type { Invite, Member, PageInfo, WorkspaceRole } from '@omnichat/contracts';
import { http } from '../../app/http/index.ts';

export interface MemberFilters {
  page: number;
  size: number;
  keyword: string;
  role?: WorkspaceRole;
  active?: 'true' | 'false';
}

export interface MemberPage {
  items: Member[];
  page: PageInfo;
}

export const memberKeys = {
  all: ['workspace-members'] as const,
  list: (workspaceId: string | null, filters: MemberFilters) => ['workspace-members', workspaceId, filters] as const,
  invites: (workspaceId: string | null) => ['workspace-invites', workspaceId] as const,
};

/** GET /v1/workspace/members with search, role and status filters, paged by the server. */
export const listMembers = (filters: MemberFilters) =>
  http.get<MemberPage>('/v1/workspace/members', {
    query: {
      page: filters.page,
      size: filters.size,
      keyword: filters.keyword.trim() || undefined,
      role: filters.role,
      active: filters.active,
    },
  });

export const changeMemberRole = (id: string, role: WorkspaceRole) =>
  http.put<Member>(`/v1/workspace/members/${id}/role`, { role });

export const setMemberActive = (id: string, active: boolean) =>
  http.put<Member>(`/v1/workspace/members/${id}/status`, { active });

export const removeMember = (id: string) => http.delete<{ message: string }>(`/v1/workspace/members/${id}`);

export const listInvites = () => http.get<Invite[]>('/v1/workspace/members/invites');

export const inviteMember = (email: string, role: WorkspaceRole) =>
  http.post<Invite>('/v1/workspace/members/invite', { email, role });

export const withdrawInvite = (id: string) => http.delete<{ message: string }>(`/v1/workspace/members/invites/${id}`);
