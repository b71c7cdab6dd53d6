import { Skeleton } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useSession } from '../../app/session/use-session.ts';
import { NotificationBell } from '../../ui/NotificationBell.tsx';
import { isPushSupported } from './push-support.ts';
import { notificationSocket, useNotifications } from './use-notifications.ts';

// the list, its actions and texts load when the bell is first opened (or with the push flow)
const NotificationPanel = lazy(async () => ({
  default: (await import('./notification-ui.ts')).NotificationPanel,
}));

/**
 * The header bell of the organization layout: keeps the tab's notification socket open while the token is bound
 * to an organization, shows the unread count, and starts the web push prompt (SPEC 4).
 */
export function NotificationCenter() {
  const { token, member } = useSession();
  const workspaceId = member?.workspace.id;
  const enabled = Boolean(token && workspaceId);
  const { unread_count } = useNotifications();

  useEffect(() => {
    if (token && workspaceId) notificationSocket.connect(workspaceId);
    else notificationSocket.disconnect();
  }, [token, workspaceId]);
  useEffect(() => () => notificationSocket.disconnect(), []);

  useEffect(() => {
    if (!enabled || !isPushSupported() || Notification.permission === 'denied') return;
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./notification-ui.ts').then(({ startPushFlow }) => {
      if (!gone) stop = startPushFlow();
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [enabled]);

  return (
    <NotificationBell
      unreadCount={unread_count}
      panel={(close) => (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
          <NotificationPanel socket={notificationSocket} onFollow={close} />
        </Suspense>
      )}
    />
  );
}
