import type { Member, WorkspaceRole } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { fail, ok, type StubCall, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, USER, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { viewport } from '../../test/setup.ts';
import { MembersPage } from './MembersPage.tsx';

const OWNER = WORKSPACES[0]!;

function person(index: number): Member {
  const hex = index.toString(16).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${hex}`,
    role: index % 3 === 0 ? 'admin' : 'member',
    permissions: [],
    active: index % 4 !== 0,
    invited: false,
    joined_at: 1_700_000_000 + index,
    availability: (['online', 'busy', 'offline'] as const)[index % 3]!,
    user: {
      id: `10000000-0000-4000-8000-${hex}`,
      username: `user${index}`,
      display_name: `Person ${index}`,
      email: `user${index}@example.com`,
      avatar: '',
    },
  };
}

const SELF: Member = {
  id: OWNER.member_id,
  role: 'owner',
  permissions: [],
  active: true,
  invited: false,
  joined_at: 1_700_000_000,
  availability: 'online',
  user: { id: USER.id, username: USER.username, display_name: USER.display_name, email: USER.email, avatar: '' },
};
const EVERYONE = [SELF, ...Array.from({ length: 11 }, (_, i) => person(i + 1))];

function setup(
  extra: Record<string, Parameters<typeof stubFetch>[0][string]> = {},
  { role = OWNER.role }: { role?: WorkspaceRole } = {},
) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf({ ...OWNER, role }, ['member_read', 'member_write']));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: ['member_read', 'member_write'] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/workspace/members': (call: StubCall) => {
      const query = new URL(call.url, 'http://localhost').searchParams;
      const page = Number(query.get('page'));
      const size = Number(query.get('size'));
      const keyword = query.get('keyword') ?? '';
      const found = EVERYONE.filter((m) => m.user.display_name.includes(keyword));
      return ok({
        items: found.slice((page - 1) * size, page * size),
        page: { page, size, total: found.length, total_pages: Math.ceil(found.length / size) },
      });
    },
    'GET /v1/workspace/members/invites': [
      ok([
        {
          id: '20000000-0000-4000-8000-000000000001',
          email: 'pending@example.com',
          role: 'viewer',
          invited_by: 'Amy Chan',
          expires_at: 1_800_000_000,
          created_at: 1_700_000_000,
        },
      ]),
    ],
    ...extra,
  });
}

/** The option of an open antd select (row role selects also carry the role as a title). */
async function pickOption(user: ReturnType<typeof userEvent.setup>, label: string) {
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).not.toBeNull());
  await user.click(document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`)!);
}

const memberCalls = (calls: StubCall[]) => calls.filter((c) => c.url.split('?')[0] === '/v1/workspace/members');

