import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, session, storeUser, writeString } from '../../app/storage.ts';
import { fail, ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, USER, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const JOINED = WORKSPACES[1]!;
const PREVIEW = {
  workspace: { id: JOINED.id, name: JOINED.name, avatar: '' },
  email: 'amy@example.com',
  role: 'member',
  invited_by: 'Bob Lee',
  has_account: false,
};

const shell = {
  'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
  'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
  'GET /v1/subscription/current': [ok(subscriptionFixture())],
};

describe('join page', () => {
  it('lets a signed-in user accept, then opens the organization', async () => {
    writeString(STORAGE_KEYS.token, 'user-token');
    writeString(STORAGE_KEYS.loginType, 'system_user');
    storeUser(USER);
    const { callsTo } = stubFetch({
      ...shell,
      'GET /public/v1/workspace/invite': [ok({ ...PREVIEW, has_account: true })],
      'POST /public/v1/workspace/invite/accept': [ok({ workspace_id: JOINED.id })],
      'POST /v1/auth/refresh-token': [ok({ workspace: memberOf(JOINED), token: 'joined-token' })],
    });
    const { router } = await renderApp('/auth/join?token=abc');
    expect(await screen.findByText('Bob Lee invited you to join Second Org as Member.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    const accept = callsTo('POST', '/public/v1/workspace/invite/accept')[0];
    expect(accept?.body).toEqual({ token: 'abc' });
    expect(accept?.headers.authorization).toBe('Bearer user-token');
    expect(callsTo('POST', '/v1/auth/refresh-token')[0]?.body).toEqual({
      token: 'user-token',
      workspace_id: JOINED.id,
    });
    expect(session.token()).toBe('joined-token');
    expect(session.workspaceMember()?.workspace.id).toBe(JOINED.id);
  });

  it('sends someone with an account to sign in and brings them back to the join link', async () => {
    stubFetch({
      ...shell,
      'GET /public/v1/workspace/invite': [ok({ ...PREVIEW, has_account: true })],
      'POST /public/v1/auth/login': [ok({ user: USER, token: 'login-token' })],
      'GET /v1/self/workspaces': [ok([WORKSPACES[0]])],
      'POST /public/v1/auth/refresh-token': [ok({ workspace: memberOf(WORKSPACES[0]!), token: 'ws-token' })],
    });
    const { router } = await renderApp('/auth/join?token=abc');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in to accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/auth/join?token=abc')}`);

    await user.type(await screen.findByLabelText('Username or e-mail'), 'amy');
    await user.type(screen.getByLabelText('Password'), 'long-enough{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/join'));
    expect(router.state.location.search).toBe('?token=abc');
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeInTheDocument();
  });

  it('creates an account for a new person, stores the token and opens the dashboard', async () => {
    const { callsTo } = stubFetch({
      ...shell,
      'GET /public/v1/workspace/invite': [ok(PREVIEW)],
      'POST /public/v1/workspace/invite/accept': [ok({ workspace_id: JOINED.id, token: 'new-user-token' })],
      'POST /public/v1/auth/refresh-token': [ok({ workspace: memberOf(JOINED), token: 'ws-token' })],
    });
    const { router } = await renderApp('/auth/join?token=abc');
    const user = userEvent.setup();
    await screen.findByText('Bob Lee invited you to join Second Org as Member.');
    await user.type(screen.getByLabelText('Username'), 'amy');
    await user.type(screen.getByLabelText('Display name'), 'Amy Chan');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('passwords do not match')).toBeInTheDocument();
    expect(callsTo('POST', '/public/v1/workspace/invite/accept')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(callsTo('POST', '/public/v1/workspace/invite/accept')[0]?.body).toEqual({
      token: 'abc',
      account: { username: 'amy', display_name: 'Amy Chan', password: 'long-enough' },
    });
    expect(callsTo('POST', '/public/v1/auth/refresh-token')[0]?.body).toEqual({
      token: 'new-user-token',
      workspace_id: JOINED.id,
    });
    expect(session.loginType()).toBe('system_user');
    expect(session.token()).toBe('ws-token');
  });

  it('offers sign-in when the server says an account exists', async () => {
    stubFetch({
      ...shell,
      'GET /public/v1/workspace/invite': [ok(PREVIEW)],
      'POST /public/v1/workspace/invite/accept': [
        fail(401, 'an account with this e-mail exists: sign in to accept the invitation'),
      ],
    });
    await renderApp('/auth/join?token=abc');
    const user = userEvent.setup();
    await screen.findByText('Bob Lee invited you to join Second Org as Member.');
    await user.type(screen.getByLabelText('Username'), 'amy');
    await user.type(screen.getByLabelText('Display name'), 'Amy Chan');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough{Enter}');
    expect(await screen.findByRole('button', { name: 'Sign in to accept' })).toBeInTheDocument();
    expect(
      screen.getByText('an account with this e-mail exists: sign in to accept the invitation'),
    ).toBeInTheDocument();
  });

  it.each([
    [404, 'invite token not found'],
    [400, 'invalid invite token'],
  ])('explains a %i token error with a link home', async (status, text) => {
    stubFetch({ ...shell, 'GET /public/v1/workspace/invite': [fail(status, text)] });
    await renderApp('/auth/join?token=bad');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('This invitation cannot be used')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
