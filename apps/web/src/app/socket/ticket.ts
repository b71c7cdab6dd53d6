import { http } from '../http/index.ts';

/**
 * A one-time ticket of the session (`POST /v1/ws/ticket`, valid 30 s) for a socket's `token` parameter. A browser
 * prints a socket's URL in its console when the socket cannot connect: what is found there is a used or expired
 * ticket, never the session token. Silent: the socket reports a failure itself (it retries, then toasts), and a
 * final 401 ends the session as it does for any call.
 */
export async function fetchSocketTicket(): Promise<string> {
  const { socketEndpoints } = await import('../entry-endpoints.ts');
  return (await http.call(socketEndpoints.ticket, { silent: true })).ticket;
}
