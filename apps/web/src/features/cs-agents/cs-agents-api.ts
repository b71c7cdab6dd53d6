import {
  type CsAgent,
  type CsAgentBody,
  type CsAgentPreviewBody,
  type CsAgentUpdateBody,
  type CsInstructionBody,
  channelEndpoints,
  csAgentEndpoints,
  csAgentToolEndpoints,
  csInstructionEndpoints,
  type KnowledgeArticleBody,
  knowledgeEndpoints,
  teamEndpoints,
} from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';
import type { ListPage, ListParams } from '../../ui/list/use-list.ts';

export const csAgentKeys = {
  all: ['cs-agents'] as const,
  list: (workspaceId: string | null, params: unknown) => ['cs-agents', workspaceId, 'list', params] as const,
  one: (workspaceId: string | null, id: string) => ['cs-agents', workspaceId, 'one', id] as const,
  instructions: (workspaceId: string | null, id: string) => ['cs-agents', workspaceId, 'instructions', id] as const,
  knowledge: (workspaceId: string | null, id: string, params: unknown) =>
    ['cs-agents', workspaceId, 'knowledge', id, params] as const,
  channels: (workspaceId: string | null) => ['cs-agents', workspaceId, 'channels'] as const,
  teams: (workspaceId: string | null) => ['cs-agents', workspaceId, 'teams'] as const,
  usage: (workspaceId: string | null, id: string, days: number) =>
    ['cs-agents', workspaceId, 'usage', id, days] as const,
};

export async function listAgents({ page: at, size }: ListParams<object>): Promise<ListPage<CsAgent>> {
  const { data, page } = await http.callEnvelope(csAgentEndpoints.list, { query: { page: at, size } });
  return { items: data, page };
}

/** The organization's channels (web chat included): the ones an agent may answer on. */
export function useOrganizationChannels(workspaceId: string | null) {
  return useQuery({
    queryKey: csAgentKeys.channels(workspaceId),
    queryFn: () => http.call(channelEndpoints.list, { silent: true }),
  });
}

/** The organization's teams (the first 100): where a handed-over conversation may go. */
export function useOrganizationTeams(workspaceId: string | null) {
  return useQuery({
    queryKey: csAgentKeys.teams(workspaceId),
    queryFn: () => http.call(teamEndpoints.list, { query: { page: 1, size: 100 }, silent: true }),
  });
}

export function useAgent(workspaceId: string | null, id: string) {
  return useQuery({
    queryKey: csAgentKeys.one(workspaceId, id),
    queryFn: () => http.call(csAgentEndpoints.get, { params: { id } }),
  });
}

/** Create or change an agent; errors are left to the form (not toasted). */
export function useSaveAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: CsAgentUpdateBody } | { id?: undefined; body: CsAgentBody }) => {
      if (input.id === undefined) return http.call(csAgentEndpoints.create, { body: input.body, silent: true });
      return http.call(csAgentEndpoints.update, { params: { id: input.id }, body: input.body, silent: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csAgentKeys.all }),
  });
}

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.call(csAgentEndpoints.remove, { params: { id }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csAgentKeys.all }),
  });
}

export function useInstructions(workspaceId: string | null, id: string) {
  return useQuery({
    queryKey: csAgentKeys.instructions(workspaceId, id),
    queryFn: () => http.call(csInstructionEndpoints.list, { params: { id } }),
  });
}

/** Add, change, delete and reorder an agent's instructions; each refreshes the list. */
export function useInstructionActions(agentId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: csAgentKeys.all });
  const save = useMutation({
    mutationFn: ({ instructionId, body }: { instructionId?: string; body: CsInstructionBody }) =>
      instructionId
        ? http.call(csInstructionEndpoints.update, {
            params: { id: agentId, instruction_id: instructionId },
            body,
            silent: true,
          })
        : http.call(csInstructionEndpoints.create, { params: { id: agentId }, body, silent: true }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (instructionId: string) =>
      http.call(csInstructionEndpoints.remove, {
        params: { id: agentId, instruction_id: instructionId },
        silent: true,
      }),
    onSuccess: refresh,
  });
  const reorder = useMutation({
    mutationFn: (ids: string[]) =>
      http.call(csInstructionEndpoints.reorder, { params: { id: agentId }, body: { ids } }),
    onSettled: refresh,
  });
  return { save, remove, reorder };
}

export async function listArticles(agentId: string, { page: at, size, keyword }: ListParams<object>) {
  const { data, page } = await http.callEnvelope(knowledgeEndpoints.list, {
    params: { id: agentId },
    query: { page: at, size, keyword: keyword || undefined },
  });
  return { items: data, page };
}

/** An article with its whole content, for its editor. */
export function useArticle(agentId: string, articleId: string | null) {
  return useQuery({
    queryKey: ['cs-agents', 'article', agentId, articleId],
    queryFn: () => http.call(knowledgeEndpoints.get, { params: { id: agentId, article_id: articleId ?? '' } }),
    enabled: articleId !== null,
  });
}

export function useArticleActions(agentId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: csAgentKeys.all });
  const save = useMutation({
    mutationFn: ({ articleId, body }: { articleId?: string; body: KnowledgeArticleBody }) =>
      articleId
        ? http.call(knowledgeEndpoints.update, { params: { id: agentId, article_id: articleId }, body, silent: true })
        : http.call(knowledgeEndpoints.create, { params: { id: agentId }, body, silent: true }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (articleId: string) =>
      http.call(knowledgeEndpoints.remove, { params: { id: agentId, article_id: articleId }, silent: true }),
    onSuccess: refresh,
  });
  return { save, remove };
}

/** What an article is imported from: a chosen file, or a web address. */
export type ArticleImport = { file: File } | { url: string };

/** Import an article (the server reads its text and indexes it); errors are left to the drawer. */
export function useArticleImport(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: ArticleImport) => {
      if ('url' in source)
        return http.call(knowledgeEndpoints.importUrl, { params: { id: agentId }, body: source, silent: true });
      const form = new FormData();
      form.append('file', source.file, source.file.name);
      return http.call(knowledgeEndpoints.importFile, { params: { id: agentId }, form, silent: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csAgentKeys.all }),
  });
}

/** "Try it": the agent's answer to a question with what it drew on; nothing is sent. Its tokens count as usage. */
export function usePreview(workspaceId: string | null, agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CsAgentPreviewBody) =>
      http.call(csAgentToolEndpoints.preview, { params: { id: agentId }, body, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cs-agents', workspaceId, 'usage', agentId] }),
  });
}

/** The agent's tokens, answers and handoffs over the last `days` days, and this month's against its budgets. */
export function useAgentUsage(workspaceId: string | null, agentId: string, days = 30) {
  return useQuery({
    queryKey: csAgentKeys.usage(workspaceId, agentId, days),
    queryFn: () => http.call(csAgentToolEndpoints.usage, { params: { id: agentId }, query: { days } }),
  });
}
