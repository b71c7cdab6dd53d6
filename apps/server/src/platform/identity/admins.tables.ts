import { sql } from 'drizzle-orm';
import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { accountColumns, accountIndexes } from '../db/account-columns.ts';

/** System administrators: a separate population from organization users. `isSuper` is the spec's admin flag. */
export const systemAdmins = pgTable(
  'system_admins',
  {
    ...accountColumns(),
    isSuper: boolean('is_super').notNull().default(false),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => accountIndexes('system_admins', t),
);
export type AdminRow = typeof systemAdmins.$inferSelect;
