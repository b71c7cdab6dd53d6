import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';

/** Organization users (system users). Usernames and e-mails are unique regardless of case. */
export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    avatar: text('avatar').notNull().default(''),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    emailVerified: boolean('email_verified').notNull().default(false),
    invited: boolean('invited').notNull().default(false),
    invitedAt: bigint('invited_at', { mode: 'number' }).notNull().default(0),
    googleId: text('google_id'),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_id_idx').on(t.googleId),
  ],
);
export type UserRow = typeof users.$inferSelect;
