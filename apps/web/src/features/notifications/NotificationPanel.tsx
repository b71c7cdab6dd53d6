import { Alert, Button, Empty, Flex, Modal, Skeleton, theme } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NOTIFICATIONS_NS } from './i18n/index.ts';
import { NotificationItem } from './NotificationItem.tsx';
import type { NotificationError, NotificationSocket } from './notification-socket.ts';

interface NotificationPanelProps {
  /** the tab's socket, handed down by the bell (this chunk imports none of the first screen's modules) */
  socket: NotificationSocket;
  /** Called after a notification with a page was followed (the bell closes its panel). */
  onFollow?: () => void;
}

/**
 * The bell's panel (SPEC 7): the newest first, ten a page, each to open, pin or delete; mark all read; clear read or
 * all (pinned ones kept).
 */
export function NotificationPanel({ socket, onFollow }: NotificationPanelProps) {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  const { t: tApp } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const state = useSyncExternalStore(socket.subscribe, socket.getState, socket.getState);
  const [confirming, setConfirming] = useState(false);
  const { notifications, unread_count, total, page, size, isLoading, error } = state;
  const pages = Math.max(1, Math.ceil(total / size));

  const errorText = ({ key, detail }: NotificationError) =>
    key === 'query' ? t('errors.query', { error: detail ?? '' }) : t(`errors.${key}`);

  const follow = (url: string | null) => {
    if (!url) return;
    if (url.startsWith('/')) navigate(url);
    else window.open(url, '_blank', 'noopener');
    onFollow?.();
  };
  const go = (to: string) => {
    navigate(to);
    onFollow?.();
  };

  let body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tApp('notifications.empty')} />;
  if (notifications.length > 0) {
    body = (
      <div>
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            onOpen={() => {
              if (!notification.read) socket.read(notification.id);
              follow(notification.url);
            }}
            onPin={() => socket.pin(notification.id)}
            onDelete={() => socket.remove(notification.id)}
          />
        ))}
      </div>
    );
  } else if (isLoading) body = <Skeleton active paragraph={{ rows: 3 }} />;

  return (
    <Flex vertical gap={8} aria-busy={isLoading}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex vertical>
          <strong>{tApp('notifications.title')}</strong>
          {unread_count > 0 && (
            <span style={{ fontSize: 12, color: token.colorTextSecondary }}>
              {t('panel.unread', { count: unread_count })}
            </span>
          )}
        </Flex>
        <Flex gap={4} align="center" wrap>
          <Button size="small" disabled={unread_count === 0} onClick={() => socket.readAll()}>
            {t('panel.readAll')}
          </Button>
          <Button size="small" disabled={total <= unread_count} onClick={() => socket.removeRead()}>
            {t('panel.clearRead')}
          </Button>
          <Button size="small" danger disabled={total === 0} onClick={() => setConfirming(true)}>
            {t('panel.clearAll')}
          </Button>
          <Button size="small" type="link" onClick={() => go('/app/notification-settings')}>
            {t('panel.settings')}
          </Button>
        </Flex>
      </Flex>
      {error && (
        <Alert type="error" showIcon title={errorText(error)} closable={{ onClose: socket.clearError }} role="alert" />
      )}
      <div style={{ maxHeight: 'min(60vh, 480px)', overflowY: 'auto' }}>{body}</div>
      {pages > 1 && (
        <Flex justify="center" align="center" gap={8}>
          <Button
            size="small"
            aria-label={t('panel.previous')}
            disabled={page <= 1}
            onClick={() => socket.setPage(page - 1)}
          >
            ‹
          </Button>
          <span>{t('panel.pageOf', { page, pages })}</span>
          <Button
            size="small"
            aria-label={t('panel.next')}
            disabled={page >= pages}
            onClick={() => socket.setPage(page + 1)}
          >
            ›
          </Button>
        </Flex>
      )}
      <Modal
        open={confirming}
        title={t('panel.clearAllTitle')}
        okText={t('panel.delete')}
        okButtonProps={{ danger: true }}
        cancelText={tApp('common.cancel')}
        onCancel={() => setConfirming(false)}
        onOk={() => {
          setConfirming(false);
          socket.removeAll();
        }}
      >
        <p>{t('panel.clearAllConfirm')}</p>
        <p>{t('panel.clearAllKeepsPinned')}</p>
      </Modal>
    </Flex>
  );
}
