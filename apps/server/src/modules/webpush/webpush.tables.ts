import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/db/columns.ts';
import { users } from '../../platform/identity/users.tables.ts';

/**
 * A browser's Web Push subscription, owned by a user (not an organization: no workspace_id, so no RLS, like
 * `users`). One row per endpoint: a browser that subscribes again for another user moves to that user.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** the browser's P-256 public key and auth secret (base64url), what the payload is encrypted to */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
