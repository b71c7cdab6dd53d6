import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, session, writeString } from '../../app/storage.ts';
import { getToasts } from '../../app/toast/toast-store.ts';
import { fail, ok, stubFetch } from '../../test/fetch-stub.ts';
import { ADMIN, memberOf, PUBLIC_SETTINGS, subscriptionFixture, USER, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

function stubLogin(login: { status?: number; body: unknown }[] = [ok({ user: USER, token: 'user-token' })]) {
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'POST /public/v1/auth/login': login,
    'GET /v1/self/workspaces': [ok(WORKSPACES)],
    'POST /public/v1/auth/refresh-token': (call) => {
      const body = call.body as { workspace_id: string };
      const workspace = WORKSPACES.find((w) => w.id === body.workspace_id)!;
      return ok({ workspace: memberOf(workspace, ['conversation_read']), token: `ws-token-${workspace.name}` });
    },
    'GET /v1/workspace/member/self/permission': [ok({ permissions: ['conversation_read'] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
  });
}

async function signIn(user = userEvent.setup()) {
  await user.type(screen.getByLabelText('Username or e-mail'), 'amy');
  await user.type(screen.getByLabelText('Password'), 'secret-password{Enter}');
}

describe('user login', () => {
  it('picks the first organization, stores token and login type, and opens the dashboard', async () => {
    const { callsTo } = stubLogin();
    const { router } = await renderApp('/auth/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(callsTo('POST', '/public/v1/auth/login')[0]?.body).toEqual({
      username_or_email: 'amy',
      password: 'secret-password',
    });
    const refresh = callsTo('POST', '/public/v1/auth/refresh-token')[0];
    expect(refresh?.body).toEqual({ token: 'user-token', workspace_id: WORKSPACES[0]!.id });
    expect(refresh?.headers.authorization).toBe('Bearer user-token');
    expect(session.token()).toBe('ws-token-First Org');
    expect(localStorage.getItem(STORAGE_KEYS.loginType)).toBe('system_user');
    expect(localStorage.getItem(STORAGE_KEYS.systemRole)).toBe('system_user');
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('admin');
    expect(session.workspaceMember()?.workspace.name).toBe('First Org');
    expect(localStorage.getItem(STORAGE_KEYS.userAvatar)).toBe(USER.avatar);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('picks the stored organization when it is still in the list', async () => {
    writeString(STORAGE_KEYS.workspaceId, WORKSPACES[1]!.id);
    const { callsTo } = stubLogin();
    const { router } = await renderApp('/auth/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(callsTo('POST', '/public/v1/auth/refresh-token')[0]?.body).toMatchObject({
      workspace_id: WORKSPACES[1]!.id,
    });
    expect(session.token()).toBe('ws-token-Second Org');
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('member');
    expect(localStorage.getItem(STORAGE_KEYS.workspaceAvatar)).toBe(WORKSPACES[1]!.avatar);
  });

  it('ignores a stored organization the user no longer belongs to', async () => {
    writeString(STORAGE_KEYS.workspaceId, '99999999-9999-4999-8999-999999999999');
    const { callsTo } = stubLogin();
    const { router } = await renderApp('/auth/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(callsTo('POST', '/public/v1/auth/refresh-token')[0]?.body).toMatchObject({
      workspace_id: WORKSPACES[0]!.id,
    });
  });

  it('goes to the switch page when the user has no organization', async () => {
    stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'POST /public/v1/auth/login': [ok({ user: USER, token: 'user-token' })],
      'GET /v1/self/workspaces': [ok([])],
    });
    const { router } = await renderApp('/auth/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/organization'));
    expect(session.token()).toBe('user-token');
    expect(await screen.findByText('You do not belong to any organization yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Create your first organization/ })).toBeInTheDocument();
  });

  it('stays on the page and shows the server message when the password is wrong', async () => {
    stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'POST /public/v1/auth/login': [fail(401, 'invalid username or password', 'bad-login')],
    });
    const { router } = await renderApp('/auth/login');
    await signIn();
    expect(await screen.findByText('invalid username or password')).toBeInTheDocument();
    expect(screen.getByText('[401] Trace: #bad-login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(session.token()).toBeNull();
  });

  it('takes the wrong-password toast away once the next attempt signs in', async () => {
    const { callsTo } = stubLogin([
      fail(401, 'invalid username or password', 'bad-login'),
      ok({ user: USER, token: 'user-token' }),
    ]);
    const { router } = await renderApp('/auth/login');
    const user = userEvent.setup();
    await signIn(user);
    expect(await screen.findByText('invalid username or password')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right-password{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(screen.queryByText('invalid username or password')).not.toBeInTheDocument();
    expect(getToasts()).toEqual([]);
    expect(callsTo('POST', '/public/v1/auth/refresh-token')).toHaveLength(1);
  });

  it('says in the form that the e-mail needs verifying, without a toast, and resends the link', async () => {
    const unverified = 'please verify your e-mail address before signing in';
    const answer = 'if this address has an account waiting for verification, a new link has been sent';
    const { callsTo } = stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'POST /public/v1/auth/login': [fail(403, unverified, 'unverified-1', { username_or_email: unverified })],
      'POST /public/v1/auth/resend-verification': [ok({ message: answer })],
    });
    const { router } = await renderApp('/auth/login');
    const user = userEvent.setup();
    await signIn(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(unverified);
    expect(screen.getAllByText(unverified)).toHaveLength(1);
    expect(screen.queryByText('you have no permission')).not.toBeInTheDocument();
    expect(screen.queryByText('[403] Trace: #unverified-1')).not.toBeInTheDocument();
    expect(getToasts()).toHaveLength(0);
    expect(callsTo('POST', '/public/v1/auth/login')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(session.token()).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByText(answer)).toBeInTheDocument();
    expect(callsTo('POST', '/public/v1/auth/resend-verification').map((call) => call.body)).toEqual([
      { username_or_email: 'amy' },
    ]);
    expect(screen.queryByText(unverified)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).not.toBeInTheDocument();
    expect(getToasts()).toHaveLength(0);
  });

  it('shows the required-field messages instead of calling the server', async () => {
    const { calls } = stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/auth/login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('username or e-mail is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('login'))).toHaveLength(0);
  });
});

describe('admin login', () => {
  it('stores the admin session and opens the admin dashboard', async () => {
    stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'POST /public/v1/admin/auth/login': [ok({ admin: ADMIN, token: 'admin-token' })],
      'GET /v1/admin/self/permission': [ok({ permissions: ['system_user_management_read'] })],
    });
    const { router } = await renderApp('/auth/admin/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(session.token()).toBe('admin-token');
    expect(localStorage.getItem(STORAGE_KEYS.loginType)).toBe('system_admin');
    expect(localStorage.getItem(STORAGE_KEYS.systemRole)).toBe('system_admin');
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('admin');
    expect(session.admin()?.username).toBe('root');
    expect(await screen.findByRole('navigation', { name: 'sidebar' })).toHaveTextContent('system admin panel');
  });
});
