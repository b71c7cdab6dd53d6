import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BranchesOutlined,
  CloudOutlined,
  CloudSyncOutlined,
  CommentOutlined,
  DashboardOutlined,
  FileTextOutlined,
  KeyOutlined,
  MessageOutlined,
  NotificationOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { SidebarItem } from './menu-model.ts';

/** The organization sidebar of SPEC 2, in order. */
export const ORGANIZATION_MENU: SidebarItem[] = [
  { key: 'dashboard', name: 'nav.dashboard', icon: <DashboardOutlined />, link: '/app/dashboard' },
  {
    key: 'omnichannel',
    name: 'nav.omnichannel',
    icon: <CommentOutlined />,
    items: [
      {
        key: 'chat',
        name: 'nav.chat',
        icon: <MessageOutlined />,
        link: '/app/chat/chat',
        requiredPermission: ['conversation_read'],
      },
      { key: 'channel', name: 'nav.channel', icon: <ApiOutlined />, link: '/app/chat/channel', adminOnly: true },
      {
        key: 'whatsapp-template',
        name: 'nav.whatsappTemplate',
        icon: <FileTextOutlined />,
        link: '/app/chat/whatsapp-template',
        requiredPermission: ['template_read'],
      },
      {
        key: 'whatsapp-broadcast',
        name: 'nav.whatsappBroadcast',
        icon: <NotificationOutlined />,
        link: '/app/chat/whatsapp-broadcast',
        requiredPermission: ['broadcast_read'],
        requiredFeature: 'broadcast',
      },
    ],
  },
  {
    key: 'customers',
    name: 'nav.customers',
    icon: <UserOutlined />,
    link: '/app/relationship/customers',
    requiredPermission: ['customer_read'],
  },
  {
    key: 'workflow',
    name: 'nav.workflow',
    icon: <BranchesOutlined />,
    link: '/app/workflow',
    requiredPermission: ['workflow_read'],
    requiredFeature: 'workflow',
  },
  {
    key: 'cs-agents',
    name: 'nav.csAgents',
    // an icon the first screen loads anyway: a new one (RobotOutlined, 0.7 KB) put it over its 350 KB budget
    icon: <CommentOutlined />,
    link: '/app/cs-agents',
    requiredPermission: ['cs_agent_read'],
    requiredFeature: 'cs_agent',
  },
  {
    key: 'organization',
    name: 'nav.organization',
    icon: <AppstoreOutlined />,
    adminOnly: true,
    items: [
      { key: 'members', name: 'nav.members', icon: <UsergroupAddOutlined />, link: '/app/organization/users' },
      { key: 'teams', name: 'nav.teams', icon: <TeamOutlined />, link: '/app/organization/teams' },
      {
        key: 'audit-log',
        name: 'nav.auditLog',
        icon: <AuditOutlined />,
        link: '/app/organization/audit-log',
        adminOnly: true,
      },
    ],
  },
  {
    key: 'salesforce',
    name: 'nav.salesforce',
    icon: <CloudOutlined />,
    adminOnly: true,
    items: [
      {
        key: 'salesforce-accounts',
        name: 'nav.accountDataSync',
        icon: <CloudSyncOutlined />,
        link: '/app/salesforce/accounts',
        requiredFeature: 'salesforce',
      },
      {
        key: 'salesforce-credential',
        name: 'nav.appCredential',
        icon: <KeyOutlined />,
        link: '/app/salesforce/credential',
        requiredFeature: 'salesforce',
      },
    ],
  },
];
