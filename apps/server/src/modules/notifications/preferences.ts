import { NOTIFICATION_TYPES, type NotificationPreferences, resolveLocale } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database.ts';
import { notificationPreferences } from './notifications.tables.ts';

async function preferencesOf(tx: Tx, userId: string): Promise<NotificationPreferences> {
  const [row] = await tx.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return {
    email_mode: row?.emailMode ?? 'immediate',
    types: NOTIFICATION_TYPES.map((type) => ({
      type,
      in_app: row?.channels[type]?.in_app ?? true,
      email: row?.channels[type]?.email ?? true,
      push: row?.channels[type]?.push ?? true,
    })),
  };
}

/** A member's choice of how each kind of notification reaches them (every way, until they choose). */
export function createPreferences(database: Database) {
  const get = (workspaceId: string, userId: string) =>
    database.withWorkspace(workspaceId, (tx) => preferencesOf(tx, userId));

  /** The types the body names change; the others stay. `locale` is the one mails are written in. */
  const update = (workspaceId: string, userId: string, body: NotificationPreferences, locale: string | undefined) =>
    database.withWorkspace(workspaceId, async (tx) => {
      const current = await preferencesOf(tx, userId);
      const channels = Object.fromEntries(
        current.types.map(({ type, ...choice }) => [type, body.types.find((wanted) => wanted.type === type) ?? choice]),
      );
      for (const value of Object.values(channels)) delete (value as { type?: string }).type;
      await tx
        .insert(notificationPreferences)
        .values({ workspaceId, userId, channels, emailMode: body.email_mode, locale: resolveLocale(locale) })
        .onConflictDoUpdate({
          target: [notificationPreferences.workspaceId, notificationPreferences.userId],
          set: { channels, emailMode: body.email_mode, updatedAt: new Date() },
        });
      return preferencesOf(tx, userId);
    });

  return { get, update };
}
