import { FacebookOutlined, InstagramOutlined, MessageOutlined, WhatsAppOutlined } from '@ant-design/icons';
import {
  type Channel,
  type ChannelType,
  type CreateChannelBody,
  channelEndpoints,
  type UpdateChannelBody,
} from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';

export const channelKeys = {
  all: ['channels'] as const,
  list: (workspaceId: string | null) => ['channels', workspaceId, 'list'] as const,
};

/** The Graph ids each type is configured with, in the order the form and the cards show them. */
export const ID_FIELDS = {
  whatsapp: ['phone_number_id', 'business_account_id'],
  messenger: ['page_id'],
  instagram: ['instagram_account_id', 'page_id'],
  webchat: [],
} as const satisfies Record<ChannelType, readonly (keyof Channel)[]>;
export type IdField = (typeof ID_FIELDS)[ChannelType][number];

export const SECRET_FIELDS = ['access_token', 'app_secret', 'verify_token'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

/** Each type's logo (Messenger has none of its own: Facebook's). */
export const TYPE_ICONS = {
  whatsapp: WhatsAppOutlined,
  messenger: FacebookOutlined,
  instagram: InstagramOutlined,
  webchat: MessageOutlined,
} satisfies Record<ChannelType, unknown>;

export const isMeta = (type: ChannelType) => type !== 'webchat';

export function useChannels(workspaceId: string | null) {
  return useQuery({ queryKey: channelKeys.list(workspaceId), queryFn: () => http.call(channelEndpoints.list) });
}

/** Connects a channel, or changes the one with `id` (a secret left out keeps the stored one). */
export function useSaveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: string; body: UpdateChannelBody } | { body: CreateChannelBody }) =>
      'id' in change
        ? http.call(channelEndpoints.update, { params: { id: change.id }, body: change.body })
        : http.call(channelEndpoints.create, { body: change.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.call(channelEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}

/** A random verify token: 32 hex characters. */
export function randomToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
