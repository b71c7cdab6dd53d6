import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Claims } from '../auth/tokens.ts';
import { createdAt, id } from '../db/columns.ts';

/**
 * One-time tickets to open a socket with (`POST /v1/ws/ticket`): the claims of the session they were issued for,
 * only a SHA-256 of the ticket, and when the ticket and that session expire. Shared by every process.
 */
export const socketTickets = pgTable(
  'socket_tickets',
  {
    id: id(),
    ticketHash: text('ticket_hash').notNull().unique(),
    claims: jsonb('claims').$type<Claims>().notNull(),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('socket_tickets_expires_idx').on(t.expiresAt)],
);
