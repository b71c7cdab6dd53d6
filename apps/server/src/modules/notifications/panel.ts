import type { Locale, NotificationQueryResult } from '@omnichat/contracts';
import { and, asc, count, desc, eq, not, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { notifications } from './notifications.tables.ts';
import { toNotificationDto } from './notifier.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Reader {
  workspaceId: string;
  userId: string;
}
export interface PageQuery {
  page: number;
  size: number;
  asc: boolean;
}

/** The notification panel's operations on one user's notifications in one organization. */
export function createPanel(database: Database) {
  const mine = (reader: Reader) =>
    and(eq(notifications.workspaceId, reader.workspaceId), eq(notifications.userId, reader.userId));
  const inWorkspace = <T>(reader: Reader, work: Parameters<Database['withWorkspace']>[1]) =>
    database.withWorkspace(reader.workspaceId, work) as Promise<T>;

  /** A page, pinned first, then by time; the unread count and the total beside it. */
  async function page(reader: Reader, query: PageQuery, locale: Locale): Promise<NotificationQueryResult> {
    return database.withWorkspace(reader.workspaceId, async (tx) => {
      const rows = await tx
        .select()
        .from(notifications)
        .where(mine(reader))
        .orderBy(desc(notifications.pinned), query.asc ? asc(notifications.createdAt) : desc(notifications.createdAt))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const [totals] = await tx
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where not ${notifications.read})`.mapWith(Number),
        })
        .from(notifications)
        .where(mine(reader));
      return {
        type: 'query',
        success: true,
        data: { notifications: rows.map((row) => toNotificationDto(row, locale)), unread_count: totals?.unread ?? 0 },
        page: { page: query.page, size: query.size, total: totals?.total ?? 0 },
      };
    });
  }

  /** One of the reader's notifications changed by `change`; another's id, or none, is a 404 that changes nothing. */
  async function one(reader: Reader, id: string, change: 'read' | 'pin' | 'delete') {
    if (!UUID.test(id)) throw new AppError(404, 'notification_not_found');
    const where = and(mine(reader), eq(notifications.id, id));
    const touched = await inWorkspace<{ id: string }[]>(reader, (tx) =>
      change === 'delete'
        ? tx.delete(notifications).where(where).returning({ id: notifications.id })
        : tx
            .update(notifications)
            // read stays read: reading twice is no change; pin toggles
            .set(change === 'read' ? { read: true } : { pinned: not(notifications.pinned) })
            .where(where)
            .returning({ id: notifications.id }),
    );
    if (!touched.length) throw new AppError(404, 'notification_not_found');
  }

  /** Every unread notification of the reader read (`read-all`). */
  const readAll = (reader: Reader) =>
    database.withWorkspace(reader.workspaceId, (tx) =>
      tx
        .update(notifications)
        .set({ read: true })
        .where(and(mine(reader), eq(notifications.read, false))),
    );
  // the bulk clears keep pinned notifications (a pin is "keep this"); `delete` removes a pinned one
  const removeRead = (reader: Reader) =>
    database.withWorkspace(reader.workspaceId, (tx) =>
      tx.delete(notifications).where(and(mine(reader), eq(notifications.read, true), eq(notifications.pinned, false))),
    );
  const removeAll = (reader: Reader) =>
    database.withWorkspace(reader.workspaceId, (tx) =>
      tx.delete(notifications).where(and(mine(reader), eq(notifications.pinned, false))),
    );

  return { page, one, readAll, removeRead, removeAll };
}
export type Panel = ReturnType<typeof createPanel>;
