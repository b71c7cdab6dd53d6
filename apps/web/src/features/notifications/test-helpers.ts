import type { Notification } from '@omnichat/contracts';

/** A notification made `index` minutes ago. */
export function notification(index: number, extra: Partial<Notification> = {}): Notification {
  return {
    id: `40000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`,
    type: 'conversation.message',
    title: `Title ${index}`,
    content: `Content ${index}`,
    url: `/app/chat/chat?c=${index}`,
    read: false,
    pinned: false,
    count: 1,
    created_at: Math.floor(Date.now() / 1000) - index * 60,
    ...extra,
  };
}

/** A query result as the server sends it (the answer to a query, or a push). */
export function result(notifications: Notification[], unread: number, total = notifications.length, page = 1) {
  return {
    type: 'query',
    success: true,
    data: { notifications, unread_count: unread },
    page: { page, size: 10, total },
  };
}
