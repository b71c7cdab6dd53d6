import { BellOutlined } from '@ant-design/icons';
import { LIMITS } from '@omnichat/contracts';
import { Badge, Button, Empty, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from './text.tsx';

/** "99+" above the cap (SPEC 9). */
export const formatUnreadCount = (count: number) =>
  count > LIMITS.unreadBadgeCap ? `${LIMITS.unreadBadgeCap}+` : String(count);

/** Header bell with the unread count; the notification panel arrives with the notification socket. */
export function NotificationBell({ unreadCount = 0 }: { unreadCount?: number }) {
  const { t } = useTranslation();
  const panel = (
    <div style={{ width: 'min(320px, calc(100vw - 48px))' }}>
      <Text strong>{t('notifications.title')}</Text>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
    </div>
  );
  return (
    <Popover content={panel} trigger="click" placement="bottomRight">
      <Badge count={unreadCount > 0 ? formatUnreadCount(unreadCount) : 0} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          aria-label={`${t('nav.notifications')}${unreadCount > 0 ? ` (${formatUnreadCount(unreadCount)})` : ''}`}
          icon={<BellOutlined />}
        />
      </Badge>
    </Popover>
  );
}
