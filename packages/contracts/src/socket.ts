import { z } from 'zod';

/** The general socket (SPEC 7): `/v1/ws?token=…`, JSON messages keyed by `action`. */
export const SOCKET_PATH = '/v1/ws';
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
