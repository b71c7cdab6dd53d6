import { z } from 'zod';
import { ATTACHMENT_MEDIA_TYPES } from './conversations.ts';
import { endpoint } from './endpoint.ts';
import { emailField } from './fields.ts';

/**
 * The web-chat widget's public API: the widget on a customer's site talks to it with the channel's widget key in
 * the address and, once the visitor started, the visitor token it keeps in their browser as bearer.
 */
export const WEBCHAT_LIMITS = {
  nameMax: 100,
  textMax: 4096,
  history: 200,
  titleMax: 60,
  greetingMax: 500,
  offlineMessageMax: 500,
  agentNameMax: 60,
  commentMax: 1000,
  phoneMax: 40,
  /** the agent avatar's data URL, in characters (about 150 KB of image) */
  avatarMax: 200_000,
  /** a visitor's file: the SPEC's upload limit */
  fileMaxBytes: 20 * 1024 * 1024,
  hoursPerWeekMax: 21,
} as const;

/** Visitors may send the files agents may (contracts/conversations.ts), up to 20 MB. */
export const WEBCHAT_FILE_TYPES = ATTACHMENT_MEDIA_TYPES;

/** How a widget key looks (the channel's `widget_key`). */
export const WIDGET_KEY_PATTERN = /^[\w-]{8,64}$/;
const keyParams = z.object({ key: z.string().regex(WIDGET_KEY_PATTERN) });

/** Each pre-chat question: not asked, asked, or asked and needed before the visitor can write. */
export const PRE_CHAT_MODES = ['off', 'optional', 'required'] as const;
export type PreChatMode = (typeof PRE_CHAT_MODES)[number];
export const PRE_CHAT_FIELDS = ['name', 'email', 'phone'] as const;
export type PreChatField = (typeof PRE_CHAT_FIELDS)[number];

const modeField = z.enum(PRE_CHAT_MODES, { error: 'widget_pre_chat_invalid' });
const timeField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: 'widget_hours_invalid' });

/** One opening span of a weekday (0 Sunday … 6 Saturday), `from` before `to`, in the organization's time zone. */
export const openingSpanSchema = z
  .object({ day: z.number().int().min(0).max(6), from: timeField, to: timeField })
  .refine((span) => span.from < span.to, { error: 'widget_hours_invalid' });
export type OpeningSpan = z.infer<typeof openingSpanSchema>;

/** Business hours: when `enabled`, the widget is offline outside `hours` and asks for an e-mail instead. */
export const businessHoursSchema = z.object({
  enabled: z.boolean(),
  hours: z.array(openingSpanSchema).max(WEBCHAT_LIMITS.hoursPerWeekMax, { error: 'widget_hours_invalid' }),
});
export type BusinessHours = z.infer<typeof businessHoursSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'field_too_long' })
    .nullable()
    .transform((value) => value || null);

