import {
  type CreateTeamBody,
  memberEndpoints,
  type Team,
  type TeamListQuery,
  teamEndpoints,
} from '@omnichat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';
import type { ListPage, ListParams } from '../../ui/list/use-list.ts';

export const teamKeys = {
  all: ['teams'] as const,
  list: (workspaceId: string | null, params: ListParams<object>) => ['teams', workspaceId, 'list', params] as const,
  detail: (workspaceId: string | null, id: string) => ['teams', workspaceId, 'detail', id] as const,
};

/** GET /v1/teams: `data` is the list of teams, `page` the paging info beside it. */
export async function listTeams({ page: at, size, keyword, sort, order }: ListParams<object>): Promise<ListPage<Team>> {
  const { data, page } = await http.callEnvelope(teamEndpoints.list, {
    query: { page: at, size, keyword: keyword || undefined, sort: sort as TeamListQuery['sort'], order },
  });
  return { items: data, page };
}

export const getTeam = (id: string) => http.call(teamEndpoints.get, { params: { id } });

/**
 * Creates a team, or updates the one with `id` (`member_ids` replaces its whole member set); every team query of
 * the organization is refreshed afterwards.
 */
export function useSaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    // field errors (a name another team has) show under their fields, not also as a toast
    mutationFn: ({ id, body }: { id?: string; body: CreateTeamBody }) =>
      id
        ? http.call(teamEndpoints.update, { params: { id }, body, inlineFields: true })
        : http.call(teamEndpoints.create, { body, inlineFields: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** Deletes a team; every team query of the organization is refreshed afterwards. */
export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.call(teamEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** Members to pick from: the first 20 matching the keyword. */
export const searchMembers = (keyword: string) =>
  http.call(memberEndpoints.list, { query: { keyword: keyword.trim() || undefined, page: 1, size: 20 } });
