import type { Admin } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fetch-stub.ts';
import { ADMIN } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { asSystemAdmin, paged, uuid } from './admin-test-helpers.ts';

const BOB: Admin = {
  ...ADMIN,
  id: uuid(2),
  username: 'bob',
  display_name: 'Bob Lee',
  email: 'bob@example.com',
  admin: false,
  permissions: ['system_user_management_read'],
};
const CARL: Admin = {
  ...BOB,
  id: uuid(3),
  username: 'carl',
  display_name: 'Carl Wu',
  email: 'carl@example.com',
  status: 'inactive',
};

/** A button by its visible text (role queries are slow on antd pages). */
const button = async (text: string, root: HTMLElement = document.body) =>
  (await within(root).findByText(text, { selector: 'button span' })).closest('button')!;

describe('system admins page', () => {
  it('lists admins and searches on the server', async () => {
    const { calls } = asSystemAdmin({ 'GET /v1/admin/system-admin': [paged([ADMIN, BOB, CARL])] });
    await renderApp('/admin/system-admin');
    expect(await screen.findByText('Bob Lee')).toBeInTheDocument();
    expect(screen.getByText('carl@example.com')).toBeInTheDocument();
    expect(screen.getByText('Super admin')).toBeInTheDocument();
    expect(screen.getByLabelText('Activate Carl Wu')).toBeInTheDocument();
    // no status action on one's own row
    expect(screen.queryByLabelText('Deactivate Root Admin')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search system admins'), { target: { value: 'bob' } });
    await waitFor(
      () =>
        expect(calls.filter((c) => c.url.startsWith('/v1/admin/system-admin')).at(-1)?.url).toBe(
          '/v1/admin/system-admin?page=1&size=10&keyword=bob',
        ),
      { timeout: 2000 },
    );
  });

  it('shows "no data available" for an empty list', async () => {
    asSystemAdmin({ 'GET /v1/admin/system-admin': [paged([])] });
    await renderApp('/admin/system-admin');
    expect(await screen.findByText('no data available')).toBeInTheDocument();
  });

  it('checks the create form with the contract messages, then creates', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/admin/system-admin': [paged([ADMIN])],
      'POST /v1/admin/system-admin': (call) => ok({ ...BOB, ...(call.body as object) }),
    });
    await renderApp('/admin/system-admin');
    const user = userEvent.setup();
    await user.click(await button('Create admin'));
    const dialog = (await screen.findByText('Create admin', { selector: '.ant-modal-title' })).closest<HTMLElement>(
      '.ant-modal',
    )!;
    await user.click(await button('Create', dialog));
    expect(await within(dialog).findByText('username is required')).toBeInTheDocument();
    expect(within(dialog).getByText('display name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('invalid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('password is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Username'), 'bob lee!');
    await user.type(within(dialog).getByLabelText('E-mail'), 'bob@');
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    expect(await within(dialog).findByText('username cannot contain special characters')).toBeInTheDocument();
    expect(await within(dialog).findByText('invalid email format')).toBeInTheDocument();
    expect(await within(dialog).findByText('password must be at least 8 characters')).toBeInTheDocument();
    await user.click(await button('Create', dialog));
    expect(callsTo('POST', '/v1/admin/system-admin')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Username'));
    await user.type(within(dialog).getByLabelText('Username'), 'bob');
    await user.type(within(dialog).getByLabelText('Display name'), 'Bob Lee');
    await user.type(within(dialog).getByLabelText('E-mail'), 'example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog).getByLabelText('User management Write'));
    await user.click(await button('Create', dialog));
    await waitFor(() => expect(callsTo('POST', '/v1/admin/system-admin')).toHaveLength(1));
    expect(callsTo('POST', '/v1/admin/system-admin')[0]?.body).toEqual({
      username: 'bob',
      display_name: 'Bob Lee',
      email: 'bob@example.com',
      password: 'short' + 'secret123',
      permissions: ['system_user_management_write', 'system_user_management_read'],
    });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
  });

  it("saves an admin's permissions from the drawer", async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/admin/system-admin': [paged([ADMIN, BOB])],
      'GET /v1/admin/system-admin/00000000-0000-4000-8000-000000000002/permission': [
        ok({ permissions: ['system_user_management_read'] }),
      ],
      'PUT /v1/admin/system-admin/00000000-0000-4000-8000-000000000002/permission': (call) => ok(call.body),
    });
    await renderApp('/admin/system-admin');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Permissions of Bob Lee'));
    const drawer = (await screen.findByText('Permissions: Bob Lee')).closest<HTMLElement>('.ant-drawer')!;
    await waitFor(() => expect(within(drawer).getByLabelText('User management Read')).toBeChecked());
    await user.click(within(drawer).getByLabelText('Organization management Write'));
    expect(within(drawer).getByLabelText('Organization management Read')).toBeChecked();
    await user.click(within(drawer).getByLabelText('Subscription history Read'));
    await user.click(within(drawer).getByLabelText('User management Read'));
    await user.click(await button('Save permissions', drawer));
    const path = '/v1/admin/system-admin/00000000-0000-4000-8000-000000000002/permission';
    await waitFor(() => expect(callsTo('PUT', path)).toHaveLength(1));
    expect(callsTo('PUT', path)[0]?.body).toEqual({
      permissions: ['workspace_management_write', 'workspace_management_read', 'subscription_history_read'],
    });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
  });

  it('hides write actions without the write permissions', async () => {
    asSystemAdmin(
      { 'GET /v1/admin/system-admin': [paged([BOB, CARL])] },
      { admin: { admin: false }, permissions: ['system_admin_management_read'] },
    );
    await renderApp('/admin/system-admin');
    expect(await screen.findByText('Bob Lee')).toBeInTheDocument();
    expect(screen.queryByText('Create admin')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Deactivate Bob Lee')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Permissions of Bob Lee')).not.toBeInTheDocument();
  });
});
