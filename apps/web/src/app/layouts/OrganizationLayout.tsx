import { BellOutlined, LogoutOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, type MenuProps } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { NotificationCenter } from '../../features/notifications/NotificationCenter.tsx';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { ThemeToggle } from '../../ui/ThemeToggle.tsx';
import { UserMenu } from '../../ui/UserMenu.tsx';
import { useCurrentSubscription, useMemberPermissions, usePublicSettings } from '../queries.ts';
import { logout } from '../session/login-flow.ts';
import { AVAILABILITY_BADGE, AVAILABILITY_STATUSES, useAvailability } from '../session/use-availability.ts';
import { useMembershipRefresh } from '../session/use-membership-refresh.ts';
import { useSession } from '../session/use-session.ts';
import { GeneralSocketProvider } from '../socket/index.ts';
import { accessForPath, featureAccess, resolveMenu, type SidebarItem } from './menu-model.ts';
import { OrganizationFooter } from './OrganizationFooter.tsx';
import { ORGANIZATION_MENU } from './organization-menu.tsx';
import { RouteGate } from './RouteGate.tsx';
import { ShellLayout } from './ShellLayout.tsx';
import { WorkspaceAvatar } from './Sidebar.tsx';

// its form (fields, time zones, avatar upload) loads when someone opens it, not with every page
const CreateOrganizationDialog = lazy(async () => ({
  default: (await import('../../features/workspace/CreateOrganizationDialog.tsx')).CreateOrganizationDialog,
}));

/** Routes outside the sidebar tree that follow the same rules (footer items of SPEC 2). */
const GATED_ROUTES: SidebarItem[] = [
  ...ORGANIZATION_MENU,
  { key: 'wallet', name: 'nav.wallet', link: '/app/organization/wallet', adminOnly: true },
  { key: 'settings', name: 'nav.settings', link: '/app/organization/settings', adminOnly: true },
];

/** Paths a signed-in user may open before choosing an organization. */
const WITHOUT_WORKSPACE = ['/app/organization', '/app/profile'];

/** The /app/* layout: guard, sidebar of SPEC 2 with the rules of SPEC 6, header, footer menu. */
export function OrganizationLayout() {
  const { t } = useTranslation();
  const sessionState = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const settings = usePublicSettings();
  const permissions = useMemberPermissions();
  const subscription = useCurrentSubscription();
  useMembershipRefresh(Boolean(sessionState.token && sessionState.loginType === 'system_user' && sessionState.member));
  const availability = useAvailability();

  const { isAdmin, member } = sessionState;
  const context = useMemo(
    () => ({
      isAdmin,
      permissions: permissions.data ?? member?.permissions ?? [],
      ...featureAccess(subscription.data),
    }),
    [isAdmin, permissions.data, member?.permissions, subscription.data],
  );
  const items = useMemo(() => (member ? resolveMenu(ORGANIZATION_MENU, context) : []), [member, context]);

  if (!sessionState.token || sessionState.loginType !== 'system_user') return <Navigate to="/auth/login" replace />;
  if (!member && !WITHOUT_WORKSPACE.includes(pathname)) return <Navigate to="/app/organization" replace />;

  const onLogout = async () => {
    const target = await logout('user');
    queryClient.clear();
    navigate(target, { replace: true });
  };

  // a member of an organization says whether auto-assignment may give them new conversations
  const availabilityItems: MenuProps['items'] = member
    ? [
        {
          type: 'group',
          key: 'availability',
          label: t('availability.title'),
          children: AVAILABILITY_STATUSES.map((status) => ({
            key: `availability:${status}`,
            icon: <Badge status={AVAILABILITY_BADGE[status]} />,
            label: t(`availability.${status}`),
            disabled: availability.pending,
            onClick: () => status !== availability.status && availability.change(status),
          })),
        },
        { type: 'divider' },
      ]
    : [];
  const userItems: MenuProps['items'] = [
    ...availabilityItems,
    { key: 'profile', icon: <UserOutlined />, label: <Link to="/app/profile">{t('nav.profile')}</Link> },
    {
      key: 'notification-settings',
      icon: <BellOutlined />,
      label: <Link to="/app/notification-settings">{t('nav.notificationSettings')}</Link>,
    },
    { key: 'mobile-app', icon: <MobileOutlined />, label: <Link to="/app/mobile-app">{t('nav.mobileApp')}</Link> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true, onClick: () => void onLogout() },
  ];

  const workspaceName = sessionState.workspaceName;
  const user = sessionState.user;
  return (
    <GeneralSocketProvider>
      <ShellLayout
        sidebarTitle={workspaceName || t('common.appName')}
        sidebarAvatar={<WorkspaceAvatar name={workspaceName || 'O'} src={sessionState.workspaceAvatar} />}
        items={items}
        titleSuffix={workspaceName}
        content={
          <RouteGate access={accessForPath(GATED_ROUTES, pathname, context)} home="/app/dashboard">
            <Outlet />
          </RouteGate>
        }
        footer={(close) => (
          <OrganizationFooter
            isAdmin={Boolean(member) && isAdmin}
            canCreate={settings.data?.['system.mode'] === 'platform'}
            onCreate={() => setCreating(true)}
            onNavigate={close}
          />
        )}
        headerRight={
          <>
            <LanguagePicker />
            <ThemeToggle />
            <NotificationCenter />
            <UserMenu
              name={user?.display_name || user?.username || ''}
              avatar={sessionState.userAvatar}
              items={userItems}
              selectedKeys={member ? [`availability:${availability.status}`] : []}
              status={
                member
                  ? {
                      tone: AVAILABILITY_BADGE[availability.status],
                      label: t('availability.current', { status: t(`availability.${availability.status}`) }),
                    }
                  : undefined
              }
            />
          </>
        }
      />
      {creating && (
        <Suspense>
          <CreateOrganizationDialog open onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </GeneralSocketProvider>
  );
}
