import { z } from 'zod';
import { threadActivitySchema } from './conversation-activity.ts';
import { conversationLabelSchema } from './conversation-labels.ts';
import { endpoint } from './endpoint.ts';
import { pageField, pageSizeField } from './fields.ts';

/**
 * The chat list's filters (SPEC 2): every open one I may see, mine, my teams', those I have not read, closed; and
 * the snoozed ones, which the others leave out until they come back.
 */
export const CONVERSATION_FILTERS = ['all', 'me', 'supervised', 'unread', 'closed', 'snoozed'] as const;
export const MESSAGE_STATUSES = ['received', 'wait_to_send', 'sent', 'delivered', 'read', 'failed'] as const;

export const conversationSchema = z.object({
  id: z.uuid(),
  channel_id: z.uuid(),
  channel_type: z.enum(['whatsapp', 'messenger', 'instagram', 'webchat']),
  status: z.enum(['open', 'closed']),
  /** inbound messages since the signed-in member last read it */
  unread_count: z.number(),
  last_message_at: z.number().nullable(),
  last_message_preview: z.string().nullable(),
  assignee_member_id: z.uuid().nullable(),
  team_id: z.uuid().nullable(),
  all_teams: z.boolean(),
  customer: z.object({ id: z.uuid(), display_name: z.string(), phone: z.string().nullable() }),
  created_at: z.number(),
  /** its labels, by name */
  labels: z.array(conversationLabelSchema),
  /** snoozed: out of the open lists until `snoozed_until` (unix seconds) or, when that is null, the customer's next message */
  snoozed: z.boolean(),
  snoozed_until: z.number().nullable(),
  /**
   * an AI agent bound to its channel may answer it (while no person is assigned); false once it handed the
   * conversation to people or a member took it over (`PUT /v1/conversations/{id}/ai`)
   */
  ai_active: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationDetailSchema = conversationSchema.extend({
  /** Meta's time of the customer's last message + 24 hours; null when they never wrote */
  session_expires_at: z.number().nullable(),
  /** the customer's rating of the closed conversation (web chat), 1 to 5, with their comment and when */
  csat_score: z.number().nullable(),
  csat_comment: z.string().nullable(),
  csat_rated_at: z.number().nullable(),
  /** the AI agent bound to its channel (it answers while `ai_active`); null when the channel has none */
  ai_agent: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** Who wrote a message: the customer, a member, an AI agent, or the system (a broadcast, a workflow, an echo). */
export const MESSAGE_SENDER_TYPES = ['customer', 'member', 'ai_agent', 'system'] as const;

export const messageSchema = z.object({
  id: z.uuid(),
  conversation_id: z.uuid(),
  direction: z.enum(['inbound', 'outbound']),
  sender_type: z.enum(MESSAGE_SENDER_TYPES),
  /** an AI agent's answer: the knowledge articles it drew on (shown to members, never to the customer) */
  sources: z.array(z.object({ article_id: z.uuid(), title: z.string() })).nullable(),
  type: z.string(),
  text: z.string().nullable(),
  content: z.record(z.string(), z.unknown()),
  status: z.enum(MESSAGE_STATUSES),
  external_id: z.string().nullable(),
  /** a received file, served to members who may see the conversation; null until fetched from Meta */
  media_url: z.string().nullable(),
  media_type: z.string().nullable(),
  error_code: z.number().nullable(),
  error_title: z.string().nullable(),
  /** the order of every message of the organization: what a reconnecting socket asks to catch up after */
  seq: z.number(),
  created_at: z.number(),
});
export type Message = z.infer<typeof messageSchema>;

/** A thread's item: a message, or an activity line (`type: "activity"`) among them by time. */
export const threadItemSchema = z.union([threadActivitySchema, messageSchema]);
export type ThreadItem = z.infer<typeof threadItemSchema>;

export const conversationListQuerySchema = z.object({
  filter: z.enum(CONVERSATION_FILTERS).default('all'),
  keyword: z.string().trim().max(100).optional(),
  /** one customer's conversations across channels (their page lists them) */
  customer_id: z.uuid().optional(),
  /** only those carrying this label */
  label_id: z.uuid().optional(),
  page: pageField,
  size: pageSizeField,
});
/**
 * Files an agent may send: images, MP4 video, audio, PDF and Office documents, at most ATTACHMENT_MAX_BYTES
 * (WhatsApp's limit for video and audio). WhatsApp itself takes images up to 5 MB and WebP only as stickers, so
 * it may refuse a WebP or larger image: the message is then failed with Meta's reason.
 */
export const ATTACHMENT_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'video/mp4',
  'audio/mpeg',
  'audio/ogg',
  'audio/aac',
  'audio/mp4',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
export const ATTACHMENT_MAX_BYTES = 16 * 1024 * 1024;
/** The message types that carry an uploaded file; `document` takes any type of ATTACHMENT_MEDIA_TYPES. */
export const MEDIA_MESSAGE_TYPES = ['image', 'video', 'audio', 'document'] as const;

/** An uploaded file, to send in the conversation it was uploaded to with `{type, attachment_id}`. */
export const attachmentSchema = z.object({
  attachment_id: z.uuid(),
  media_type: z.enum(ATTACHMENT_MEDIA_TYPES),
  size: z.number(),
  filename: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** An approved WhatsApp message template: its name, its language code (`en_US`, `zh_HK`) and Meta's components. */
export const messageTemplateSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,512}$/),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Za-z]{2,4})?$/),
  components: z
    .array(z.looseObject({ type: z.string().min(1).max(50) }))
    .max(20)
    .optional(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/**
 * Free-form text; a file uploaded to the conversation with an optional caption (none on audio); or, on WhatsApp,
 * a template, the one kind allowed outside the 24-hour window. Messenger and Instagram take text and files up to
 * 7 days after the customer's last message (Meta's human-agent tag after the first 24 hours).
 */
export const sendMessageBodySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z.string().trim().min(1, { error: 'message_text_required' }).max(4096),
  }),
  z.object({
    type: z.enum(MEDIA_MESSAGE_TYPES),
    attachment_id: z.uuid(),
    caption: z.string().trim().max(1024).optional(),
  }),
  z.object({ type: z.literal('template'), template: messageTemplateSchema }),
]);
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

