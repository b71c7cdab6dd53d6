import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** The general socket (SPEC 7): `/v1/ws?token=…`, JSON messages keyed by `action`. */
export const SOCKET_PATH = '/v1/ws';

/** How long a socket ticket may wait to be used (seconds). */
export const SOCKET_TICKET_TTL_SECONDS = 30;

/**
 * A socket's `token` parameter is the session token or a one-time ticket for it. The web app sends a ticket: a
 * browser prints the socket's URL when it fails to connect, and a ticket copied from there is already used or
 * expired. Both sockets (`/v1/ws`, `/v1/ws/system-notification`) take a ticket of the bearer's session.
 */
export const socketEndpoints = {
  ticket: endpoint({
    method: 'POST',
    path: '/v1/ws/ticket',
    response: z.object({ ticket: z.string(), expires_in: z.number() }),
    summary: 'A one-time ticket (valid 30 s) to open a socket with instead of the session token',
  }),
};
/**
 * 1001: the server is going away (shutdown), reconnect, maybe to another process; 4401: the token no longer works
 * (logout, password change, deactivation); 4403: the membership ended; 1008: the client broke the socket's limits
 * (flooding, a stream of invalid messages).
 */
export const SOCKET_CLOSE = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  unauthorized: 4401,
  forbidden: 4403,
} as const;

/**
 * Pushed to a member's general sockets once their role, permissions or teams changed and the server reads what they
 * may see again: the client refetches its membership and what it shows.
 */
export const ACCESS_CHANGED_ACTION = 'self.access_changed';

export const clientSocketMessageSchema = z.object({
  action: z.string().min(1).max(100),
  data: z.unknown().optional(),
  request_id: z.string().max(100).optional(),
});
export type ClientSocketMessage = z.infer<typeof clientSocketMessageSchema>;

export type ServerSocketMessage =
  | { action: 'pong'; data: { time: number } }
  | { action: string; request_id?: string; success: true; data?: unknown }
  | { action: string; request_id?: string; success: false; error: string; trace_id: string };
