import { z } from 'zod';
import { messageResultSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';

/**
 * The notification socket (SPEC 7): `GET /v1/ws/system-notification?token=<organization-bound token>`. Messages
 * are JSON keyed by `type` (not the general socket's `action`).
 */
export const NOTIFICATION_SOCKET_PATH = '/v1/ws/system-notification';

/** What notifies, each with a title and a body in the three locales; preferences are per type and channel. */
export const NOTIFICATION_TYPES = [
  'conversation.assigned',
  'conversation.ai_handoff',
  'conversation.message',
  'member.joined',
  'invite.accepted',
  'channel.needs_reauth',
  'wallet.low_balance',
  'subscription.payment_failed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
  /** the app page it is about (opened on click, and by a push notification) */
  url: z.string().nullable(),
  read: z.boolean(),
  pinned: z.boolean(),
  /** the new customer messages it tells of: one notification per conversation while unread, its title says how many */
  count: z.number().int().min(1),
  /** when it was made, or last brought to the top by a new message of its conversation */
  created_at: z.number(),
});
export type Notification = z.infer<typeof notificationSchema>;

const idData = z.object({ notification_id: z.string().max(100) });
/** The client's messages, as SPEC 7 names them, and `read-all` ("mark all read", named in their style). */
export const notificationClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('query'),
    data: z
      .object({
        page: z.number().int().min(1).max(100_000).default(1),
        size: z.number().int().min(1).max(999).default(10),
        field: z.literal('created_at').default('created_at'),
        asc: z.boolean().default(false),
      })
      .default({ page: 1, size: 10, field: 'created_at', asc: false }),
  }),
  z.object({ type: z.literal('read'), data: idData }),
  z.object({ type: z.literal('pin'), data: idData }),
  z.object({ type: z.literal('delete'), data: idData }),
  z.object({ type: z.literal('read-all') }),
  /** clears read notifications, pinned ones kept */
  z.object({ type: z.literal('remove-read') }),
  /** clears all notifications, pinned ones kept */
  z.object({ type: z.literal('remove-any') }),
  z.object({ type: z.literal('ping') }),
]);
export type NotificationClientMessage = z.input<typeof notificationClientMessageSchema>;

/** The query result: the answer to a query, and pushed unasked to every socket of the user on any change. */
export const notificationQueryResultSchema = z.object({
  type: z.literal('query'),
  success: z.literal(true),
  data: z.object({ notifications: z.array(notificationSchema), unread_count: z.number() }),
  page: z.object({ page: z.number(), size: z.number(), total: z.number() }),
});
export type NotificationQueryResult = z.infer<typeof notificationQueryResultSchema>;
export type NotificationServerMessage =
  | NotificationQueryResult
  | { type: 'error'; success: false; error: string; trace_id: string }
  | { type: 'pong'; time: number };

export const EMAIL_MODES = ['immediate', 'digest'] as const;
export const notificationPreferencesSchema = z.object({
  /** e-mail at once, or one daily digest of the day's notifications */
  email_mode: z.enum(EMAIL_MODES),
  types: z.array(
    z.object({ type: z.enum(NOTIFICATION_TYPES), in_app: z.boolean(), email: z.boolean(), push: z.boolean() }),
  ),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferenceEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/v1/notification-preferences',
    response: notificationPreferencesSchema,
    summary: "The signed-in member's notification choices in this organization, every type listed",
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/notification-preferences',
    body: notificationPreferencesSchema,
    response: notificationPreferencesSchema,
    summary: 'Change the notification choices (types left out keep theirs)',
  }),
};

/** A browser's push subscription (the PushSubscription's endpoint and keys, base64url). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  p256dh: z.string().regex(/^[\w-]{20,200}$/),
  auth: z.string().regex(/^[\w-]{8,100}$/),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionSchema>;
const endpointBody = z.object({ endpoint: z.string().max(2000) });

/** SPEC 7 "Web push". */
export const webPushEndpoints = {
  checkSubscription: endpoint({
    method: 'POST',
    path: '/v1/web-push/check-subscription',
    body: endpointBody,
    response: z.object({ subscribed: z.boolean() }),
    summary: "Whether this browser's endpoint is subscribed for the signed-in user",
  }),
  register: endpoint({
    method: 'POST',
    path: '/v1/web-push/register',
    body: pushSubscriptionSchema,
    response: messageResultSchema,
    summary: "Subscribe this browser to the signed-in user's notifications",
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/v1/web-push/unsubscribe',
    body: endpointBody,
    response: messageResultSchema,
    summary: 'Stop pushing to this browser',
  }),
  publicKey: endpoint({
    method: 'GET',
    path: '/v1/web-push/public-key',
    response: z.object({ publicKey: z.string() }),
    summary: "The server's VAPID public key (base64url), for PushManager.subscribe",
  }),
};

/** What a push notification carries (the service worker shows it and opens `url` on click). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  notification_id?: string;
}
