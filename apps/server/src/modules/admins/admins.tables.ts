import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';

/** System administrators: a separate population from organization users. `isSuper` is the spec's admin flag. */
export const systemAdmins = pgTable(
  'system_admins',
  {
    id: id(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    avatar: text('avatar').notNull().default(''),
    isSuper: boolean('is_super').notNull().default(false),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    googleId: text('google_id'),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('system_admins_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('system_admins_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('system_admins_google_id_idx').on(t.googleId),
  ],
);
export type AdminRow = typeof systemAdmins.$inferSelect;
