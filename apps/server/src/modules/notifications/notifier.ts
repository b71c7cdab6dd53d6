import {
  type Locale,
  type MessageKey,
  type Notification,
  type NotificationChannel,
  type NotificationType,
  resolveLocale,
  translate,
} from '@omnichat/contracts';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
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
  /** what it is about (`conversation:<id>`): reading or answering it marks the notification read */
  subject?: string;
}

/** The subject of the notifications about a conversation. */
export const conversationSubject = (conversationId: string) => `conversation:${conversationId}`;

const key = (type: string, part: 'title' | 'body', count: number) =>
  `notify_${type.replace('.', '_')}${count > 1 && type === 'conversation.message' ? 's' : ''}_${part}` as MessageKey;

/** The title and body of a notification of `type` (of `count` new messages), in `locale`. */
export const wordsOf = (type: string, params: Record<string, string>, locale: Locale, count = 1) => {
  const words = {
    ...params,
    count: String(count),
    // why an AI agent handed over is kept as its reason and put in the reader's words
    ...(params.reason && { reason: translate(`cs_agent_reason_${params.reason}` as MessageKey, locale) }),
  };
  return {
    title: translate(key(type, 'title', count), locale, words),
    content: translate(key(type, 'body', count), locale, words),
  };
};

/** A notification as its reader sees it, in their language. */
export function toNotificationDto(row: NotificationRow, locale: Locale): Notification {
  return {
    id: row.id,
    type: row.type,
    ...wordsOf(row.type, row.params, locale, row.count),
    url: row.url,
    read: row.read,
    pinned: row.pinned,
    count: row.count,
    created_at: toUnixSeconds(row.createdAt),
  };
}

export type Delivery = {
  /** the stored notification; null when the recipient keeps this type out of the panel */
  notificationId: string | null;
  event: NotifyEvent;
  /** the new messages it tells of (a conversation's notification) */
  count: number;
  user: { id: string; email: string };
  locale: Locale;
  channels: Record<NotificationChannel, boolean>;
  emailMode: 'immediate' | 'digest';
};

/** One recipient's new messages in one conversation: `count` of them, `event` carrying the latest's preview. */
export interface ConversationMessages {
  userId: string;
  event: NotifyEvent & { subject: string };
  count: number;
}

/**
 * The one way in (issue 12): `notifyIn(tx, workspaceId, userIds, event)` stores a notification per recipient who
 * wants it in the app (once per event key), then tells their open sockets (`changed`) and hands each recipient's
 * delivery to `deliver` (push, e-mail) after commit. `messagesIn` keeps one notification per recipient and
 * conversation for new customer messages; `readIn` marks a subject's notifications read. Features only emit
 * domain events; listeners call these.
 */
