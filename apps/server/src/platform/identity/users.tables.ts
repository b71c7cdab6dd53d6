import { bigint, boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { accountColumns, accountIndexes } from '../db/account-columns.ts';

/** Organization users (system users). */
export const users = pgTable(
  'users',
  {
    ...accountColumns(),
    emailVerified: boolean('email_verified').notNull().default(false),
    invited: boolean('invited').notNull().default(false),
    invitedAt: bigint('invited_at', { mode: 'number' }).notNull().default(0),
    /** a new address waiting for its confirmation link to be opened */
    pendingEmail: text('pending_email'),
  },
  (t) => accountIndexes('users', t),
);
export type UserRow = typeof users.$inferSelect;
