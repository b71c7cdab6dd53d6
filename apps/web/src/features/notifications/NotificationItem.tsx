import { DeleteOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import type { Notification } from '@omnichat/contracts';
import { Badge, Button, Flex, Tooltip, theme } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATIONS_NS } from './i18n/index.ts';

dayjs.extend(relativeTime);

/** When a notification was made: unix seconds as elsewhere in the API (milliseconds and ISO text tolerated). */
export function notificationTime(value: unknown): dayjs.Dayjs | null {
  let time: dayjs.Dayjs | null = null;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    time = value > 1e11 ? dayjs(value) : dayjs.unix(value);
  } else if (typeof value === 'string' && value.trim()) time = dayjs(value);
  return time?.isValid() ? time : null;
}

const oneLine: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 };
const twoLines: CSSProperties = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  margin: '2px 0',
};
const plainButton: CSSProperties = {
  flex: 1,
  minWidth: 0,
  textAlign: 'left',
  background: 'none',
  border: 0,
  padding: 0,
  cursor: 'pointer',
  color: 'inherit',
  font: 'inherit',
};

interface NotificationItemProps {
  notification: Notification;
  onOpen: () => void;
  onPin: () => void;
  onDelete: () => void;
}

/** One row of the panel: unread ones stand out, pinned ones carry a pin; a click opens it. */
export function NotificationItem({ notification, onOpen, onPin, onDelete }: NotificationItemProps) {
  const { t, i18n } = useTranslation(NOTIFICATIONS_NS);
  const { token } = theme.useToken();
  // the language's own dayjs texts (the app loads them with the language), whatever dayjs was last set to
  const time = notificationTime(notification.created_at)?.locale(i18n.resolvedLanguage ?? 'en');
  const unread = !notification.read;
  const { title, pinned } = notification;
  return (
    <Flex
      data-notification-id={notification.id}
      gap={4}
      align="flex-start"
      style={{
        padding: '8px 6px',
        borderBottom: `1px solid ${token.colorSplit}`,
        background: unread ? token.colorPrimaryBg : undefined,
        borderRadius: token.borderRadiusSM,
      }}
    >
      <button type="button" onClick={onOpen} aria-label={title} style={plainButton}>
        <Flex gap={6} align="center">
          {unread && (
            <span style={{ width: 8, height: 8, borderRadius: 4, background: token.colorPrimary, flex: 'none' }} />
          )}
          <span style={{ ...oneLine, fontWeight: unread ? 600 : 400 }}>{title}</span>
          {notification.count > 1 && (
            // a conversation's new messages in one item: how many, beside the latest one's preview
            <Badge
              count={notification.count}
              overflowCount={99}
              size="small"
              color={unread ? token.colorPrimary : token.colorTextTertiary}
              title={t('panel.newMessages', { count: notification.count })}
            />
          )}
          {pinned && (
            <Tooltip title={t('panel.pinned')}>
              <PushpinFilled aria-label={t('panel.pinned')} style={{ color: token.colorWarning }} />
            </Tooltip>
          )}
        </Flex>
        <div style={{ ...twoLines, color: token.colorTextSecondary }}>{notification.content}</div>
        <span style={{ fontSize: 12, color: token.colorTextTertiary }} title={time?.format('YYYY-MM-DD HH:mm')}>
          {time ? time.fromNow() : t('panel.unknownTime')}
        </span>
      </button>
      <Flex vertical>
        <Button
          type="text"
          size="small"
          aria-label={`${pinned ? t('panel.unpin') : t('panel.pin')}: ${title}`}
          icon={pinned ? <PushpinFilled /> : <PushpinOutlined />}
          onClick={onPin}
        />
        <Button
          type="text"
          size="small"
          danger
          aria-label={`${t('panel.delete')}: ${title}`}
          icon={<DeleteOutlined />}
          onClick={onDelete}
        />
      </Flex>
    </Flex>
  );
}
