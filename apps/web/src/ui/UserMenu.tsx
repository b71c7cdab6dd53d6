import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Badge, Button, Dropdown, Grid, type MenuProps, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from './text.tsx';

/** A member's availability on the avatar: the colour of its dot and its words. */
export interface UserMenuStatus {
  tone: 'success' | 'warning' | 'default';
  label: string;
}

interface UserMenuProps {
  name: string;
  avatar?: string;
  items: MenuProps['items'];
  /** menu items shown as chosen (the current availability) */
  selectedKeys?: string[];
  status?: UserMenuStatus;
}

/** The avatar button of the top bar and its menu (availability, profile, settings, logout...). */
export function UserMenu({ name, avatar, items, selectedKeys, status }: UserMenuProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const dot =
    status &&
    { success: token.colorSuccess, warning: token.colorWarning, default: token.colorTextQuaternary }[status.tone];
  const label = screens.md && name ? t('nav.userMenuOf', { name }) : t('nav.userMenu');
  return (
    <Dropdown menu={{ items, selectedKeys }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        // the name shown beside the avatar is part of the button's name (WCAG 2.5.3, label in name)
        aria-label={status ? `${label}, ${status.label}` : label}
        style={{ paddingInline: 6, height: 40 }}
      >
        <Badge dot={Boolean(status)} color={dot} offset={[-3, 24]}>
          <Avatar size={28} src={avatar || undefined} icon={<UserOutlined />} />
        </Badge>
        {screens.md && (
          <Text ellipsis style={{ maxWidth: 140 }}>
            {name}
          </Text>
        )}
        {screens.md && <DownOutlined style={{ fontSize: 10 }} />}
      </Button>
    </Dropdown>
  );
}
