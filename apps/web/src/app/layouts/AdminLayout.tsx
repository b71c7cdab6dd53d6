import '../../features/admin/i18n/index.ts';
import { LogoutOutlined, SafetyCertificateFilled, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { ThemeToggle } from '../../ui/ThemeToggle.tsx';
import { UserMenu } from '../../ui/UserMenu.tsx';
import { useAdminPermissions, usePublicSettings } from '../queries.ts';
import { logout } from '../session/login-flow.ts';
import { useSession } from '../session/use-session.ts';
import { GeneralSocketProvider } from '../socket/index.ts';
import { ADMIN_MENU } from './admin-menu.tsx';
import { accessForPath, resolveMenu } from './menu-model.ts';
import { RouteGate } from './RouteGate.tsx';
import { ShellLayout } from './ShellLayout.tsx';

/** The /admin/* layout: "system admin panel" sidebar, permissions from GET /v1/admin/self/permission. */
export function AdminLayout() {
  const { t } = useTranslation();
  const sessionState = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const permissions = useAdminPermissions();
  const settings = usePublicSettings();
  const isAdmin = sessionState.admin?.admin === true || sessionState.roleFlag === 'admin';
  const { pathname } = useLocation();
  const storedPermissions = sessionState.admin?.permissions;
  const context = useMemo(
    () => ({ isAdmin, permissions: permissions.data ?? storedPermissions ?? [], planTag: null }),
    [isAdmin, permissions.data, storedPermissions],
  );
  const items = useMemo(() => resolveMenu(ADMIN_MENU, context), [context]);

  if (!sessionState.token || sessionState.loginType !== 'system_admin') {
    return <Navigate to="/auth/admin/login" replace />;
  }

  const onLogout = async () => {
    const target = await logout('admin');
    queryClient.clear();
    navigate(target, { replace: true });
  };
  const userItems: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: <Link to="/admin/profile">{t('admin.profile')}</Link> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true, onClick: () => void onLogout() },
  ];
  const admin = sessionState.admin;
  return (
    <GeneralSocketProvider>
      <ShellLayout
        sidebarTitle={t('admin.panelTitle')}
        sidebarAvatar={
          <Avatar shape="square" size={36} style={{ background: '#722ed1', flexShrink: 0 }}>
            <SafetyCertificateFilled />
          </Avatar>
        }
        items={items}
        titleSuffix={settings.data?.['system.name'] ?? ''}
        content={
          <RouteGate access={accessForPath(ADMIN_MENU, pathname, context)} home="/admin/dashboard">
            <Outlet />
          </RouteGate>
        }
        headerRight={
          <>
            <LanguagePicker />
            <ThemeToggle />
            <UserMenu
              name={admin?.display_name || admin?.username || ''}
              avatar={sessionState.userAvatar}
              items={userItems}
            />
          </>
        }
      />
    </GeneralSocketProvider>
  );
}
