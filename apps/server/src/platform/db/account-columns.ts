import { sql } from 'drizzle-orm';
import { integer, type PgColumn, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/** Columns every sign-in account has, organization user or system admin. */
export const accountColumns = () => ({
  id: id(),
  username: text('username').notNull(),
  displayName: text('display_name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  avatar: text('avatar').notNull().default(''),
  status: text('status', { enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  googleId: text('google_id'),
  /** bumped by logout and password changes: tokens issued with an older version stop working */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Usernames and e-mails are unique regardless of case; a Google account links to one account. */
export const accountIndexes = (table: string, t: { username: PgColumn; email: PgColumn; googleId: PgColumn }) => [
  uniqueIndex(`${table}_username_lower_idx`).on(sql`lower(${t.username})`),
  uniqueIndex(`${table}_email_lower_idx`).on(sql`lower(${t.email})`),
  uniqueIndex(`${table}_google_id_idx`).on(t.googleId),
];
