import {
  type AssignConversationBody,
  type CannedReplyBody,
  CONVERSATION_FILTERS,
  type CreateConversationBody,
  cannedReplyEndpoints,
  channelEndpoints,
  conversationEndpoints,
  type SendMessageBody,
  type ThreadItem,
} from '@omnichat/contracts';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';

export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];
export { CONVERSATION_FILTERS };

/** A thread page holds 50 messages; the thread loads older pages as the agent scrolls up. */
export const THREAD_PAGE_SIZE = 50;
const LIST_PAGE_SIZE = 30;

export const chatKeys = {
  all: ['conversations'] as const,
  list: (workspaceId: string | null, filter: ConversationFilter, keyword: string, labelId?: string) =>
    ['conversations', workspaceId, 'list', filter, keyword, labelId ?? null] as const,
  detail: (workspaceId: string | null, id: string) => ['conversations', workspaceId, 'detail', id] as const,
  thread: (workspaceId: string | null, id: string) => ['conversations', workspaceId, 'thread', id] as const,
  ofCustomer: (workspaceId: string | null, customerId: string) =>
    ['conversations', workspaceId, 'customer', customerId] as const,
  canned: (workspaceId: string | null) => ['canned-replies', workspaceId] as const,
  channels: (workspaceId: string | null) => ['channels', workspaceId] as const,
};

/** The chat list: newest activity first, 30 at a time, more as the agent scrolls. */
export function useConversationList(
  workspaceId: string | null,
  filter: ConversationFilter,
  keyword: string,
  labelId?: string,
) {
  return useInfiniteQuery({
    queryKey: chatKeys.list(workspaceId, filter, keyword, labelId),
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      http.callEnvelope(conversationEndpoints.list, {
        query: { filter, keyword: keyword || undefined, label_id: labelId, page: pageParam, size: LIST_PAGE_SIZE },
      }),
    getNextPageParam: (last) => (last.page && last.page.page < last.page.total_pages ? last.page.page + 1 : undefined),
  });
}

export function useConversation(workspaceId: string | null, id: string | null) {
  return useQuery({
    queryKey: chatKeys.detail(workspaceId, id ?? ''),
    queryFn: () => http.call(conversationEndpoints.get, { params: { id: id! } }),
    enabled: !!id,
  });
}

export type ThreadData = InfiniteData<{ data: ThreadItem[]; page?: { page: number; total_pages: number } }, unknown>;

/** The thread: page 1 holds the newest messages; each further page is older. */
export function useThread(workspaceId: string | null, id: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.thread(workspaceId, id),
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      http.callEnvelope(conversationEndpoints.messages, {
        params: { id },
        query: { page: pageParam, size: THREAD_PAGE_SIZE },
      }),
    getNextPageParam: (last) => (last.page && last.page.page < last.page.total_pages ? last.page.page + 1 : undefined),
  });
}

/** Every message and activity line of the loaded pages, oldest first. */
export const threadMessages = (data: ThreadData | undefined): ThreadItem[] =>
  data ? [...data.pages].reverse().flatMap((page) => page.data) : [];

/** Puts a message or activity line into a loaded thread (new at the end, a known one replaced): what the socket pushes. */
export function mergeIntoThread(data: ThreadData | undefined, message: ThreadItem): ThreadData | undefined {
  if (!data?.pages.length) return data;
  const known = data.pages.some((page) => page.data.some((m) => m.id === message.id));
  const pages = data.pages.map((page, index) => {
    if (known) return { ...page, data: page.data.map((m) => (m.id === message.id ? message : m)) };
    return index === 0 ? { ...page, data: [...page.data, message] } : page;
  });
  return { ...data, pages };
}

/** What the composer sends: a reply (text, a file with its caption, a template) or a private note. */
export type Outgoing = { note: true; text: string } | { note?: false; body: SendMessageBody };

/** A file's message type: image, video or audio by its type, any other allowed file a document. */
export const mediaTypeOf = (file: File): 'image' | 'video' | 'audio' | 'document' =>
  /^image\/(jpeg|png|webp)$/.test(file.type)
    ? 'image'
    : file.type === 'video/mp4'
      ? 'video'
      : file.type.startsWith('audio/')
        ? 'audio'
        : 'document';

/** Uploads a file to the conversation; it is sent with `{type, attachment_id}` afterwards. */
export function uploadAttachment(id: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.call(conversationEndpoints.attach, { params: { id }, form });
}

export function useSendMessage(workspaceId: string | null, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outgoing: Outgoing) =>
      outgoing.note
        ? http.call(conversationEndpoints.note, { params: { id }, body: { text: outgoing.text } })
        : http.call(conversationEndpoints.send, { params: { id }, body: outgoing.body }),
    onSuccess: (message) =>
      queryClient.setQueryData<ThreadData>(chatKeys.thread(workspaceId, id), (data) => mergeIntoThread(data, message)),
  });
}

export const markRead = (id: string) => http.call(conversationEndpoints.read, { params: { id } });

export function useAssign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignConversationBody) => http.call(conversationEndpoints.assign, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

export function useSetStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: 'open' | 'closed') =>
      http.call(conversationEndpoints.setStatus, { params: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

/** Takes the conversation over from its channel's AI agent (false) or hands it back (true). */
export function useSetAi(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => http.call(conversationEndpoints.setAi, { params: { id }, body: { active } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConversationBody) => http.call(conversationEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

/** A customer's conversations, open and closed (their page lists them). */
export function useCustomerConversations(workspaceId: string | null, customerId: string) {
  return useQuery({
    queryKey: chatKeys.ofCustomer(workspaceId, customerId),
    queryFn: () =>
      http.call(conversationEndpoints.list, { query: { filter: 'all', customer_id: customerId, page: 1, size: 50 } }),
  });
}

export function useChannels(workspaceId: string | null) {
  return useQuery({ queryKey: chatKeys.channels(workspaceId), queryFn: () => http.call(channelEndpoints.list) });
}

export function useCannedReplies(workspaceId: string | null) {
  return useQuery({
    queryKey: chatKeys.canned(workspaceId),
    queryFn: () => http.call(cannedReplyEndpoints.list, { query: {} }),
  });
}

export function useSaveCannedReply(workspaceId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CannedReplyBody }) =>
      id
        ? http.call(cannedReplyEndpoints.update, { params: { id }, body })
        : http.call(cannedReplyEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.canned(workspaceId) }),
  });
}

export function useDeleteCannedReply(workspaceId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.call(cannedReplyEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.canned(workspaceId) }),
  });
}
