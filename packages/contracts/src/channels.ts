import { z } from 'zod';
import { messageResultSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';

/** Where customers write from: Meta's three messaging products, and the chat widget on the organization's site. */
export const CHANNEL_TYPES = ['whatsapp', 'messenger', 'instagram', 'webchat'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const META_CHANNEL_TYPES = ['whatsapp', 'messenger', 'instagram'] as const;
export type MetaChannelType = (typeof META_CHANNEL_TYPES)[number];

export const CHANNEL_LIMITS = { nameMax: 100, tokenMax: 2000, secretMax: 200, verifyTokenMax: 200 } as const;

/**
 * `active`; `needs_reauth` once Meta refuses the channel's token (code 190) on a send or a media fetch, until an
 * admin saves a new one.
 */
export const CHANNEL_STATUSES = ['active', 'needs_reauth'] as const;

const nameField = z
  .string({ error: 'channel_name_required' })
  .trim()
  .min(1, { error: 'channel_name_required' })
  .max(CHANNEL_LIMITS.nameMax, { error: 'channel_name_max' });
/** Graph object ids (phone number, business account, Page, Instagram account) are numeric strings. */
const graphIdField = z
  .string({ error: 'graph_id_invalid' })
  .trim()
  .regex(/^\d{1,32}$/, { error: 'graph_id_invalid' });
const secretField = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[\x21-\x7e]+$/, { error: 'channel_secret_invalid' });

const metaSecrets = {
  access_token: secretField(CHANNEL_LIMITS.tokenMax),
  app_secret: secretField(CHANNEL_LIMITS.secretMax),
  verify_token: secretField(CHANNEL_LIMITS.verifyTokenMax),
};

export const createChannelBodySchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('whatsapp'),
      name: nameField,
      phone_number_id: graphIdField,
      business_account_id: graphIdField,
      ...metaSecrets,
    }),
    z.object({ type: z.literal('messenger'), name: nameField, page_id: graphIdField, ...metaSecrets }),
    z.object({
      type: z.literal('instagram'),
      name: nameField,
      instagram_account_id: graphIdField,
      page_id: graphIdField,
      ...metaSecrets,
    }),
    z.object({ type: z.literal('webchat'), name: nameField }),
  ],
  { error: 'channel_type_invalid' },
);
export type CreateChannelBody = z.input<typeof createChannelBodySchema>;

/** A change: the name, the Graph ids of its type, and new secrets; a secret left out keeps the stored one. */
export const updateChannelBodySchema = z.object({
  name: nameField.optional(),
  phone_number_id: graphIdField.optional(),
  business_account_id: graphIdField.optional(),
  page_id: graphIdField.optional(),
  instagram_account_id: graphIdField.optional(),
  access_token: metaSecrets.access_token.optional(),
  app_secret: metaSecrets.app_secret.optional(),
  verify_token: metaSecrets.verify_token.optional(),
});
export type UpdateChannelBody = z.input<typeof updateChannelBodySchema>;

export const channelSchema = z.object({
  id: z.uuid(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string(),
  status: z.enum(CHANNEL_STATUSES),
  /** where Meta posts this channel's events (absolute, from PUBLIC_URL); the widget's origin for web chat */
  webhook_url: z.string(),
  phone_number_id: z.string().nullable(),
  business_account_id: z.string().nullable(),
  page_id: z.string().nullable(),
  instagram_account_id: z.string().nullable(),
  /** the last four characters only ("…abcd"); null for web chat */
  access_token_hint: z.string().nullable(),
  app_secret_hint: z.string().nullable(),
  /** shown whole so an admin can paste it into Meta's webhook settings */
  verify_token: z.string().nullable(),
  /** the key the web-chat widget is embedded with; null for Meta channels */
  widget_key: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Channel = z.infer<typeof channelSchema>;

const idParams = z.object({ id: z.uuid() });

export const channelEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/channels',
    response: z.array(channelSchema),
    summary: "The organization's channels, oldest first; secrets never whole",
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/channels',
    body: createChannelBodySchema,
    response: channelSchema,
    summary: "Connect a channel; a Meta channel's token is checked with Graph first, and the channel limit holds",
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/channels/:id',
    params: idParams,
    response: channelSchema,
    summary: 'One channel',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/channels/:id',
    params: idParams,
    body: updateChannelBodySchema,
    response: channelSchema,
    summary: 'Rename a channel or give it new ids or secrets (a new token is checked with Graph)',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/channels/:id',
    params: idParams,
    response: messageResultSchema,
    summary: 'Disconnect a channel',
  }),
};
