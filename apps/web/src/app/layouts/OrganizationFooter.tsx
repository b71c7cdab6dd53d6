import { PlusOutlined, SettingOutlined, SwapOutlined, WalletOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

interface OrganizationFooterProps {
  isAdmin: boolean;
  canCreate: boolean;
  onCreate: () => void;
  onNavigate: () => void;
}

/** Footer of the organization sidebar (SPEC 2): wallet/settings for owner or admin, switch for all. */
export function OrganizationFooter({ isAdmin, canCreate, onCreate, onNavigate }: OrganizationFooterProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items: MenuProps['items'] = [
    ...(isAdmin
      ? [
          {
            key: '/app/organization/wallet',
            icon: <WalletOutlined />,
            label: <Link to="/app/organization/wallet">{t('nav.wallet')}</Link>,
          },
          {
            key: '/app/organization/settings',
            icon: <SettingOutlined />,
            label: <Link to="/app/organization/settings">{t('nav.settings')}</Link>,
          },
        ]
      : []),
    {
      key: '/app/organization',
      icon: <SwapOutlined />,
      label: <Link to="/app/organization">{t('nav.switchOrganization')}</Link>,
    },
    ...(canCreate
      ? [{ key: 'create-organization', icon: <PlusOutlined />, label: t('nav.createOrganization'), onClick: onCreate }]
      : []),
  ];
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[pathname]}
      onClick={onNavigate}
      style={{ borderInlineEnd: 0, background: 'transparent' }}
    />
  );
}
