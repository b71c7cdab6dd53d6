import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fetch-stub.ts';
import { USER } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { viewport } from '../../test/setup.ts';
import { asSystemAdmin, findButton, findPanel, paged, uuid } from './admin-test-helpers.ts';

const AMY = { ...USER, id: uuid(10), organizations: 3 };
const BEN = {
  ...USER,
  id: uuid(11),
  username: 'ben',
  display_name: 'Ben Ho',
  email: 'ben@example.com',
  status: 'inactive',
  organizations: 0,
};

describe('users page', () => {
  it('shows each user as a card with its actions on a phone', async () => {
    viewport.width = 375;
    asSystemAdmin({ 'GET /v1/admin/user': [paged([AMY, BEN])] });
    await renderApp('/admin/user');
    const list = await screen.findByRole('list', { name: 'User' });
    const [amy] = await within(list).findAllByRole('listitem');
    expect(amy).toHaveTextContent('Amy Chan');
    expect(amy).toHaveTextContent('Organizations3');
    expect(within(amy!).getByLabelText('Deactivate Amy Chan')).toBeVisible();
    expect(document.querySelector('.ant-table')).toBeNull();
  });

  it('deactivates only after confirmation', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/admin/user': [paged([AMY, BEN])],
      [`PUT /v1/admin/user/${AMY.id}/status`]: (call) => ok({ ...USER, ...(call.body as object) }),
    });
    await renderApp('/admin/user');
    expect(await screen.findByText('Amy Chan')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Deactivate Amy Chan'));
    const dialog = await findPanel('Deactivate Amy Chan?');
    expect(dialog).toHaveTextContent('Amy Chan will be signed out');
    expect(callsTo('PUT', `/v1/admin/user/${AMY.id}/status`)).toHaveLength(0);
    await user.click(await findButton('Deactivate', dialog));
    await waitFor(() => expect(callsTo('PUT', `/v1/admin/user/${AMY.id}/status`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/admin/user/${AMY.id}/status`)[0]?.body).toEqual({ active: false });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
  });

  it('sends a password reset after confirmation and filters by status', async () => {
    const { calls, callsTo } = asSystemAdmin({
      'GET /v1/admin/user': [paged([AMY, BEN])],
      [`POST /v1/admin/user/${BEN.id}/reset-password`]: [
        ok({ message: 'a password reset link has been sent to the user' }),
      ],
    });
    await renderApp('/admin/user');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Send password reset to Ben Ho'));
    const dialog = await findPanel('Send a password reset to Ben Ho?');
    expect(dialog).toHaveTextContent('ben@example.com');
    await user.click(await findButton('Send', dialog));
    expect(await screen.findByText('a password reset link has been sent to the user')).toBeInTheDocument();
    expect(callsTo('POST', `/v1/admin/user/${BEN.id}/reset-password`)).toHaveLength(1);

    fireEvent.mouseDown(screen.getByLabelText('Filter by status'));
    await user.click(await screen.findByText('Inactive', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/v1/admin/user?')).at(-1)?.url).toBe(
        '/v1/admin/user?page=1&size=10&status=inactive',
      ),
    );
  });

  it('hides the account actions without the write permission', async () => {
    asSystemAdmin(
      { 'GET /v1/admin/user': [paged([AMY])] },
      { admin: { admin: false }, permissions: ['system_user_management_read'] },
    );
    await renderApp('/admin/user');
    expect(await screen.findByText('Amy Chan')).toBeInTheDocument();
    expect(screen.queryByLabelText('Deactivate Amy Chan')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Send password reset to Amy Chan')).not.toBeInTheDocument();
  });
});
