import {
  type Locale,
  type MessageKey,
  type Notification,
  type NotificationChannel,
  type NotificationType,
  resolveLocale,
  translate,
} from '@omnichat/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { users } from '../../platform/identity/users.tables.ts';
import { workspaceMembers } from '../../platform/identity/workspaces.tables.ts';
import { type NotificationRow, notificationPreferences, notifications } from './notifications.tables.ts';

/** What happened, for whom to be told: its type and the words of its title and body, where it leads, once per key. */
export interface NotifyEvent {
  type: NotificationType;
  params: Record<string, string>;
  url: string | null;
  /** the event (and reason) it comes from: delivered twice, it notifies each recipient once */
  eventKey: string;
}

const key = (type: string, part: 'title' | 'body') => `notify_${type.replace('.', '_')}_${part}` as MessageKey;

/** The title and body of a notification of `type`, in `locale`. */
export const wordsOf = (type: string, params: Record<string, string>, locale: Locale) => ({
  title: translate(key(type, 'title'), locale, params),
  content: translate(key(type, 'body'), locale, params),
});

/** A notification as its reader sees it, in their language. */
export function toNotificationDto(row: NotificationRow, locale: Locale): Notification {
  return {
    id: row.id,
    type: row.type,
    ...wordsOf(row.type, row.params, locale),
    url: row.url,
    read: row.read,
    pinned: row.pinned,
    created_at: toUnixSeconds(row.createdAt),
  };
}

export type Delivery = {
  /** the stored notification; null when the recipient keeps this type out of the panel */
  notificationId: string | null;
  event: NotifyEvent;
  user: { id: string; email: string };
  locale: Locale;
  channels: Record<NotificationChannel, boolean>;
  emailMode: 'immediate' | 'digest';
};

/**
 * The one way in (issue 12): `notify(workspaceId, userIds, event)` stores a notification per recipient who wants
 * it in the app (once per event key), then tells their open sockets (`changed`) and hands each recipient's
 * delivery to `deliver` (push, e-mail) after commit. Features only emit domain events; listeners call this.
 */
export function createNotifier(
  ctx: AppContext,
  changed: (workspaceId: string, userIds: string[]) => void,
  deliver: (workspaceId: string, deliveries: Delivery[]) => void,
) {
  async function notifyIn(tx: Tx, workspaceId: string, userIds: string[], event: NotifyEvent) {
    const recipients = [...new Set(userIds)];
    if (!recipients.length) return [];
    const [preferences, people] = [
      await tx.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, recipients)),
      await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, recipients)),
    ];
    const byUser = new Map(preferences.map((row) => [row.userId, row]));
    const wants = (userId: string) => ({
      in_app: byUser.get(userId)?.channels[event.type]?.in_app ?? true,
      email: byUser.get(userId)?.channels[event.type]?.email ?? true,
      push: byUser.get(userId)?.channels[event.type]?.push ?? true,
    });
    const inApp = people.filter((person) => wants(person.id).in_app);
    const stored = inApp.length
      ? await tx
          .insert(notifications)
          .values(
            inApp.map((person) => ({
              workspaceId,
              userId: person.id,
              type: event.type,
              params: event.params,
              url: event.url,
              eventKey: event.eventKey,
            })),
          )
          .onConflictDoNothing()
          .returning()
      : [];
    const storedFor = new Map(stored.map((row) => [row.userId, row]));
    // a recipient already told of this event (a second delivery) is not told again
    const deliveries: Delivery[] = people
      .filter((person) => storedFor.has(person.id) || !wants(person.id).in_app)
      .map((person) => ({
        notificationId: storedFor.get(person.id)?.id ?? null,
        event,
        user: person,
        locale: resolveLocale(byUser.get(person.id)?.locale ?? 'en'),
        channels: wants(person.id),
        emailMode: byUser.get(person.id)?.emailMode ?? 'immediate',
      }));
    ctx.database.afterCommit(() => {
      if (stored.length) changed(workspaceId, [...storedFor.keys()]);
      if (deliveries.length) deliver(workspaceId, deliveries);
    });
    return stored;
  }

  return {
    /** Notifies in a transaction of its own (durable listeners call it from their job). */
    notify: (workspaceId: string, userIds: string[], event: NotifyEvent) =>
      ctx.database.withWorkspace(workspaceId, (tx) => notifyIn(tx, workspaceId, userIds, event)),
    notifyIn,
  };
}
export type Notifier = ReturnType<typeof createNotifier>;

/** The owners and admins of an organization (who hear of members joining and of channels needing care). */
export async function ownersAndAdmins(tx: Tx, workspaceId: string) {
  const rows = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.active, true),
        inArray(workspaceMembers.role, ['owner', 'admin']),
      ),
    );
  return rows.map((row) => row.userId);
}
