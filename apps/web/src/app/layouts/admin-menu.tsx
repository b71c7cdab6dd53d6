import {
  ApartmentOutlined,
  AuditOutlined,
  BellOutlined,
  CommentOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  GoogleOutlined,
  MailOutlined,
  ProfileOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { SidebarItem } from './menu-model.ts';

/** The system-admin sidebar of SPEC 2; the settings group is for admins (admin flag) only. */
export const ADMIN_MENU: SidebarItem[] = [
  { key: 'admin-dashboard', name: 'admin.dashboard', icon: <DashboardOutlined />, link: '/admin/dashboard' },
  {
    key: 'user-management',
    name: 'admin.userManagement',
    icon: <TeamOutlined />,
    items: [
      {
        key: 'system-admin',
        name: 'admin.systemAdmin',
        icon: <SafetyCertificateOutlined />,
        link: '/admin/system-admin',
        requiredPermission: ['system_admin_management_read'],
      },
      {
        key: 'user',
        name: 'admin.user',
        icon: <UserOutlined />,
        link: '/admin/user',
        requiredPermission: ['system_user_management_read'],
      },
      {
        key: 'workspace',
        name: 'admin.organization',
        icon: <ApartmentOutlined />,
        link: '/admin/workspace',
        requiredPermission: ['workspace_management_read'],
      },
    ],
  },
  {
    key: 'subscription-management',
    name: 'admin.subscriptionManagement',
    icon: <ShoppingOutlined />,
    items: [
      {
        key: 'plans',
        name: 'admin.plans',
        icon: <TagsOutlined />,
        link: '/admin/subscription-management/plans',
        requiredPermission: ['workspace_management_read'],
      },
      {
        key: 'organizational-plans',
        name: 'admin.organizationalPlanManagement',
        icon: <ProfileOutlined />,
        link: '/admin/subscription-management/organizational-plan-management',
        requiredPermission: ['workspace_management_read'],
      },
    ],
  },
  {
    key: 'settings',
    name: 'admin.settings',
    icon: <SettingOutlined />,
    adminOnly: true,
    items: [
      { key: 'settings-system', name: 'admin.system', icon: <SettingOutlined />, link: '/admin/settings/system' },
      {
        key: 'settings-notification',
        name: 'admin.notification',
        icon: <BellOutlined />,
        link: '/admin/settings/notification',
      },
      {
        key: 'settings-smtp',
        name: 'admin.smtpServer',
        icon: <MailOutlined />,
        link: '/admin/settings/smtp-server',
      },
      { key: 'settings-stripe', name: 'admin.stripe', icon: <CreditCardOutlined />, link: '/admin/settings/stripe' },
      { key: 'settings-google', name: 'admin.google', icon: <GoogleOutlined />, link: '/admin/settings/google' },
      {
        key: 'settings-omnichannel',
        name: 'admin.omnichannel',
        icon: <CommentOutlined />,
        link: '/admin/settings/omnichannel',
      },
      { key: 'settings-cs-agent', name: 'admin.csAgent', icon: <RobotOutlined />, link: '/admin/settings/cs-agent' },
      { key: 'audit-log', name: 'nav.auditLog', icon: <AuditOutlined />, link: '/admin/audit-log' },
    ],
  },
];
