import { z } from 'zod';
import { broadcastProgressPushSchema } from './broadcasts.ts';
import { threadActivitySchema } from './conversation-activity.ts';
import { messageSchema, typingPushSchema } from './conversations.ts';
import { customerImportSchema } from './customer-import.ts';
import { WORKSPACE_ROLES } from './permissions.ts';
import { ACCESS_CHANGED_ACTION } from './socket.ts';
import { teamDetailSchema } from './teams.ts';
import { walletPushSchema } from './wallet-push.ts';

const role = z.enum(WORKSPACE_ROLES);

/**
 * What the server pushes on the general socket, by action: `sockets.toUser`/`toWorkspace` on the server take only
 * these, with this shape, and the web client reads them by the same schemas.
 */
export const SOCKET_PUSHES = {
  /** a message was stored in a conversation the socket's member may see */
  'conversation.message': messageSchema,
  /** a message's status, or its file, changed */
  'conversation.message_status': messageSchema,
  /** an activity line (assigned, closed, snoozed, labelled…) in a conversation the socket's member may see */
  'conversation.activity': threadActivitySchema,
  /** a conversation's assignment, status or existence changed: lists refetch it */
  'conversation.changed': z.object({ id: z.uuid() }),
  /** someone else is typing in a conversation */
  'conversation.typing': typingPushSchema,
  /** a customer import of the socket's user moved on */
  'customer_import.progress': customerImportSchema,
  /** a broadcast's status or counts moved on (to members with broadcast_read; at most about twice a second) */
  'broadcast.progress': broadcastProgressPushSchema,
  /** the organization's wallet balance or reservation moved (to owners and admins; at most about twice a second) */
  'wallet.changed': walletPushSchema,
  'team.created': teamDetailSchema,
  'team.updated': teamDetailSchema,
  'team.deleted': z.object({ id: z.uuid() }),
  /** Meta changed a WhatsApp template's status, quality or category: template lists refetch */
  'template.changed': z.object({ id: z.uuid(), status: z.string() }),
  'member.joined': z.object({ id: z.uuid(), user_id: z.uuid(), role }),
  'member.changed': z.object({ id: z.uuid(), role, active: z.boolean(), removed: z.boolean() }),
  'member.left': z.object({ id: z.uuid() }),
  /** the socket's member's role, permissions or teams changed: the app refreshes its session and data */
  [ACCESS_CHANGED_ACTION]: z.undefined(),
} as const;
export type SocketPushAction = keyof typeof SOCKET_PUSHES;
export type SocketPush<A extends SocketPushAction> = z.infer<(typeof SOCKET_PUSHES)[A]>;
