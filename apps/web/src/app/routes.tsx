import { Navigate, type RouteObject } from 'react-router';
import { AdminProfilePage } from '../features/admin/AdminProfilePage.tsx';
import { SystemAdminsPage } from '../features/admin/SystemAdminsPage.tsx';
import {
  CsAgentSettingsPage,
  GoogleSettingsPage,
  NotificationSettingsPage,
  OmnichannelSettingsPage,
  SmtpSettingsPage,
  StripeSettingsPage,
  SystemSettingsPage,
} from '../features/admin/settings/SettingsPages.tsx';
import { UsersPage } from '../features/admin/UsersPage.tsx';
import { WorkspacesPage } from '../features/admin/WorkspacesPage.tsx';
import { AdminAuditLogPage, OrganizationAuditLogPage } from '../features/audit/AuditLogPages.tsx';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.tsx';
import { JoinPage } from '../features/auth/JoinPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { RegisterPage } from '../features/auth/RegisterPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { ConfirmEmailPage, VerifyPage } from '../features/auth/VerifyPage.tsx';
import { AboutPage } from '../features/marketing/AboutPage.tsx';
import { HomePage } from '../features/marketing/HomePage.tsx';
import { PricingPage } from '../features/marketing/PricingPage.tsx';
import { MembersPage } from '../features/members/MembersPage.tsx';
import { AdminDashboardPage } from '../features/shell/AdminPages.tsx';
import { DashboardPage } from '../features/shell/DashboardPage.tsx';
import { NotFoundPage } from '../features/shell/NotFoundPage.tsx';
import { PlaceholderPage } from '../features/shell/PlaceholderPage.tsx';
import { ProfilePage } from '../features/shell/ProfilePage.tsx';
import { TeamsPage } from '../features/teams/TeamsPage.tsx';
import { OrganizationSettingsPage } from '../features/workspace/OrganizationSettingsPage.tsx';
import { SwitchOrganizationPage } from '../features/workspace/SwitchOrganizationPage.tsx';
import { AdminLayout } from './layouts/AdminLayout.tsx';
import { OrganizationLayout } from './layouts/OrganizationLayout.tsx';
import { Root } from './Root.tsx';

/** /app/* pages that a later release fills: path (under /app) → title key. */
const ORGANIZATION_PLACEHOLDERS: Record<string, string> = {
  'chat/chat': 'nav.chat',
  'chat/channel': 'nav.channel',
  'chat/whatsapp-template': 'nav.whatsappTemplate',
  'chat/whatsapp-broadcast': 'nav.whatsappBroadcast',
  'relationship/customers': 'nav.customers',
  workflow: 'nav.workflow',
  'organization/wallet': 'pages.wallet',
  'salesforce/accounts': 'nav.accountDataSync',
  'salesforce/credential': 'nav.appCredential',
  'notification-settings': 'pages.notificationSettings',
  'mobile-app': 'pages.mobileApp',
};

/** /admin/* pages that a later release fills. */
const ADMIN_PLACEHOLDERS: Record<string, string> = {
  'subscription-management/plans': 'admin.plans',
  'subscription-management/organizational-plan-management': 'admin.organizationalPlanManagement',
};

const placeholders = (table: Record<string, string>): RouteObject[] =>
  Object.entries(table).map(([path, titleKey]) => ({
    path,
    element: <PlaceholderPage key={path} titleKey={titleKey} />,
  }));

/** Every route of SPEC 2. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/auth', element: <Navigate to="/auth/login" replace /> },
      { path: '/auth/login', element: <LoginPage kind="user" /> },
      { path: '/auth/admin', element: <Navigate to="/auth/admin/login" replace /> },
      { path: '/auth/admin/login', element: <LoginPage kind="admin" /> },
      { path: '/auth/register', element: <RegisterPage /> },
      { path: '/auth/verify', element: <VerifyPage /> },
      { path: '/auth/confirm-email', element: <ConfirmEmailPage /> },
      { path: '/auth/join', element: <JoinPage /> },
      { path: '/auth/forgot-password', element: <ForgotPasswordPage kind="user" /> },
      { path: '/auth/resend-verification', element: <ForgotPasswordPage kind="verification" /> },
      { path: '/auth/reset-password', element: <ResetPasswordPage kind="user" /> },
      { path: '/auth/admin/forgot-password', element: <ForgotPasswordPage kind="admin" /> },
      { path: '/auth/admin/reset-password', element: <ResetPasswordPage kind="admin" /> },
      {
        path: '/app',
        element: <OrganizationLayout />,
        children: [
          { index: true, element: <Navigate to="/app/dashboard" replace /> },
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'organization', element: <SwitchOrganizationPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'organization/users', element: <MembersPage /> },
          { path: 'organization/teams', element: <TeamsPage /> },
          { path: 'organization/audit-log', element: <OrganizationAuditLogPage /> },
          { path: 'organization/settings', element: <OrganizationSettingsPage /> },
          ...placeholders(ORGANIZATION_PLACEHOLDERS),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <Navigate to="/admin/dashboard" replace /> },
          { path: 'dashboard', element: <AdminDashboardPage /> },
          { path: 'profile', element: <AdminProfilePage /> },
          { path: 'system-admin', element: <SystemAdminsPage /> },
          { path: 'user', element: <UsersPage /> },
          { path: 'workspace', element: <WorkspacesPage /> },
          { path: 'audit-log', element: <AdminAuditLogPage /> },
          { path: 'settings/system', element: <SystemSettingsPage /> },
          { path: 'settings/notification', element: <NotificationSettingsPage /> },
          { path: 'settings/smtp-server', element: <SmtpSettingsPage /> },
          { path: 'settings/stripe', element: <StripeSettingsPage /> },
          { path: 'settings/google', element: <GoogleSettingsPage /> },
          { path: 'settings/omnichannel', element: <OmnichannelSettingsPage /> },
          { path: 'settings/cs-agent', element: <CsAgentSettingsPage /> },
          ...placeholders(ADMIN_PLACEHOLDERS),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
