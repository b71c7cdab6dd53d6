import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../app/storage.ts';
import { getToasts } from '../../app/toast/toast-store.ts';
import { fail, ok } from '../../test/fetch-stub.ts';
import { ADMIN } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { asSystemAdmin, findButton } from './admin-test-helpers.ts';

describe('admin profile page', () => {
  it('saves the profile and changes the password, keeping the new token', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/admin/self': [ok(ADMIN)],
      'PUT /v1/admin/self': (call) => ok({ ...ADMIN, ...(call.body as object) }),
      'POST /v1/admin/auth/change-password': [ok({ token: 'new-admin-token' })],
    });
    await renderApp('/admin/profile');
    const name = await screen.findByLabelText('Display name');
    await waitFor(() => expect(name).toHaveValue('Root Admin'));
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Chief Admin');
    await user.click(await findButton('Save'));
    await waitFor(() => expect(callsTo('PUT', '/v1/admin/self')).toHaveLength(1));
    expect(callsTo('PUT', '/v1/admin/self')[0]?.body).toEqual({
      display_name: 'Chief Admin',
      email: 'root@example.com',
      avatar: '',
    });
    await waitFor(() => expect(session.admin()?.display_name).toBe('Chief Admin'));

    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'other-password');
    await user.click(
      await findButton('Change password', document.querySelector<HTMLElement>('form[id="admin-change-password"]')!),
    );
    expect(await screen.findByText('passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await user.click(
      await findButton('Change password', document.querySelector<HTMLElement>('form[id="admin-change-password"]')!),
    );
    await waitFor(() => expect(callsTo('POST', '/v1/admin/auth/change-password')).toHaveLength(1));
    expect(callsTo('POST', '/v1/admin/auth/change-password')[0]?.body).toEqual({
      old_password: 'old-password',
      new_password: 'new-password',
      confirm_password: 'new-password',
    });
    await waitFor(() => expect(session.token()).toBe('new-admin-token'));
  });

  it('shows a wrong current password under its field only, not in a toast as well', async () => {
    asSystemAdmin({
      'GET /v1/admin/self': [ok(ADMIN)],
      'POST /v1/admin/auth/change-password': [
        fail(400, 'the current password is incorrect', 'adm', { old_password: 'the current password is incorrect' }),
      ],
    });
    await renderApp('/admin/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'wrong-password');
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await user.click(
      await findButton('Change password', document.querySelector<HTMLElement>('form[id="admin-change-password"]')!),
    );
    const message = await screen.findByText('the current password is incorrect');
    expect(message.closest('.ant-form-item')).toBe(screen.getByLabelText('Current password').closest('.ant-form-item'));
    expect(getToasts()).toHaveLength(0);
  });
});
