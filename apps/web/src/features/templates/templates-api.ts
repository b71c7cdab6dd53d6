import {
  channelEndpoints,
  endpoint,
  TEMPLATE_MEDIA_PATH,
  type TemplateBody,
  type TemplateStatus,
  templateEndpoints,
  templateMediaSchema,
  type WhatsappTemplate,
} from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';
import type { ListPage, ListParams } from '../../ui/list/use-list.ts';

export interface TemplateFilters {
  channel_id?: string;
  status?: TemplateStatus;
}

export const templateKeys = {
  all: ['whatsapp-templates'] as const,
  list: (workspaceId: string | null, params: unknown) => ['whatsapp-templates', workspaceId, 'list', params] as const,
  approved: (workspaceId: string | null, channelId: string) =>
    ['whatsapp-templates', workspaceId, 'approved', channelId] as const,
  channels: (workspaceId: string | null) => ['whatsapp-templates', workspaceId, 'channels'] as const,
};

export async function listTemplates({
  page: at,
  size,
  keyword,
  filters,
}: ListParams<TemplateFilters>): Promise<ListPage<WhatsappTemplate>> {
  const { data, page } = await http.callEnvelope(templateEndpoints.list, {
    query: { page: at, size, keyword: keyword || undefined, ...filters },
  });
  return { items: data, page };
}

/** The organization's WhatsApp channels: templates belong to one. */
export function useWhatsappChannels(workspaceId: string | null) {
  return useQuery({
    queryKey: templateKeys.channels(workspaceId),
    queryFn: async () => (await http.call(channelEndpoints.list)).filter((channel) => channel.type === 'whatsapp'),
  });
}

/** A channel's approved templates (the inbox's picker): the first 100. */
export function useApprovedTemplates(workspaceId: string | null, channelId: string) {
  return useQuery({
    queryKey: templateKeys.approved(workspaceId, channelId),
    queryFn: () =>
      http.call(templateEndpoints.list, { query: { channel_id: channelId, status: 'approved', page: 1, size: 100 } }),
  });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TemplateBody }) =>
      id
        ? http.call(templateEndpoints.update, { params: { id }, body, inlineFields: true, silent: true })
        : http.call(templateEndpoints.create, { body, inlineFields: true, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.call(templateEndpoints.remove, { params: { id }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useSyncTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: string) => http.call(templateEndpoints.sync, { body: { channel_id: channelId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** A header sample uploaded for the channel: its `attachment_id` goes in the template's header. */
export async function uploadHeaderMedia(channelId: string, file: File) {
  const form = new FormData();
  form.append('channel_id', channelId);
  form.append('file', file, file.name);
  return http.call(mediaEndpoint, { form, silent: true });
}

const mediaEndpoint = endpoint({
  method: 'POST',
  path: TEMPLATE_MEDIA_PATH,
  response: templateMediaSchema,
  summary: 'A header sample, uploaded to Meta',
});
