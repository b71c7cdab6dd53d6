import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '../test/fetch-stub.ts';
import { ADMIN, memberOf, PUBLIC_SETTINGS, subscriptionFixture, USER, WORKSPACES } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';
import { STORAGE_KEYS, session, storeAdmin, storeWorkspaceMember, writeString } from './storage.ts';

const ORGANIZATION_ROUTES = [
  '/app/dashboard',
  '/app/chat/chat',
  '/app/chat/channel',
  '/app/chat/whatsapp-template',
  '/app/chat/whatsapp-broadcast',
  '/app/relationship/customers',
  '/app/workflow',
  '/app/organization/users',
  '/app/organization/teams',
  '/app/salesforce/accounts',
  '/app/salesforce/credential',
  '/app/profile',
  '/app/notification-settings',
  '/app/mobile-app',
  '/app/organization/wallet',
  '/app/organization/settings',
  '/app/organization',
];

const ADMIN_ROUTES = [
  '/admin/dashboard',
  '/admin/system-admin',
  '/admin/user',
  '/admin/workspace',
  '/admin/subscription-management/plans',
  '/admin/subscription-management/organizational-plan-management',
  '/admin/settings/system',
  '/admin/settings/notification',
  '/admin/settings/smtp-server',
  '/admin/settings/stripe',
  '/admin/settings/google',
  '/admin/settings/omnichannel',
  '/admin/settings/cs-agent',
  '/admin/profile',
];

function asOwner() {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf({ ...WORKSPACES[0]!, role: 'owner' }, []));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/self/workspaces': [ok(WORKSPACES)],
    'GET /v1/self': [ok(USER)],
  });
}

function asAdmin(admin = ADMIN, permissions: string[] = []) {
  writeString(STORAGE_KEYS.token, 'admin-token');
  writeString(STORAGE_KEYS.loginType, 'system_admin');
  writeString(STORAGE_KEYS.role, admin.admin ? 'admin' : 'member');
  storeAdmin(admin);
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/admin/self/permission': [ok({ permissions })],
  });
}

describe('routes', () => {
  it.each(ORGANIZATION_ROUTES)('%s renders inside the organization layout', async (path) => {
    asOwner();
    await renderApp(path);
    expect(await screen.findByRole('navigation', { name: 'sidebar' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3 })).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it.each(ADMIN_ROUTES)('%s renders inside the admin layout', async (path) => {
    asAdmin();
    await renderApp(path);
    expect(await screen.findByRole('navigation', { name: 'sidebar' })).toHaveTextContent('system admin panel');
    expect(await screen.findByRole('heading', { level: 3 })).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('shows "no data available" on pages a later release fills', async () => {
    asOwner();
    await renderApp('/app/relationship/customers');
    expect(await screen.findByText('no data available')).toBeInTheDocument();
  });

  it('sends signed-out visitors of /app to the user login and of /admin to the admin login', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    const first = await renderApp('/app/dashboard');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/auth/login'));
    first.unmount();
    const second = await renderApp('/admin/user');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/auth/admin/login'));
  });

  it('ends an expired session at /auth/login after the refresh fails', async () => {
    writeString(STORAGE_KEYS.token, 'expired');
    writeString(STORAGE_KEYS.loginType, 'system_user');
    storeWorkspaceMember(memberOf(WORKSPACES[0]!, []));
    stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'GET /v1/workspace/member/self/permission': [fail(401, 'your session has expired, please sign in again', 'x1')],
      'GET /v1/subscription/current': [ok(subscriptionFixture())],
      'POST /v1/auth/refresh-token': [fail(401, 'unauthorized')],
    });
    const { router } = await renderApp('/app/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(session.token()).toBeNull();
    expect(await screen.findByText('[401] Trace: #x1')).toBeInTheDocument();
  });
});

describe('admin sidebar', () => {
  it('hides the settings group from a non-admin and locks items without permission', async () => {
    asAdmin({ ...ADMIN, admin: false }, ['system_user_management_read']);
    await renderApp('/admin/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    expect(within(sidebar).queryByText('Settings')).not.toBeInTheDocument();
    expect(within(sidebar).queryByText('SMTP server')).not.toBeInTheDocument();
    expect(await within(sidebar).findByRole('link', { name: 'User' })).toHaveAttribute('href', '/admin/user');
    await waitFor(() => expect(within(sidebar).queryByRole('link', { name: 'Organization' })).not.toBeInTheDocument());
    await userEvent.setup().hover(within(sidebar).getByText('System admin'));
    expect(await screen.findByText('missing permissions: System admin management · Read')).toBeInTheDocument();
  });

  it('shows every item to an admin', async () => {
    asAdmin();
    await renderApp('/admin/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    for (const [name, href] of [
      ['System admin', '/admin/system-admin'],
      ['Organization', '/admin/workspace'],
      ['Plans', '/admin/subscription-management/plans'],
      ['Organizational plan management', '/admin/subscription-management/organizational-plan-management'],
      ['SMTP server', '/admin/settings/smtp-server'],
      ['CS agent', '/admin/settings/cs-agent'],
    ] as const) {
      expect(within(sidebar).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('logs an admin out to /auth/admin/login', async () => {
    asAdmin();
    const { router } = await renderApp('/admin/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /user menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Logout/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/admin/login'));
    expect(session.token()).toBeNull();
  });
});
