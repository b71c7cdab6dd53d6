import { BellOutlined } from '@ant-design/icons';
import { LIMITS } from '@omnichat/contracts';
import { Badge, Button, Empty, Popover } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "99+" above the cap (SPEC 9). */
export const formatUnreadCount = (count: number) =>
  count > LIMITS.unreadBadgeCap ? `${LIMITS.unreadBadgeCap}+` : String(count);

interface NotificationBellProps {
  unreadCount?: number;
  /** The panel, rendered only while open; `close` hides it (after following a notification). */
  panel?: (close: () => void) => ReactNode;
}

/** Header bell with the unread count; its panel opens on click (phone-wide at most). */
export function NotificationBell({ unreadCount = 0, panel }: NotificationBellProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  // always some content: antd opens no popover without it
  const content = (
    <div style={{ width: 'min(380px, calc(100vw - 24px))' }}>
      {!panel && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />}
      {panel && open && panel(close)}
    </div>
  );
  const count = unreadCount > 0 ? formatUnreadCount(unreadCount) : '';
  return (
    <Popover
      content={content}
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
    >
      <Badge count={count || 0} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          aria-label={`${t('nav.notifications')}${count ? ` (${count})` : ''}`}
          icon={<BellOutlined />}
        />
      </Badge>
    </Popover>
  );
}
