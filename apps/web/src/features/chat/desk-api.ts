import {
  type BulkConversationsBody,
  type ConversationLabelBody,
  conversationActionEndpoints,
  conversationLabelEndpoints,
  type ThreadActivity,
} from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';
import { chatKeys } from './chat-api.ts';

export const labelKeys = { all: (workspaceId: string | null) => ['conversation-labels', workspaceId] as const };

/** The organization's conversation labels (every agent reads them). */
export function useLabels(workspaceId: string | null) {
  return useQuery({
    queryKey: labelKeys.all(workspaceId),
    queryFn: () => http.call(conversationLabelEndpoints.list),
  });
}

/** After an action: the lists, the conversation and its thread (with its new activity line) read again. */
const useRefreshInbox = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: chatKeys.all });
};

/** Snooze until a time (unix seconds) or, with null, until the customer's next message. */
export function useSnooze(id: string) {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: (until: number | null) =>
      http.call(conversationActionEndpoints.snooze, { params: { id }, body: { until } }),
    onSuccess: refresh,
  });
}

export function useSetLabels(id: string) {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: (labelIds: string[]) =>
      http.call(conversationActionEndpoints.setLabels, { params: { id }, body: { label_ids: labelIds } }),
    onSuccess: refresh,
  });
}

export function useBulk() {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: (body: BulkConversationsBody) => http.call(conversationActionEndpoints.bulk, { body }),
    onSuccess: refresh,
  });
}

export function useSaveLabel(workspaceId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ConversationLabelBody }) =>
      id
        ? http.call(conversationLabelEndpoints.update, { params: { id }, body })
        : http.call(conversationLabelEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labelKeys.all(workspaceId) }),
  });
}

export function useDeleteLabel(workspaceId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.call(conversationLabelEndpoints.remove, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: labelKeys.all(workspaceId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    },
  });
}

export const isActivity = (item: { type: string }): item is ThreadActivity => item.type === 'activity';