/** A colour as `#rrggbb`. */
export const WIDGET_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** A web-chat channel's widget: its look, the pre-chat form, the business hours (the channel's `widget`). */
export const widgetSettingsSchema = z.object({
  color: z.string(),
  /** the panel's title; null: the channel's name */
  title: z.string().nullable(),
  /** the first line of the panel; null: the widget's own greeting in the visitor's language */
  greeting: z.string().nullable(),
  /** who the visitor is told answers them (a person or the team), with a picture (an image data URL) */
  agent_name: z.string().nullable(),
  agent_avatar: z.string().nullable(),
  pre_chat: z.object({ name: z.enum(PRE_CHAT_MODES), email: z.enum(PRE_CHAT_MODES), phone: z.enum(PRE_CHAT_MODES) }),
  business_hours: businessHoursSchema,
  /** shown outside business hours; null: the widget's own words */
  offline_message: z.string().nullable(),
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;

export const DEFAULT_WIDGET_SETTINGS: WidgetSettings = {
  color: '#1064e0',
  title: null,
  greeting: null,
  agent_name: null,
  agent_avatar: null,
  pre_chat: { name: 'off', email: 'off', phone: 'off' },
  business_hours: {
    enabled: false,
    hours: [1, 2, 3, 4, 5].map((day) => ({ day, from: '09:00', to: '18:00' })),
  },
  offline_message: null,
};

/** A change of the widget (`PUT /v1/channels/{id}` with `widget`): the fields given replace the stored ones. */
export const widgetSettingsBodySchema = z.object({
  color: z.string().trim().regex(WIDGET_COLOR_PATTERN, { error: 'widget_color_invalid' }).optional(),
  title: optionalText(WEBCHAT_LIMITS.titleMax).optional(),
  greeting: optionalText(WEBCHAT_LIMITS.greetingMax).optional(),
  agent_name: optionalText(WEBCHAT_LIMITS.agentNameMax).optional(),
  agent_avatar: z
    .string()
    .max(WEBCHAT_LIMITS.avatarMax, { error: 'widget_avatar_invalid' })
    .regex(/^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$|^$/, { error: 'widget_avatar_invalid' })
    .nullable()
    .transform((value) => value || null)
    .optional(),
  pre_chat: z
    .object({ name: modeField.optional(), email: modeField.optional(), phone: modeField.optional() })
    .optional(),
  business_hours: businessHoursSchema.optional(),
  offline_message: optionalText(WEBCHAT_LIMITS.offlineMessageMax).optional(),
});
export type WidgetSettingsBody = z.input<typeof widgetSettingsBodySchema>;

/** The stored settings with a change applied. */
export function applyWidgetChange(
  stored: WidgetSettings,
  change: z.output<typeof widgetSettingsBodySchema>,
): WidgetSettings {
  const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  const preChat = Object.fromEntries(Object.entries(change.pre_chat ?? {}).filter(([, value]) => value !== undefined));
  return { ...stored, ...defined, pre_chat: { ...stored.pre_chat, ...preChat } } as WidgetSettings;
}

/** Whether `at` falls in the business hours, read in `timeZone` (an IANA identifier). */
export function isWithinHours(hours: BusinessHours, timeZone: string, at: Date = new Date()): boolean {
  if (!hours.enabled) return true;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  const time = `${part('hour')}:${part('minute')}`;
  return hours.hours.some((span) => span.day === day && span.from <= time && time < span.to);
}

/** What the widget shows before anyone writes: its look, the questions it asks, and whether someone answers now. */
export const webchatConfigSchema = z.object({
  /** the channel's name */
  name: z.string(),
  /** the panel's title: the one set, else the channel's name */
  title: z.string(),
  color: z.string(),
  greeting: z.string().nullable(),
  agent_name: z.string().nullable(),
  agent_avatar: z.string().nullable(),
  pre_chat: widgetSettingsSchema.shape.pre_chat,
  business_hours: businessHoursSchema,
  /** the organization's time zone, which the business hours are in */
  time_zone: z.string(),
  /** false outside business hours: the widget shows `offline_message` and asks for an e-mail */
  online: z.boolean(),
  offline_message: z.string().nullable(),
  /** the files a visitor may send, and how large */
  file_types: z.array(z.string()),
  file_max_bytes: z.number(),
  /** the channel's widget settings as `PUT /v1/channels/{id}` sets them (the fields above, resolved for the widget) */
  widget: widgetSettingsSchema,
});
export type WebchatConfig = z.infer<typeof webchatConfigSchema>;

const visitorNameField = z.string().trim().max(WEBCHAT_LIMITS.nameMax, { error: 'field_too_long' });
const visitorPhoneField = z.string().trim().max(WEBCHAT_LIMITS.phoneMax, { error: 'phone_invalid' });
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The pre-chat answers (each optional here; the channel's settings say which are required). */
export const webchatVisitorBodySchema = z.object({
  name: z.preprocess(blankToUndefined, visitorNameField.optional()),
  email: z.preprocess(blankToUndefined, emailField.optional()),
  phone: z.preprocess(blankToUndefined, visitorPhoneField.optional()),
});
export type WebchatVisitorBody = z.input<typeof webchatVisitorBodySchema>;

export const webchatVisitorSchema = z.object({
  visitor_id: z.uuid(),
  /** kept by the widget in the visitor's browser; sent as `Authorization: Bearer` and to the event stream */
  visitor_token: z.string(),
});
export type WebchatVisitor = z.infer<typeof webchatVisitorSchema>;

/** A file in the visitor's thread; `url` answers only this visitor (their token as bearer or `?token=`). */
export const webchatAttachmentSchema = z.object({
  url: z.string(),
  content_type: z.string(),
  filename: z.string(),
  size: z.number().nullable(),
});
export type WebchatAttachment = z.infer<typeof webchatAttachmentSchema>;

/** What the visitor sees of the thread: their messages and the agents' replies, never private notes. */
export const webchatMessageSchema = z.object({
  id: z.uuid(),
  direction: z.enum(['inbound', 'outbound']),
  text: z.string().nullable(),
  /** a file sent either way, else null */
  attachment: webchatAttachmentSchema.nullable(),
  seq: z.number(),
  created_at: z.number(),
});
export type WebchatMessage = z.infer<typeof webchatMessageSchema>;

export const webchatSendBodySchema = z
  .object({
    text: z.string().trim().max(WEBCHAT_LIMITS.textMax).optional(),
    /** a file uploaded by this visitor (`POST .../attachments`), with `text` as its caption */
    attachment_id: z.uuid().optional(),
    /** the widget's id for the message, so a retried send is stored once */
    client_id: z.uuid(),
  })
  .refine((body) => Boolean(body.text) || body.attachment_id !== undefined, {
    error: 'message_text_required',
    path: ['text'],
  });

export const webchatUploadSchema = z.object({
  id: z.uuid(),
  content_type: z.string(),
  filename: z.string(),
  size: z.number(),
});

/** The visitor's conversation as they see it: whether it is closed, and their rating of it. */
export const webchatConversationSchema = z.object({
  id: z.uuid(),
  status: z.enum(['open', 'closed']),
  csat_score: z.number().nullable(),
});
export type WebchatConversation = z.infer<typeof webchatConversationSchema>;

export const webchatRatingBodySchema = z.object({
  score: z
    .number({ error: 'csat_score_invalid' })
    .int({ error: 'csat_score_invalid' })
    .min(1, { error: 'csat_score_invalid' })
    .max(5, { error: 'csat_score_invalid' }),
  comment: z.preprocess(
    blankToUndefined,
    z.string().trim().max(WEBCHAT_LIMITS.commentMax, { error: 'field_too_long' }).optional(),
  ),
  /** the closed conversation rated; default: the visitor's latest */
  conversation_id: z.uuid().optional(),
});

export const webchatContactBodySchema = z.object({ email: emailField });

export const webchatEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/public/v1/webchat/:key',
    params: keyParams,
    response: webchatConfigSchema,
    summary: "The widget's look, pre-chat questions and business hours; 404 for a key no channel has",
  }),
  start: endpoint({
    method: 'POST',
    path: '/public/v1/webchat/:key/visitors',
    params: keyParams,
    body: webchatVisitorBodySchema,
    response: webchatVisitorSchema,
    summary:
      'A new visitor and the token their browser keeps; with pre-chat answers (required ones must be given) they become a customer',
  }),
  messages: endpoint({
    method: 'GET',
    path: '/public/v1/webchat/:key/messages',
    params: keyParams,
    query: z.object({ after_seq: z.coerce.number().int().min(0).default(0) }),
    response: z.array(webchatMessageSchema),
    summary: "The visitor's thread after `after_seq`, oldest first (the last 200 at most)",
  }),
  send: endpoint({
    method: 'POST',
    path: '/public/v1/webchat/:key/messages',
    params: keyParams,
    body: webchatSendBodySchema,
    response: webchatMessageSchema,
    summary: 'The visitor writes (text, or a file they uploaded with an optional caption): the agents see it live',
  }),
  conversation: endpoint({
    method: 'GET',
    path: '/public/v1/webchat/:key/conversation',
    params: keyParams,
    response: webchatConversationSchema.nullable(),
    summary: "The visitor's latest conversation: open or closed, and their rating; null before they wrote",
  }),
  rate: endpoint({
    method: 'POST',
    path: '/public/v1/webchat/:key/rating',
    params: keyParams,
    body: webchatRatingBodySchema,
    response: webchatConversationSchema,
    summary: 'The visitor rates their closed conversation 1 to 5, with an optional comment',
  }),
  contact: endpoint({
    method: 'POST',
    path: '/public/v1/webchat/:key/contact',
    params: keyParams,
    body: webchatContactBodySchema,
    response: webchatMessageSchema,
    summary: 'Outside business hours: the e-mail the visitor wants an answer at (kept on them, and in the thread)',
  }),
};
/** Server-sent events of a visitor's thread: `message` (a WebchatMessage), `status` and `typing`. */
export const WEBCHAT_EVENTS_PATH = '/public/v1/webchat/:key/events';
/** `POST` multipart (`file`), the visitor token as bearer: `{id}` to send with `attachment_id`. */
export const WEBCHAT_ATTACHMENTS_PATH = '/public/v1/webchat/:key/attachments';
/** A file of the visitor's thread, for them only. */
export const WEBCHAT_FILE_PATH = '/public/v1/webchat/:key/files/:id';

/** `event: status` of the visitor's stream: an agent closed or reopened their conversation. */
export interface WebchatStatusEvent {
  conversation_id: string;
  status: 'open' | 'closed';
}
/** `event: typing` of the visitor's stream: an agent is (or stopped) writing to them. */
export interface WebchatTypingEvent {
  typing: boolean;
}
