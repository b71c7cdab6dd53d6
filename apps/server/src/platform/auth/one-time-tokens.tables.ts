import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.ts';

/** One-time tokens mailed to people (e-mail verification, password reset). Only a SHA-256 of the token is kept. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'change_email'] }).notNull(),
    subjectType: text('subject_type', { enum: ['user', 'admin'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_tokens_subject_idx').on(t.subjectType, t.subjectId)],
);
