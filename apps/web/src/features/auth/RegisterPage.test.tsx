import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../app/toast/toast-store.ts';
import { fail, ok, stubFetch } from '../../test/fetch-stub.ts';
import { PUBLIC_SETTINGS } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

async function fill(user: ReturnType<typeof userEvent.setup>, confirm: string) {
  await user.type(screen.getByLabelText('Username'), 'amy');
  await user.type(screen.getByLabelText('Display name'), 'Amy Chan');
  await user.type(screen.getByLabelText('E-mail'), 'amy@example.com');
  await user.type(screen.getByLabelText('Password'), 'long-enough');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
}

describe('sign-up page', () => {
  it('checks the fields before sending', async () => {
    const { calls } = stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/auth/register');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'bad name!');
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('username cannot contain special characters')).toBeInTheDocument();
    expect(await screen.findByText('display name is required')).toBeInTheDocument();
    expect(await screen.findByText('invalid email format')).toBeInTheDocument();
    expect(await screen.findByText('password must be at least 8 characters')).toBeInTheDocument();
    expect(await screen.findByText('passwords do not match')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('register'))).toHaveLength(0);
  });

  it('creates the account and shows the server message', async () => {
    const { callsTo } = stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'POST /public/v1/auth/register': [ok({ message: 'account created, check your e-mail to verify it' })],
    });
    await renderApp('/auth/register');
    const user = userEvent.setup();
    await fill(user, 'long-enough{Enter}');
    expect(await screen.findByText('account created, check your e-mail to verify it')).toBeInTheDocument();
    expect(callsTo('POST', '/public/v1/auth/register')[0]?.body).toEqual({
      username: 'amy',
      display_name: 'Amy Chan',
      email: 'amy@example.com',
      password: 'long-enough',
      confirm_password: 'long-enough',
    });
  });

  it('shows a taken e-mail under the e-mail field only, not in a toast as well', async () => {
    stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'POST /public/v1/auth/register': [
        fail(409, 'this e-mail address is already registered', 'dup', {
          email: 'this e-mail address is already registered',
        }),
      ],
    });
    await renderApp('/auth/register');
    const user = userEvent.setup();
    await fill(user, 'long-enough{Enter}');
    const message = await screen.findByText('this e-mail address is already registered');
    expect(message.closest('.ant-form-item')).toBe(screen.getByLabelText('E-mail').closest('.ant-form-item'));
    expect(screen.getAllByText('this e-mail address is already registered')).toHaveLength(1);
    expect(screen.queryByText('[409] Trace: #dup')).not.toBeInTheDocument();
    expect(getToasts()).toHaveLength(0);
  });
});
