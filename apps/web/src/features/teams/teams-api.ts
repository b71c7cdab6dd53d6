import type { CreateTeamBody, Member, PageInfo, Team, TeamDetail, UpdateTeamBody } from '@omnichat/contracts';
import { http } from '../../app/http/index.ts';

export interface TeamFilters {
  page: number;
  size: number;
  keyword: string;
}

export interface TeamPage {
  items: Team[];
  page: PageInfo | undefined;
}

export const teamKeys = {
  all: ['teams'] as const,
  list: (workspaceId: string | null, filters: TeamFilters) => ['teams', workspaceId, 'list', filters] as const,
  detail: (workspaceId: string | null, id: string) => ['teams', workspaceId, 'detail', id] as const,
};

/** GET /v1/teams: `data` is the list of teams, `page` the paging info beside it. */
export async function listTeams(filters: TeamFilters): Promise<TeamPage> {
  const { data, page } = await http.requestEnvelope<Team[]>('GET', '/v1/teams', {
    query: { page: filters.page, size: filters.size, keyword: filters.keyword.trim() || undefined },
  });
  return { items: data ?? [], page };
}

export const getTeam = (id: string) => http.get<TeamDetail>(`/v1/teams/${id}`);

export const createTeam = (body: CreateTeamBody) => http.post<TeamDetail>('/v1/teams', body);

/** `member_ids` replaces the whole member set. */
export const updateTeam = (id: string, body: UpdateTeamBody) => http.put<TeamDetail>(`/v1/teams/${id}`, body);

export const deleteTeam = (id: string) => http.delete<null>(`/v1/teams/${id}`);

/** Members to pick from: the first 20 matching the keyword. */
export const searchMembers = (keyword: string) =>
  http.get<{ items: Member[]; page: PageInfo }>('/v1/workspace/members', {
    query: { keyword: keyword.trim() || undefined, page: 1, size: 20 },
  });
