import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * The web-chat widget's public API: the widget on a customer's site talks to it with the channel's widget key in
 * the address and, once the visitor started, the visitor token it keeps in their browser as bearer.
 */
export const WEBCHAT_LIMITS = { nameMax: 100, textMax: 4096, history: 200 } as const;

/** How a widget key looks (the channel's `widget_key`). */
export const WIDGET_KEY_PATTERN = /^[\w-]{8,64}$/;
const keyParams = z.object({ key: z.string().regex(WIDGET_KEY_PATTERN) });

export const webchatConfigSchema = z.object({
  /** the channel's name, the widget's title */
  name: z.string(),
});

export const webchatVisitorSchema = z.object({
  visitor_id: z.uuid(),
  /** kept by the widget in the visitor's browser; sent as `Authorization: Bearer` and to the event stream */
  visitor_token: z.string(),
});
export type WebchatVisitor = z.infer<typeof webchatVisitorSchema>;

/** What the visitor sees of the thread: their messages and the agents' replies, never private notes. */
export const webchatMessageSchema = z.object({
  id: z.uuid(),
  direction: z.enum(['inbound', 'outbound']),
  text: z.string().nullable(),
  seq: z.number(),
  created_at: z.number(),
});
export type WebchatMessage = z.infer<typeof webchatMessageSchema>;

export const webchatSendBodySchema = z.object({
  text: z.string().trim().min(1, { error: 'message_text_required' }).max(WEBCHAT_LIMITS.textMax),
  /** the widget's id for the message, so a retried send is stored once */
  client_id: z.uuid(),
});

export const webchatEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/public/v1/webchat/:key',
    params: keyParams,
    response: webchatConfigSchema,
    summary: "The widget's title; 404 for a key no channel has",
  }),
  start: endpoint({
    method: 'POST',
    path: '/public/v1/webchat/:key/visitors',
    params: keyParams,
    body: z.object({ name: z.string().trim().max(WEBCHAT_LIMITS.nameMax).optional() }),
    response: webchatVisitorSchema,
    summary: 'A new visitor: a customer of the organization, and the token their browser keeps',
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
    summary: "The visitor writes: the organization's agents see it live",
  }),
};
/** Server-sent events of a visitor's thread: `event: message` with a WebchatMessage as data. */
export const WEBCHAT_EVENTS_PATH = '/public/v1/webchat/:key/events';
