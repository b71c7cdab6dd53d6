import { Navigate, type RouteObject } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { RegisterPage } from '../features/auth/RegisterPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { VerifyPage } from '../features/auth/VerifyPage.tsx';
import { AboutPage } from '../features/marketing/AboutPage.tsx';
import { HomePage } from '../features/marketing/HomePage.tsx';
import { PricingPage } from '../features/marketing/PricingPage.tsx';
import { AdminDashboardPage, AdminProfilePage } from '../features/shell/AdminPages.tsx';
import { DashboardPage } from '../features/shell/DashboardPage.tsx';
import { NotFoundPage } from '../features/shell/NotFoundPage.tsx';
import { PlaceholderPage } from '../features/shell/PlaceholderPage.tsx';
import { ProfilePage } from '../features/shell/ProfilePage.tsx';
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
  'organization/users': 'nav.members',
  'organization/teams': 'nav.teams',
  'organization/wallet': 'pages.wallet',
  'organization/settings': 'pages.organizationSettings',
  'salesforce/accounts': 'nav.accountDataSync',
  'salesforce/credential': 'nav.appCredential',
  'notification-settings': 'pages.notificationSettings',
  'mobile-app': 'pages.mobileApp',
};

/** /admin/* pages that a later release fills. */
const ADMIN_PLACEHOLDERS: Record<string, string> = {
  'system-admin': 'admin.systemAdmin',
  user: 'admin.user',
  workspace: 'admin.organization',
  'subscription-management/plans': 'admin.plans',
  'subscription-management/organizational-plan-management': 'admin.organizationalPlanManagement',
  'settings/system': 'admin.system',
  'settings/notification': 'admin.notification',
  'settings/smtp-server': 'admin.smtpServer',
  'settings/stripe': 'admin.stripe',
  'settings/google': 'admin.google',
  'settings/omnichannel': 'admin.omnichannel',
  'settings/cs-agent': 'admin.csAgent',
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
      { path: '/auth/forgot-password', element: <ForgotPasswordPage kind="user" /> },
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
          ...placeholders(ADMIN_PLACEHOLDERS),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
