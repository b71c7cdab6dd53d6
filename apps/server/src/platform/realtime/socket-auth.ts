import { createHash, randomBytes } from 'node:crypto';
import { SOCKET_TICKET_TTL_SECONDS } from '@omnichat/contracts';
import { eq, lt } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { Guards, Principal } from '../auth/guards.ts';
import { type Claims, claimsSchema, type TokenService } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';
import { unauthorized } from '../errors.ts';
import { socketTickets } from './socket-tickets.tables.ts';

/** What an open socket keeps of the session it was opened for, to check it again (logout, deactivation, expiry). */
export interface SocketSession {
  claims: Claims;
  /** when the session token expires (unix ms) */
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the session a socket's upgrade request was authenticated for (set by the socket routes' preHandler) */
    socketSession: SocketSession | null;
  }
}

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');
/** A ticket is 32 random bytes in base64url; a session token (a JWT) always holds dots. */
const isTicket = (value: string) => !value.includes('.');

/**
 * How sockets are authenticated. Their `token` query parameter (SPEC 7) is the session token itself or a one-time
 * ticket for it from `POST /v1/ws/ticket`: a browser prints a socket's URL in its console when the socket fails, and
 * a ticket copied from there is used up or expired. Tickets live in the database, so any process may redeem them.
 */
export function createSocketAuth(
  database: Database,
  tokens: TokenService,
  guards: Guards,
  now: () => number = Date.now,
) {
  async function sessionOf(token: string | null): Promise<SocketSession> {
    const claims = token ? await tokens.verify(token) : null;
    if (!token || !claims) throw unauthorized();
    return { claims, expiresAt: (decodeJwt(token).exp ?? 0) * 1000 };
  }

  /** The session of a ticket, which stops working here: unknown, used and expired tickets are all a 401. */
  async function redeem(ticket: string): Promise<SocketSession> {
    const [row] = await database.platform((db) =>
      db
        .delete(socketTickets)
        .where(eq(socketTickets.ticketHash, hash(ticket)))
        .returning(),
    );
    const claims = claimsSchema.safeParse(row?.claims);
    if (!row || row.expiresAt.getTime() <= now() || !claims.success) throw unauthorized();
    return { claims: claims.data, expiresAt: row.sessionExpiresAt.getTime() };
  }

  const auth = {
    /**
     * A ticket for the session of `token`, valid once within SOCKET_TICKET_TTL_SECONDS. It is refused like a socket
     * would be (401, or 403 for a membership that ended); it carries the session's organization and nothing more.
     */
    async issue(token: string | null): Promise<{ ticket: string; expires_in: number }> {
      const session = await sessionOf(token);
      await auth.check(session);
      const ticket = randomBytes(32).toString('base64url');
      const issuedAt = now();
      await database.platform(async (db) => {
        await db.delete(socketTickets).where(lt(socketTickets.expiresAt, new Date(issuedAt)));
        await db.insert(socketTickets).values({
          ticketHash: hash(ticket),
          claims: session.claims,
          sessionExpiresAt: new Date(session.expiresAt),
          expiresAt: new Date(issuedAt + SOCKET_TICKET_TTL_SECONDS * 1000),
        });
      });
      return { ticket, expires_in: SOCKET_TICKET_TTL_SECONDS };
    },
    /** The principal and session behind a socket's `token` parameter; a ticket is used up by this. */
    async open(value: string | null): Promise<{ principal: Principal; session: SocketSession }> {
      const session = value && isTicket(value) ? await redeem(value) : await sessionOf(value);
      return { principal: await auth.check(session), session };
    },
    /** The principal of a session now: 401 once it expired or was revoked, 403 once its membership ended. */
    async check(session: SocketSession): Promise<Principal> {
      if (session.expiresAt <= Date.now()) throw unauthorized();
      return guards.fromClaims(session.claims);
    },
  };
  return auth;
}
export type SocketAuth = ReturnType<typeof createSocketAuth>;