describe('members page', () => {
  it('lists members with roles and status, pages on the server and searches after a pause', async () => {
    const { calls } = setup();
    await renderApp('/app/organization/users');
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(screen.getByText('user1@example.com')).toBeInTheDocument();
    expect(screen.getByText('Owner')).toBeInTheDocument();
    expect(screen.getAllByText('Inactive').length).toBeGreaterThan(0);
    // an active member's availability beside their status; an inactive one's is not shown
    const row = (name: string) => within(screen.getByText(name).closest('tr')!);
    expect(row('Person 1').getByText('Busy')).toBeInTheDocument();
    expect(row('Person 2').getByText('Offline')).toBeInTheDocument();
    expect(row('Person 3').getByText('Online')).toBeInTheDocument();
    expect(row('Person 4').getByText('Inactive')).toBeInTheDocument();
    expect(row('Person 4').queryByText('Busy')).not.toBeInTheDocument();
    expect(memberCalls(calls)[0]?.url).toBe('/v1/workspace/members?page=1&size=10');
    // your own row has no actions
    expect(screen.queryByLabelText('Remove Amy Chan')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Remove Person 1')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('Person 11')).toBeInTheDocument();
    expect(memberCalls(calls).at(-1)?.url).toBe('/v1/workspace/members?page=2&size=10');

    fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'Person 7' } });
    await waitFor(
      () => expect(memberCalls(calls).at(-1)?.url).toBe('/v1/workspace/members?page=1&size=10&keyword=Person+7'),
      { timeout: 2000 },
    );
    await waitFor(() => expect(screen.queryByText('Person 1')).not.toBeInTheDocument());
    expect(screen.getByText('Person 7')).toBeInTheDocument();
    // pending invitations
    expect(screen.getByText('pending@example.com')).toBeInTheDocument();
  });

  it('shows a compact list on a phone', async () => {
    viewport.width = 375;
    setup();
    await renderApp('/app/organization/users');
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(await within(list).findByText('Person 1')).toBeInTheDocument();
    expect(within(list).getByLabelText('Remove Person 1')).toBeInTheDocument();
    expect(within(list).getByLabelText('Permissions of Person 1')).toBeInTheDocument();
    expect(document.querySelector('.ant-table')).toBeNull();
  });

  it('shows "no data available" for an empty result', async () => {
    setup({
      'GET /v1/workspace/members': [ok({ items: [], page: { page: 1, size: 10, total: 0, total_pages: 0 } })],
      'GET /v1/workspace/members/invites': [ok([])],
    });
    await renderApp('/app/organization/users');
    await waitFor(() => expect(screen.getAllByText('no data available')).toHaveLength(2));
  });

  it('checks the e-mail of an invitation, then sends it', async () => {
    const { callsTo } = setup({
      'POST /v1/workspace/members/invite': [
        ok({
          id: '20000000-0000-4000-8000-000000000002',
          email: 'new@example.com',
          role: 'admin',
          invited_by: 'Amy Chan',
          expires_at: 1_800_000_000,
          created_at: 1_700_000_000,
        }),
      ],
    });
    await renderApp('/app/organization/users');
    const user = userEvent.setup();
    await user.click((await screen.findByText('Invite member')).closest('button')!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('invalid email format')).toBeInTheDocument();
    expect(callsTo('POST', '/v1/workspace/members/invite')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('E-mail'), 'new@example.com');
    await user.click(within(dialog).getByLabelText('Role'));
    await pickOption(user, 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(callsTo('POST', '/v1/workspace/members/invite')).toHaveLength(1));
    expect(callsTo('POST', '/v1/workspace/members/invite')[0]?.body).toEqual({
      email: 'new@example.com',
      role: 'admin',
    });
    expect(await screen.findByText('invitation sent')).toBeInTheDocument();
  });

  it('shows the server field error when the person is already a member', async () => {
    setup({
      'POST /v1/workspace/members/invite': [
        fail(409, 'this person is already a member', 't', { email: 'this person is already a member' }),
      ],
    });
    await renderApp('/app/organization/users');
    const user = userEvent.setup();
    await user.click((await screen.findByText('Invite member')).closest('button')!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('E-mail'), 'user1@example.com{Enter}');
    expect(await within(dialog).findByText('this person is already a member')).toBeInTheDocument();
  });

  it('shows "you cannot invite yourself" under the e-mail field only, without a toast', async () => {
    const message = 'you cannot invite yourself: you are already a member of this organization';
    const { callsTo } = setup({
      'POST /v1/workspace/members/invite': [fail(409, message, 'trace-self', { email: message })],
    });
    await renderApp('/app/organization/users');
    const user = userEvent.setup();
    await user.click((await screen.findByText('Invite member')).closest('button')!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('E-mail'), `${USER.email}{Enter}`);
    const shown = await within(dialog).findByText(message);
    expect(shown.closest('.ant-form-item')).toContainElement(within(dialog).getByLabelText('E-mail'));
    expect(callsTo('POST', '/v1/workspace/members/invite')).toHaveLength(1);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText(/Trace: #trace-self/)).not.toBeInTheDocument();
  });

  it('asks before removing a member and only then sends DELETE', async () => {
    const target = person(1);
    const { callsTo } = setup({
      [`DELETE /v1/workspace/members/${target.id}`]: [ok({ message: 'Delete successfully' })],
    });
    await renderApp('/app/organization/users');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Remove Person 1'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove Person 1 from this organization?');
    expect(callsTo('DELETE', `/v1/workspace/members/${target.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo('DELETE', `/v1/workspace/members/${target.id}`)).toHaveLength(1));
    expect(await screen.findByText('Delete successfully')).toBeInTheDocument();
  });

  it('changes a role and deactivates a member', async () => {
    const target = person(1);
    const { callsTo } = setup({
      [`PUT /v1/workspace/members/${target.id}/role`]: [ok({ ...target, role: 'viewer' })],
      [`PUT /v1/workspace/members/${target.id}/status`]: [ok({ ...target, active: false })],
    });
    await renderApp('/app/organization/users');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Change role of Person 1'));
    await pickOption(user, 'Viewer');
    await waitFor(() => expect(callsTo('PUT', `/v1/workspace/members/${target.id}/role`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/workspace/members/${target.id}/role`)[0]?.body).toEqual({ role: 'viewer' });
    await user.click(screen.getByLabelText('Deactivate Person 1'));
    await waitFor(() => expect(callsTo('PUT', `/v1/workspace/members/${target.id}/status`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/workspace/members/${target.id}/status`)[0]?.body).toEqual({ active: false });
  });

  it('withdraws a pending invitation after confirmation', async () => {
    const id = '20000000-0000-4000-8000-000000000001';
    const { callsTo } = setup({ [`DELETE /v1/workspace/members/invites/${id}`]: [ok({ message: 'ok' })] });
    await renderApp('/app/organization/users');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Withdraw pending@example.com'));
    const dialog = await screen.findByRole('dialog');
    expect(callsTo('DELETE', `/v1/workspace/members/invites/${id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(callsTo('DELETE', `/v1/workspace/members/invites/${id}`)).toHaveLength(1));
  });

  it('resends a pending invitation and says so', async () => {
    const id = '20000000-0000-4000-8000-000000000001';
    const { callsTo } = setup({
      [`POST /v1/workspace/members/invites/${id}/resend`]: [
        ok({
          id,
          email: 'pending@example.com',
          role: 'viewer',
          invited_by: 'Amy Chan',
          expires_at: 1_800_600_000,
          created_at: 1_700_000_000,
        }),
      ],
    });
    await renderApp('/app/organization/users');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Resend the invitation to pending@example.com'));
    await waitFor(() => expect(callsTo('POST', `/v1/workspace/members/invites/${id}/resend`)).toHaveLength(1));
    expect(await screen.findByText('invitation sent')).toBeInTheDocument();
    expect(callsTo('DELETE', `/v1/workspace/members/invites/${id}`)).toHaveLength(0);
  });

  it("edits a member's own permissions in a drawer, with the keyboard too", async () => {
    const target = person(1);
    const url = `/v1/workspace/member/${target.id}/permission`;
    const { callsTo } = setup({
      [`GET ${url}`]: [ok({ permissions: ['customer_read'], effective_permissions: ['customer_read'] })],
      [`PUT ${url}`]: [
        ok({
          permissions: ['customer_read', 'team_write', 'team_read'],
          effective_permissions: ['customer_read', 'team_write', 'team_read'],
        }),
      ],
    });
    await renderApp('/app/organization/users');
    const user = userEvent.setup();
    // an admin's permissions are all-inclusive: nothing to edit
    const adminRow = (await screen.findByText('Person 3')).closest('tr')!;
    expect(within(adminRow).getByText('All permissions')).toBeInTheDocument();
    expect(within(adminRow).queryByLabelText('Permissions of Person 3')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Permissions of Person 1'));
    const drawer = await screen.findByRole('dialog');
    expect(drawer).toHaveTextContent('Permissions of Person 1');
    expect(await within(drawer).findByLabelText('Customers Read')).toBeChecked();
    expect(callsTo('GET', url)).toHaveLength(1);
    // Space on a focused box ticks it; write brings read along
    within(drawer).getByLabelText('Teams Write').focus();
    await user.keyboard(' ');
    expect(within(drawer).getByLabelText('Teams Read')).toBeChecked();
    expect(callsTo('PUT', url)).toHaveLength(0);
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', url)).toHaveLength(1));
    expect(callsTo('PUT', url)[0]?.body).toEqual({ permissions: ['customer_read', 'team_write', 'team_read'] });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
    await waitFor(() => expect(drawer).not.toBeInTheDocument());
  });

  it('offers a viewer read boxes only', async () => {
    const viewerRow = { ...person(1), role: 'viewer' as const };
    const url = `/v1/workspace/member/${viewerRow.id}/permission`;
    setup({
      'GET /v1/workspace/members': [
        ok({ items: [SELF, viewerRow], page: { page: 1, size: 10, total: 2, total_pages: 1 } }),
      ],
      [`GET ${url}`]: [ok({ permissions: ['customer_read'], effective_permissions: ['customer_read'] })],
    });
    await renderApp('/app/organization/users');
    await userEvent.setup().click(await screen.findByLabelText('Permissions of Person 1'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByLabelText('Customers Read')).toBeChecked();
    expect(within(drawer).queryByLabelText('Customers Write')).not.toBeInTheDocument();
    expect(drawer).toHaveTextContent('A viewer can only hold read permissions.');
  });

  it('does not offer the permission editor to a member who is not an owner or admin', async () => {
    setup({}, { role: 'member' });
    // (the route is for owners and admins; the page itself must not offer the editor either)
    renderWithProviders(<MembersPage />, '/app/organization/users');
    // member_write still lets them change roles and status
    expect(await screen.findByLabelText('Remove Person 1')).toBeInTheDocument();
    expect(screen.queryByLabelText('Permissions of Person 1')).not.toBeInTheDocument();
    expect(screen.queryByText('All permissions')).not.toBeInTheDocument();
  });
});