export function createNotifier(
  ctx: AppContext,
  changed: (workspaceId: string, userIds: string[]) => void,
  deliver: (workspaceId: string, deliveries: Delivery[]) => void,
) {
  /** The recipients' choices for `type` and their e-mail addresses, by two statements whatever their number. */
  async function recipientsOf(tx: Tx, userIds: string[], type: NotificationType) {
    const [preferences, people] = [
      await tx.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds)),
      await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)),
    ];
    const byUser = new Map(preferences.map((row) => [row.userId, row]));
    const wants = (userId: string): Record<NotificationChannel, boolean> => ({
      in_app: byUser.get(userId)?.channels[type]?.in_app ?? true,
      email: byUser.get(userId)?.channels[type]?.email ?? true,
      push: byUser.get(userId)?.channels[type]?.push ?? true,
    });
    const deliveryOf = (person: { id: string; email: string }, event: NotifyEvent, row?: NotificationRow) => ({
      notificationId: row?.id ?? null,
      event,
      count: row?.count ?? 1,
      user: person,
      locale: resolveLocale(byUser.get(person.id)?.locale ?? 'en'),
      channels: wants(person.id),
      emailMode: byUser.get(person.id)?.emailMode ?? ('immediate' as const),
    });
    return { people, wants, deliveryOf };
  }

  function afterCommit(workspaceId: string, told: string[], deliveries: Delivery[]) {
    ctx.database.afterCommit(() => {
      if (told.length) changed(workspaceId, [...new Set(told)]);
      if (deliveries.length) deliver(workspaceId, deliveries);
    });
  }

  async function notifyIn(tx: Tx, workspaceId: string, userIds: string[], event: NotifyEvent) {
    const recipients = [...new Set(userIds)];
    if (!recipients.length) return [];
    const { people, wants, deliveryOf } = await recipientsOf(tx, recipients, event.type);
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
              subject: event.subject ?? null,
            })),
          )
          .onConflictDoNothing()
          .returning()
      : [];
    const storedFor = new Map(stored.map((row) => [row.userId, row]));
    // a recipient already told of this event (a second delivery) is not told again
    const deliveries: Delivery[] = people
      .filter((person) => storedFor.has(person.id) || !wants(person.id).in_app)
      .map((person) => deliveryOf(person, event, storedFor.get(person.id)));
    afterCommit(workspaceId, [...storedFor.keys()], deliveries);
    return stored;
  }

  /**
   * New customer messages, one statement for them all: each recipient's notification of the conversation takes
   * them (its count grows, the latest preview, to the top, unread), or is made. E-mail and push go out when it was
   * read or new, never for an unread one growing: at most one per conversation while unread. The same batch
   * delivered twice (its latest event the item's key) changes nothing.
   */
  async function messagesIn(tx: Tx, workspaceId: string, items: ConversationMessages[]) {
    if (!items.length) return [];
    const { people, wants, deliveryOf } = await recipientsOf(
      tx,
      [...new Set(items.map((item) => item.userId))],
      'conversation.message',
    );
    const person = new Map(people.map((one) => [one.id, one]));
    const known = items.filter((item) => person.has(item.userId));
    const inApp = known.filter((item) => wants(item.userId).in_app);
    const stored = inApp.length
      ? await tx
          .insert(notifications)
          .values(
            inApp.map(({ userId, event, count }) => ({
              workspaceId,
              userId,
              type: event.type,
              params: event.params,
              url: event.url,
              eventKey: event.eventKey,
              subject: event.subject,
              count,
            })),
          )
          .onConflictDoUpdate({
            target: [notifications.userId, notifications.subject],
            targetWhere: sql`type = 'conversation.message'`,
            set: {
              params: sql`excluded.params`,
              url: sql`excluded.url`,
              eventKey: sql`excluded.event_key`,
              createdAt: sql`excluded.created_at`,
              count: sql`case when ${notifications.read} then excluded.count else ${notifications.count} + excluded.count end`,
              read: false,
            },
            setWhere: sql`${notifications.eventKey} is distinct from excluded.event_key`,
          })
          .returning()
      : [];
    const storedFor = new Map(stored.map((row) => [`${row.userId} ${row.subject}`, row]));
    const deliveries: Delivery[] = known.flatMap((item) => {
      if (!wants(item.userId).in_app) return [deliveryOf(person.get(item.userId)!, item.event)];
      const row = storedFor.get(`${item.userId} ${item.event.subject}`);
      // grown while unread: the panel shows it, nothing more goes out
      return row && row.count === item.count ? [deliveryOf(person.get(item.userId)!, item.event, row)] : [];
    });
    afterCommit(
      workspaceId,
      stored.map((row) => row.userId),
      deliveries,
    );
    return stored;
  }

  /** Each user's unread notifications of their subject, read now; their panels hear of it. One statement. */
  async function readIn(tx: Tx, workspaceId: string, reads: { userId: string; subject: string }[]) {
    if (!reads.length) return;
    const read = await tx
      .update(notifications)
      .set({ read: true })
      .where(
        and(
          eq(notifications.workspaceId, workspaceId),
          eq(notifications.read, false),
          or(...reads.map((one) => and(eq(notifications.userId, one.userId), eq(notifications.subject, one.subject)))),
        ),
      )
      .returning({ userId: notifications.userId });
    afterCommit(
      workspaceId,
      read.map((row) => row.userId),
      [],
    );
  }

  return {
    /** Notifies in a transaction of its own (durable listeners call it from their job). */
    notify: (workspaceId: string, userIds: string[], event: NotifyEvent) =>
      ctx.database.withWorkspace(workspaceId, (tx) => notifyIn(tx, workspaceId, userIds, event)),
    notifyIn,
    messagesIn,
    readIn,
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
