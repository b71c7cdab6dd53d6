import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from './PageLoading.tsx';
import { Root } from './Root.tsx';

/**
 * A route whose page (and what only it uses) is a chunk of its own, fetched when first visited: the first load
 * carries the shell, not every page. The router shows the previous page with a progress bar meanwhile.
 */
const page = <M,>(load: () => Promise<M>, render: (module: M) => ReactElement): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ element: render(await load()) }),
});

const placeholderPage = () => import('../features/shell/PlaceholderPage.tsx');
const notFound = {
  path: '*',
  ...page(
    () => import('../features/shell/NotFoundPage.tsx'),
    (m) => <m.NotFoundPage />,
  ),
};
/** /app/* pages that a later release fills: path (under /app) → title key. */
const ORGANIZATION_PLACEHOLDERS: Record<string, string> = {
  'salesforce/accounts': 'nav.accountDataSync',
  'salesforce/credential': 'nav.appCredential',
};

const placeholders = (table: Record<string, string>): RouteObject[] =>
  Object.entries(table).map(([path, titleKey]) => ({
    path,
    ...page(placeholderPage, (m) => <m.PlaceholderPage key={path} titleKey={titleKey} />),
  }));

/** Every route of SPEC 2. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: '/',
        ...page(
          () => import('../features/marketing/HomePage.tsx'),
          (m) => <m.HomePage />,
        ),
      },
      {
        path: '/about',
        ...page(
          () => import('../features/marketing/AboutPage.tsx'),
          (m) => <m.AboutPage />,
        ),
      },
      {
        path: '/pricing',
        ...page(
          () => import('../features/marketing/PricingPage.tsx'),
          (m) => <m.PricingPage />,
        ),
      },
      { path: '/auth', element: <Navigate to="/auth/login" replace /> },
      {
        path: '/auth/login',
        ...page(
          () => import('../features/auth/LoginPage.tsx'),
          (m) => <m.LoginPage kind="user" />,
        ),
      },
      { path: '/auth/admin', element: <Navigate to="/auth/admin/login" replace /> },
      {
        path: '/auth/admin/login',
        ...page(
          () => import('../features/auth/LoginPage.tsx'),
          (m) => <m.LoginPage kind="admin" />,
        ),
      },
      {
        path: '/auth/register',
        ...page(
          () => import('../features/auth/RegisterPage.tsx'),
          (m) => <m.RegisterPage />,
        ),
      },
      {
        path: '/auth/verify',
        ...page(
          () => import('../features/auth/VerifyPage.tsx'),
          (m) => <m.VerifyPage />,
        ),
      },
      {
        path: '/auth/confirm-email',
        ...page(
          () => import('../features/auth/VerifyPage.tsx'),
          (m) => <m.ConfirmEmailPage />,
        ),
      },
      {
        path: '/auth/join',
        ...page(
          () => import('../features/auth/JoinPage.tsx'),
          (m) => <m.JoinPage />,
        ),
      },
      {
        path: '/auth/forgot-password',
        ...page(
          () => import('../features/auth/ForgotPasswordPage.tsx'),
          (m) => <m.ForgotPasswordPage kind="user" />,
        ),
      },
      {
        path: '/auth/resend-verification',
        ...page(
          () => import('../features/auth/ForgotPasswordPage.tsx'),
          (m) => <m.ForgotPasswordPage kind="verification" />,
        ),
      },
      {
        path: '/auth/reset-password',
        ...page(
          () => import('../features/auth/ResetPasswordPage.tsx'),
          (m) => <m.ResetPasswordPage kind="user" />,
        ),
      },
      {
        path: '/auth/admin/forgot-password',
        ...page(
          () => import('../features/auth/ForgotPasswordPage.tsx'),
          (m) => <m.ForgotPasswordPage kind="admin" />,
        ),
      },
      {
        path: '/auth/admin/reset-password',
        ...page(
          () => import('../features/auth/ResetPasswordPage.tsx'),
          (m) => <m.ResetPasswordPage kind="admin" />,
        ),
      },
      {
        path: '/app',
        ...page(
          () => import('./layouts/OrganizationLayout.tsx'),
          (m) => <m.OrganizationLayout />,
        ),
        children: [
          { index: true, element: <Navigate to="/app/dashboard" replace /> },
          {
            path: 'dashboard',
            ...page(
              () => import('../features/shell/DashboardPage.tsx'),
              (m) => <m.DashboardPage />,
            ),
          },
          {
            path: 'organization',
            ...page(
              () => import('../features/workspace/SwitchOrganizationPage.tsx'),
              (m) => <m.SwitchOrganizationPage />,
            ),
          },
          {
            path: 'profile',
            ...page(
              () => import('../features/shell/ProfilePage.tsx'),
              (m) => <m.ProfilePage />,
            ),
          },
          {
            path: 'organization/users',
            ...page(
              () => import('../features/members/MembersPage.tsx'),
              (m) => <m.MembersPage />,
            ),
          },
          {
            path: 'organization/teams',
            ...page(
              () => import('../features/teams/TeamsPage.tsx'),
              (m) => <m.TeamsPage />,
            ),
          },
          {
            path: 'organization/audit-log',
            ...page(
              () => import('../features/audit/AuditLogPages.tsx'),
              (m) => <m.OrganizationAuditLogPage />,
            ),
          },
          {
            path: 'chat/chat',
            ...page(
              () => import('../features/chat/ChatPage.tsx'),
              (m) => <m.ChatPage />,
            ),
          },
          {
            path: 'relationship/customers',
            ...page(
              () => import('../features/customers/CustomersPage.tsx'),
              (m) => <m.CustomersPage />,
            ),
          },
          {
            path: 'chat/whatsapp-template',
            ...page(
              () => import('../features/templates/TemplatesPage.tsx'),
              (m) => <m.TemplatesPage />,
            ),
          },
          {
            path: 'chat/whatsapp-broadcast/:id?',
            ...page(
              () => import('../features/broadcasts/pages.tsx'),
              (m) => <m.BroadcastsRoute />,
            ),
          },
          {
            path: 'cs-agents/:id?',
            ...page(
              () => import('../features/cs-agents/pages.tsx'),
              (m) => <m.CsAgentsRoute />,
            ),
          },
          {
            path: 'workflow/*',
            ...page(
              () => import('../features/workflows/pages.tsx'),
              (m) => <m.WorkflowsRoute />,
            ),
          },
          {
            path: 'chat/channel',
            ...page(
              () => import('../features/channels/ChannelsPage.tsx'),
              (m) => <m.ChannelsPage />,
            ),
          },
          {
            path: 'relationship/customers/:id',
            ...page(
              () => import('../features/customers/CustomerPage.tsx'),
              (m) => <m.CustomerPage />,
            ),
          },
          {
            path: 'mobile-app',
            ...page(
              () => import('../features/mobile-app/MobileAppPage.tsx'),
              (m) => <m.MobileAppPage />,
            ),
          },
          {
            path: 'notification-settings',
            ...page(
              () => import('../features/notifications/NotificationSettingsPage.tsx'),
              (m) => <m.NotificationSettingsPage />,
            ),
          },
          {
            path: 'organization/settings',
            ...page(
              () => import('../features/workspace/OrganizationSettingsPage.tsx'),
              (m) => <m.OrganizationSettingsPage />,
            ),
          },
          {
            path: 'organization/wallet',
            ...page(
              () => import('../features/billing/WalletPage.tsx'),
              (m) => <m.WalletPage />,
            ),
          },
          ...placeholders(ORGANIZATION_PLACEHOLDERS),
          notFound,
        ],
      },
      {
        path: '/admin',
        ...page(
          () => import('./layouts/AdminLayout.tsx'),
          (m) => <m.AdminLayout />,
        ),
        children: [
          { index: true, element: <Navigate to="/admin/dashboard" replace /> },
          {
            path: 'dashboard',
            ...page(
              () => import('../features/shell/AdminPages.tsx'),
              (m) => <m.AdminDashboardPage />,
            ),
          },
          {
            path: 'profile',
            ...page(
              () => import('../features/admin/AdminProfilePage.tsx'),
              (m) => <m.AdminProfilePage />,
            ),
          },
          {
            path: 'system-admin',
            ...page(
              () => import('../features/admin/SystemAdminsPage.tsx'),
              (m) => <m.SystemAdminsPage />,
            ),
          },
          {
            path: 'user',
            ...page(
              () => import('../features/admin/UsersPage.tsx'),
              (m) => <m.UsersPage />,
            ),
          },
          {
            path: 'workspace',
            ...page(
              () => import('../features/admin/WorkspacesPage.tsx'),
              (m) => <m.WorkspacesPage />,
            ),
          },
          {
            path: 'audit-log',
            ...page(
              () => import('../features/audit/AuditLogPages.tsx'),
              (m) => <m.AdminAuditLogPage />,
            ),
          },
          {
            path: 'settings/system',
            ...page(
              () => import('../features/admin/settings/SettingsPages.tsx'),
              (m) => <m.SystemSettingsPage />,
            ),
          },
          {
            path: 'settings/notification',
            ...page(
              () => import('../features/admin/settings/SettingsPages.tsx'),
              (m) => <m.NotificationSettingsPage />,
            ),
          },
          {
            path: 'settings/smtp-server',
            ...page(
              () => import('../features/admin/settings/SettingsPages.tsx'),
              (m) => <m.SmtpSettingsPage />,
            ),
          },
          {
            path: 'settings/stripe',
            ...page(
              () => import('../features/admin/settings/SettingsPages.tsx'),
              (m) => <m.StripeSettingsPage />,
            ),
          },
          {
            path: 'settings/google',
            ...page(
              () => import('../features/admin/settings/SettingsPages.tsx'),
              (m) => <m.GoogleSettingsPage />,
            ),
          },
          {
            path: 'settings/omnichannel',
            ...page(
              () => import('../features/admin/settings/SettingsPages.tsx'),
              (m) => <m.OmnichannelSettingsPage />,
            ),
          },
          {
            path: 'settings/cs-agent',
            ...page(
              () => import('../features/admin/settings/SettingsPages.tsx'),
              (m) => <m.CsAgentSettingsPage />,
            ),
          },
          {
            path: 'subscription-management/plans',
            ...page(
              () => import('../features/billing/PlansPage.tsx'),
              (m) => <m.PlansPage />,
            ),
          },
          {
            path: 'subscription-management/organizational-plan-management',
            ...page(
              () => import('../features/billing/OrganizationsBillingPage.tsx'),
              (m) => <m.OrganizationsBillingPage />,
            ),
          },
          notFound,
        ],
      },
      notFound,
    ],
  },
];
