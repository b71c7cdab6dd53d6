import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Grid, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from './text.tsx';

interface UserMenuProps {
  name: string;
  avatar?: string;
  items: MenuProps['items'];
}

/** The avatar button of the top bar and its menu (profile, settings, logout...). */
export function UserMenu({ name, avatar, items }: UserMenuProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        // the name shown beside the avatar is part of the button's name (WCAG 2.5.3, label in name)
        aria-label={screens.md && name ? t('nav.userMenuOf', { name }) : t('nav.userMenu')}
        style={{ paddingInline: 6, height: 40 }}
      >
        <Avatar size={28} src={avatar || undefined} icon={<UserOutlined />} />
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
