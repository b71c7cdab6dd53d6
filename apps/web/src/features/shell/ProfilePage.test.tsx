import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, session, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { getToasts } from '../../app/toast/toast-store.ts';
import { fail, ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, USER, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

function setup(extra: Parameters<typeof stubFetch>[0] = {}) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf(WORKSPACES[0]!, []));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/self': [ok(USER)],
    ...extra,
  });
}

const button = async (text: string) => (await screen.findByText(text, { selector: 'button span' })).closest('button')!;

describe('profile page', () => {
  it('saves the display name and updates the stored user', async () => {
    const { callsTo } = setup({ 'PUT /v1/self': (call) => ok({ ...USER, ...(call.body as object) }) });
    await renderApp('/app/profile');
    const name = await screen.findByLabelText('Display name');
    expect(screen.getByLabelText('E-mail')).toHaveValue('amy@example.com');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    const user = userEvent.setup();
    await user.clear(name);
    await user.click(await button('Save'));
    expect(await screen.findByText('display name is required')).toBeInTheDocument();
    await user.type(name, 'Amy C.');
    await user.click(await button('Save'));
    await waitFor(() => expect(callsTo('PUT', '/v1/self')).toHaveLength(1));
    expect(callsTo('PUT', '/v1/self')[0]?.body).toEqual({ display_name: 'Amy C.', avatar: USER.avatar });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
    expect(session.user()?.display_name).toBe('Amy C.');
  });

  it('checks the new password and its confirmation before sending', async () => {
    const { callsTo } = setup();
    await renderApp('/app/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.click(await button('Change password'));
    expect(await screen.findByText('password must be at least 8 characters')).toBeInTheDocument();
    expect(await screen.findByText('passwords do not match')).toBeInTheDocument();
    expect(callsTo('POST', '/v1/auth/change-password')).toHaveLength(0);
  });

  it('changes the password and keeps the new token', async () => {
    const { callsTo } = setup({ 'POST /v1/auth/change-password': [ok({ token: 'fresh-token' })] });
    await renderApp('/app/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await user.click(await button('Change password'));
    await waitFor(() => expect(callsTo('POST', '/v1/auth/change-password')).toHaveLength(1));
    expect(callsTo('POST', '/v1/auth/change-password')[0]?.body).toEqual({
      old_password: 'old-password',
      new_password: 'new-password',
      confirm_password: 'new-password',
    });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
    expect(session.token()).toBe('fresh-token');
  });

  it('shows a wrong current password under its field only, not in a toast as well', async () => {
    setup({
      'POST /v1/auth/change-password': [
        fail(400, 'the current password is incorrect', 't', { old_password: 'the current password is incorrect' }),
      ],
    });
    await renderApp('/app/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'wrong-password');
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await user.click(await button('Change password'));
    const message = await screen.findByText('the current password is incorrect');
    expect(message.closest('.ant-form-item')).toBe(screen.getByLabelText('Current password').closest('.ant-form-item'));
    expect(screen.getAllByText('the current password is incorrect')).toHaveLength(1);
    expect(getToasts()).toHaveLength(0);
    expect(session.token()).toBe('ws-token');
  });

  it('asks for a new e-mail with the password and shows the server fields', async () => {
    const { callsTo } = setup({
      'POST /v1/self/email': [
        fail(400, 'the current password is incorrect', 'trace-9', { password: 'the current password is incorrect' }),
        ok({ message: 'a confirmation link has been sent to the new address' }),
      ],
    });
    await renderApp('/app/profile');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('New e-mail');
    await user.type(email, 'not-an-address');
    await user.click(await button('Send confirmation link'));
    expect(await screen.findByText('invalid email format')).toBeInTheDocument();
    expect(callsTo('POST', '/v1/self/email')).toHaveLength(0);
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'wrong password');
    await user.click(await button('Send confirmation link'));
    const message = await screen.findByText('the current password is incorrect');
    expect(message.closest('.ant-form-item')).toBe(
      screen.getByLabelText('Password', { exact: true }).closest('.ant-form-item'),
    );
    expect(getToasts()).toHaveLength(0);
    await user.clear(screen.getByLabelText('Password', { exact: true }));
    await user.type(screen.getByLabelText('Password', { exact: true }), 'right password');
    await user.click(await button('Send confirmation link'));
    expect(await screen.findByText('a confirmation link has been sent to the new address')).toBeInTheDocument();
    expect(callsTo('POST', '/v1/self/email')[1]?.body).toEqual({
      email: 'new@example.com',
      password: 'right password',
    });
  });
});

describe('confirm e-mail page', () => {
  it('posts the link token once and shows the answer', async () => {
    const { callsTo } = stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'POST /public/v1/auth/confirm-email': [ok({ message: 'your e-mail address has been changed' })],
    });
    await renderApp('/auth/confirm-email?token=abc');
    expect(await screen.findByText('your e-mail address has been changed')).toBeInTheDocument();
    expect(callsTo('POST', '/public/v1/auth/confirm-email')).toHaveLength(1);
    expect(callsTo('POST', '/public/v1/auth/confirm-email')[0]?.body).toEqual({ token: 'abc' });
  });
});
