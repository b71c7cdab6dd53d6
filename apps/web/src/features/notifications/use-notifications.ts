import { useSyncExternalStore } from 'react';
import { fetchSocketTicket } from '../../app/socket/ticket.ts';
import { session } from '../../app/storage.ts';
import { NotificationSocket, type NotificationState } from './notification-socket.ts';

/** The tab's one notification socket, shared by the bell and its panel. */
export const notificationSocket = new NotificationSocket({ getToken: session.token, getTicket: fetchSocketTicket });

/** The notifications, counts and errors of a socket (the tab's by default); re-renders on every change. */
export function useNotifications(socket = notificationSocket): NotificationState {
  return useSyncExternalStore(socket.subscribe, socket.getState, socket.getState);
}
