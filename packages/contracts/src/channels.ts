import { z } from 'zod';
import { messageResultSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { widgetSettingsBodySchema, widgetSettingsSchema } from './webchat.ts';

/** Where customers write from: Meta's three messaging products, and the chat widget on the organization's site. */
export const CHANNEL_TYPES = ['whatsapp', 'messenger', 'instagram', 'webchat'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const META_CHANNEL_TYPES = ['whatsapp', 'messenger', 'instagram'] as const;
export type MetaChannelType = (typeof META_CHANNEL_TYPES)[number];

export const CHANNEL_LIMITS = {
  nameMax: 100,
  tokenMax: 2000,
  secretMax: 200,
  verifyTokenMax: 200,
  /** the sites a web-chat widget may be used on (the catalogue's `webchat_origins_max` names this number) */
  allowedOriginsMax: 20,
  originMax: 300,
  /** auto-assignment's cap of open conversations per member on a channel */
  maxOpenPerMemberMax: 1000,
  /** a WhatsApp number's send rate for broadcasts: Meta's default throughput, and the most after a tier raise */
  messagesPerSecondDefault: 80,
  messagesPerSecondMax: 1000,
} as const;

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

/** The WHATWG URL parser of every runtime the contracts run in (browsers, Node), which their `lib` does not type. */
declare const URL: new (
  input: string,
) => { protocol: string; username: string; password: string; pathname: string; origin: string };

function parseUrl(value: string) {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * A site's origin as browsers send it in `Origin`: `scheme://host[:port]`, the host in lower case (and punycode),
 * the default port left out. Null for anything but an http(s) address without user, path, query or fragment.
 */
export function normaliseOrigin(value: string): string | null {
  const url = parseUrl(value.trim());
  if (!url || /[?#]/.test(value)) return null;
  const plain = !url.username && !url.password && url.pathname === '/';
  return (url.protocol === 'https:' || url.protocol === 'http:') && plain ? url.origin : null;
}

const originField = z
  .string({ error: 'webchat_origin_invalid' })
  .trim()
  .max(CHANNEL_LIMITS.originMax, { error: 'webchat_origin_invalid' })
  .refine((value) => normaliseOrigin(value) !== null, { error: 'webchat_origin_invalid' })
  .transform((value) => normaliseOrigin(value)!);

/** The sites allowed to use a web-chat widget, each once; empty: any site. */
export const allowedOriginsField = z
  .array(originField, { error: 'webchat_origin_invalid' })
  .max(CHANNEL_LIMITS.allowedOriginsMax, { error: 'webchat_origins_max' })
  .transform((origins) => [...new Set(origins)]);

/** How a channel's new conversations find their agent: left for someone to take, or given in turn. */
export const AUTO_ASSIGN_MODES = ['off', 'round_robin'] as const;
export type AutoAssignMode = (typeof AUTO_ASSIGN_MODES)[number];

/**
 * Auto-assignment of a channel, given whole: `round_robin` gives each conversation a customer opens to the next
 * `online` member (of `team_id` when set, else anyone who may answer conversations) with fewer than
 * `max_open_per_member` open conversations on the channel (no cap when absent); nobody such: left unassigned.
 */
export const autoAssignBodySchema = z.object(
  {
    mode: z.enum(AUTO_ASSIGN_MODES, { error: 'auto_assign_mode_invalid' }),
    team_id: z.uuid({ error: 'team_invalid' }).nullable().optional(),
    max_open_per_member: z
      .number({ error: 'auto_assign_cap_invalid' })
      .int({ error: 'auto_assign_cap_invalid' })
      .min(1, { error: 'auto_assign_cap_invalid' })
      .max(CHANNEL_LIMITS.maxOpenPerMemberMax, { error: 'auto_assign_cap_invalid' })
      .nullable()
      .optional(),
  },
  { error: 'auto_assign_mode_invalid' },
);
export type AutoAssignBody = z.input<typeof autoAssignBodySchema>;
export const autoAssignSchema = z.object({
  mode: z.enum(AUTO_ASSIGN_MODES),
  team_id: z.uuid().nullable(),
  max_open_per_member: z.number().int().nullable(),
});
export type AutoAssign = z.infer<typeof autoAssignSchema>;

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
    z.object({
      type: z.literal('webchat'),
      name: nameField,
      allowed_origins: allowedOriginsField.optional(),
      widget: widgetSettingsBodySchema.optional(),
    }),
  ],
  { error: 'channel_type_invalid' },
);
export type CreateChannelBody = z.input<typeof createChannelBodySchema>;

/**
 * A change: the name, the Graph ids of its type, new secrets (a secret left out keeps the stored one), a web
 * chat's allowed sites, and the auto-assignment.
 */
export const updateChannelBodySchema = z.object({
  name: nameField.optional(),
  phone_number_id: graphIdField.optional(),
  business_account_id: graphIdField.optional(),
  page_id: graphIdField.optional(),
  instagram_account_id: graphIdField.optional(),
  access_token: metaSecrets.access_token.optional(),
  app_secret: metaSecrets.app_secret.optional(),
  verify_token: metaSecrets.verify_token.optional(),
  /** web chat only: the whole new list */
  allowed_origins: allowedOriginsField.optional(),
  /** any channel: its auto-assignment, whole */
  auto_assign: autoAssignBodySchema.optional(),
  /** web chat only: the widget's look, pre-chat form and business hours (the fields given change) */
  widget: widgetSettingsBodySchema.optional(),
  /** WhatsApp only: the rate broadcasts send at on this number, 1 to 1,000 a second */
  messages_per_second: z
    .number({ error: 'messages_per_second_invalid' })
    .int({ error: 'messages_per_second_invalid' })
    .min(1, { error: 'messages_per_second_invalid' })
    .max(CHANNEL_LIMITS.messagesPerSecondMax, { error: 'messages_per_second_invalid' })
    .optional(),
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
  /**
   * web chat: the sites (origins) whose pages may use the widget, besides the app's own; empty: any site. Always
   * empty for Meta channels.
   */
  allowed_origins: z.array(z.string()),
  /** who the channel's new conversations go to (`mode: "off"`: nobody until someone takes them) */
  auto_assign: autoAssignSchema,
  /** web chat: the widget's settings; null for Meta channels */
  widget: widgetSettingsSchema.nullable(),
  /** WhatsApp: the rate broadcasts send at (default 80); null for other channels */
  messages_per_second: z.number().int().nullable(),
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
    summary:
      'Rename a channel, give it new ids or secrets (a new token is checked with Graph), or set its auto-assignment',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/channels/:id',
    params: idParams,
    response: messageResultSchema,
    summary: 'Disconnect a channel',
  }),
};