/** Who handles a conversation (SPEC 6): a member, a team, or every team; nulls and false clear them. */
export const assignConversationBodySchema = z.object({
  assignee_member_id: z.uuid().nullable(),
  team_id: z.uuid().nullable(),
  all_teams: z.boolean().default(false),
});
export type AssignConversationBody = z.input<typeof assignConversationBodySchema>;

/** Start (or open again) a conversation with a customer on a channel they can be reached on. */
export const createConversationBodySchema = z.object({ customer_id: z.uuid(), channel_id: z.uuid() });
export type CreateConversationBody = z.input<typeof createConversationBodySchema>;

/** Socket action and push: an agent is typing in a conversation (sent again every few seconds while they type). */
export const TYPING_ACTION = 'conversation.typing';
export const typingSchema = z.object({ conversation_id: z.uuid(), typing: z.boolean() });
export const typingPushSchema = typingSchema.extend({ member_id: z.uuid(), display_name: z.string() });
export type TypingPush = z.infer<typeof typingPushSchema>;

export const conversationStatusBodySchema = z.object({ status: z.enum(['open', 'closed']) });
export const conversationAiBodySchema = z.object({ active: z.boolean() });

const idParams = z.object({ id: z.uuid() });
const paged = true;

export const conversationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/conversations',
    query: conversationListQuerySchema,
    response: z.array(conversationSchema),
    paged,
    summary: 'Conversations the member may see, newest activity first; search by customer name, phone or message text',
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/conversations',
    body: createConversationBodySchema,
    response: conversationDetailSchema,
    summary:
      "The customer's open conversation on the channel, opened again or started; outside a session only a template may follow",
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/conversations/:id',
    params: idParams,
    response: conversationDetailSchema,
    summary: 'One conversation with the end of its free-reply session',
  }),
  messages: endpoint({
    method: 'GET',
    path: '/v1/conversations/:id/messages',
    params: idParams,
    query: z.object({ page: pageField, size: pageSizeField }),
    response: z.array(threadItemSchema),
    paged,
    summary:
      'A page of the thread (messages and activity lines, `type: "activity"`), page 1 the newest, each page oldest first; reading them marks nothing',
  }),
  send: endpoint({
    method: 'POST',
    path: '/v1/conversations/:id/messages',
    params: idParams,
    body: sendMessageBodySchema,
    response: messageSchema,
    summary:
      'Send text or an uploaded file inside the reply window (WhatsApp: 24 hours, then only a template; Messenger and Instagram: 7 days)',
  }),
  /** multipart/form-data: one `file` */
  attach: endpoint({
    method: 'POST',
    path: '/v1/conversations/:id/attachments',
    params: idParams,
    response: attachmentSchema,
    summary:
      'Upload a file (multipart: file; an image, MP4 video, audio, PDF or Office document of at most 16 MB) to send in this conversation',
  }),
  assign: endpoint({
    method: 'PUT',
    path: '/v1/conversations/:id/assignment',
    params: idParams,
    body: assignConversationBodySchema,
    response: conversationSchema,
    summary: 'Assign to a member, a team or all teams (the member must be active, the team the organization’s)',
  }),
  setStatus: endpoint({
    method: 'PUT',
    path: '/v1/conversations/:id/status',
    params: idParams,
    body: conversationStatusBodySchema,
    response: conversationSchema,
    summary: 'Close or reopen; a new message from the customer reopens a closed one',
  }),
  setAi: endpoint({
    method: 'PUT',
    path: '/v1/conversations/:id/ai',
    params: idParams,
    body: conversationAiBodySchema,
    response: conversationSchema,
    summary: 'Hand the conversation back to the AI agent of its channel (active) or take it over from it',
  }),
  note: endpoint({
    method: 'POST',
    path: '/v1/conversations/:id/notes',
    params: idParams,
    body: z.object({ text: z.string().trim().min(1, { error: 'message_text_required' }).max(4096) }),
    response: messageSchema,
    summary: 'A private note in the thread: seen by the organization’s agents, never sent to the customer',
  }),
  read: endpoint({
    method: 'POST',
    path: '/v1/conversations/:id/read',
    params: idParams,
    response: z.object({ unread_count: z.number() }),
    summary: 'The member opened the conversation: their unread count is 0, and WhatsApp hears the last message read',
  }),
};
