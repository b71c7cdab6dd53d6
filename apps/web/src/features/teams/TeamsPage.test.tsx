import type { Member, Team, TeamDetail } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { fail, ok, type StubCall, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { viewport } from '../../test/setup.ts';
import { TeamsPage } from './TeamsPage.tsx';

const OWNER = WORKSPACES[0]!;

function team(index: number, extra: Partial<Team> = {}): Team {
  const hex = index.toString(16).padStart(12, '0');
  return {
    id: `30000000-0000-4000-8000-${hex}`,
    name: `Team ${index}`,
    description: `Description ${index}`,
    permissions: [],
    member_count: index,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    ...extra,
  };
}

function person(index: number): Member {
  const hex = index.toString(16).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${hex}`,
    role: 'member',
    permissions: [],
    active: true,
    invited: false,
    availability: 'online',
    joined_at: 1_700_000_000,
    user: {
      id: `10000000-0000-4000-8000-${hex}`,
      username: `user${index}`,
      display_name: `Person ${index}`,
      email: `user${index}@example.com`,
      avatar: '',
    },
  };
}

const SUPPORT = team(1, {
  name: 'Support',
  description: 'First line',
  permissions: ['conversation_read', 'conversation_write', 'customer_read'],
  member_count: 1,
});
const TEAMS = [SUPPORT, ...Array.from({ length: 11 }, (_, i) => team(i + 2))];
const PEOPLE = Array.from({ length: 5 }, (_, i) => person(i + 1));

type Routes = Parameters<typeof stubFetch>[0];

/** GET /v1/teams answers like the server: data is the list, page sits beside it. */
function teamList(call: StubCall, all: Team[] = TEAMS) {
  const query = new URL(call.url, 'http://localhost').searchParams;
  const page = Number(query.get('page'));
  const size = Number(query.get('size'));
  const keyword = query.get('keyword') ?? '';
  const found = all.filter((t) => t.name.includes(keyword));
  return {
    status: 200,
    body: {
      success: true,
      data: found.slice((page - 1) * size, page * size),
      page: { page, size, total: found.length, total_pages: Math.ceil(found.length / size) },
    },
  };
}

function memberList(call: StubCall) {
  const keyword = new URL(call.url, 'http://localhost').searchParams.get('keyword') ?? '';
  const items = PEOPLE.filter((m) => m.user.display_name.includes(keyword));
  return ok({ items, page: { page: 1, size: 20, total: items.length, total_pages: 1 } });
}

function setup(extra: Routes = {}, { role = 'owner', permissions = [] as string[] } = {}) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf({ ...OWNER, role: role as 'owner' }, permissions));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/teams': (call) => teamList(call),
    'GET /v1/workspace/members': memberList,
    ...extra,
  });
}

const teamCalls = (calls: StubCall[]) => calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === '/v1/teams');

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create team' }));
  // (antd's ids are all "test-id" under test, so dialogs are found by role and checked by text)
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Create team');
  return dialog;
}

describe('teams page', () => {
  it('lists teams with member counts and permissions, pages on the server and searches after a pause', async () => {
    const { calls } = setup();
    await renderApp('/app/organization/teams');
    expect(await screen.findByRole('heading', { name: 'Teams' })).toBeInTheDocument();
    const row = (await screen.findByText('Support')).closest('tr')!;
    expect(row).toHaveTextContent('First line');
    expect(row).toHaveTextContent('Conversations · Write');
    expect(row).toHaveTextContent('Customers · Read');
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(screen.getAllByText('No permissions').length).toBeGreaterThan(0);
    expect(teamCalls(calls)[0]?.url).toBe('/v1/teams?page=1&size=10');

    const user = userEvent.setup();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('Team 12')).toBeInTheDocument();
    expect(teamCalls(calls).at(-1)?.url).toBe('/v1/teams?page=2&size=10');

    fireEvent.change(screen.getByLabelText('Search teams'), { target: { value: 'Team 7' } });
    // nothing is sent before the pause
    expect(teamCalls(calls).at(-1)?.url).toBe('/v1/teams?page=2&size=10');
    await waitFor(() => expect(teamCalls(calls).at(-1)?.url).toBe('/v1/teams?page=1&size=10&keyword=Team+7'), {
      timeout: 2000,
    });
    await waitFor(() => expect(screen.queryByText('Team 12')).not.toBeInTheDocument());
    expect(screen.getByText('Team 7')).toBeInTheDocument();
  });

  it('sorts on the server by a column header, from the first page', async () => {
    const { calls } = setup();
    await renderApp('/app/organization/teams');
    const user = userEvent.setup();
    await user.click(await screen.findByTitle('2'));
    await waitFor(() => expect(teamCalls(calls).at(-1)?.url).toBe('/v1/teams?page=2&size=10'));
    const header = screen.getByRole('columnheader', { name: /Members/ });
    await user.click(header);
    await waitFor(() =>
      expect(teamCalls(calls).at(-1)?.url).toBe('/v1/teams?page=1&size=10&sort=member_count&order=asc'),
    );
    await user.click(header);
    await waitFor(() =>
      expect(teamCalls(calls).at(-1)?.url).toBe('/v1/teams?page=1&size=10&sort=member_count&order=desc'),
    );
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows "no data available" for an empty list and an error state with retry', async () => {
    setup({ 'GET /v1/teams': [fail(500, 'server error', 'boom'), { status: 200, body: { success: true, data: [] } }] });
    await renderApp('/app/organization/teams');
    expect(await screen.findByText('The teams could not be loaded.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('no data available')).toBeInTheDocument();
  });

  it('checks the team name before sending', async () => {
    const { callsTo } = setup();
    await renderApp('/app/organization/teams');
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('team name is required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Team name'), { target: { value: 'x'.repeat(100) } });
    expect(await within(dialog).findByText('team name must be less than 100 characters')).toBeInTheDocument();
    expect(callsTo('POST', '/v1/teams')).toHaveLength(0);
  });

  it('creates a team with members and permissions, then says "Save successfully"', async () => {
    const created: TeamDetail = { ...team(20, { name: 'Sales' }), members: [] };
    const { calls, callsTo } = setup({ 'POST /v1/teams': [ok(created)] });
    await renderApp('/app/organization/teams');
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    const listCalls = teamCalls(calls).length;
    await user.type(within(dialog).getByLabelText('Team name'), '  Sales ');
    await user.type(within(dialog).getByLabelText('Description'), 'Closes deals');

    // write brings read along
    await user.click(within(dialog).getByLabelText('Customers Write'));
    expect(within(dialog).getByLabelText('Customers Read')).toBeChecked();
    await user.click(within(dialog).getByLabelText('Teams Read'));

    // members are searched on the server
    await user.type(within(dialog).getByLabelText('Members'), 'Person 2');
    await waitFor(() => expect(callsTo('GET', '/v1/workspace/members').at(-1)?.url).toContain('keyword=Person+2'), {
      timeout: 2000,
    });
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option[title="Person 2 (@user2)"]');
      expect(found).not.toBeNull();
      return found!;
    });
    await user.click(option);

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo('POST', '/v1/teams')).toHaveLength(1));
    expect(callsTo('POST', '/v1/teams')[0]?.body).toEqual({
      name: 'Sales',
      description: 'Closes deals',
      permissions: ['customer_read', 'customer_write', 'team_read'],
      member_ids: [PEOPLE[1]!.id],
    });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
    // the list is asked again
    await waitFor(() => expect(teamCalls(calls).length).toBeGreaterThan(listCalls));
  });

  it('shows the server field errors on the form', async () => {
    setup({
      'POST /v1/teams': [fail(400, 'team name must be less than 100 characters', 't', { name: 'name is taken' })],
    });
    await renderApp('/app/organization/teams');
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Team name'), 'Support{Enter}');
    expect(await within(dialog).findByText('name is taken')).toBeInTheDocument();
  });

  it('shows a name another team has under the name field only, without a toast', async () => {
    const message = 'a team with this name already exists';
    const { callsTo } = setup({ 'POST /v1/teams': [fail(409, message, 'trace-dup', { name: message })] });
    await renderApp('/app/organization/teams');
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Team name'), 'support{Enter}');
    const shown = await within(dialog).findByText(message);
    expect(shown.closest('.ant-form-item')).toContainElement(within(dialog).getByLabelText('Team name'));
    expect(callsTo('POST', '/v1/teams')).toHaveLength(1);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText(/Trace: #trace-dup/)).not.toBeInTheDocument();
    // the dialog stays open to choose another name
    expect(within(dialog).getByLabelText('Team name')).toHaveValue('support');
  });

  it('edits a team loaded from GET /v1/teams/:id and replaces its members', async () => {
    const detail: TeamDetail = {
      ...SUPPORT,
      members: [{ id: PEOPLE[0]!.id, role: 'member', user: { ...PEOPLE[0]!.user } }],
    };
    const { callsTo } = setup({
      [`GET /v1/teams/${SUPPORT.id}`]: [ok(detail)],
      [`PUT /v1/teams/${SUPPORT.id}`]: [ok({ ...detail, name: 'Support desk' })],
    });
    await renderApp('/app/organization/teams');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Edit Support'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Edit team');
    const name = await within(dialog).findByLabelText('Team name');
    expect(name).toHaveValue('Support');
    expect(within(dialog).getByText('Person 1 (@user1)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Conversations Write')).toBeChecked();
    // taking read away takes write too
    await user.click(within(dialog).getByLabelText('Conversations Read'));
    expect(within(dialog).getByLabelText('Conversations Write')).not.toBeChecked();
    await user.clear(name);
    await user.type(name, 'Support desk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', `/v1/teams/${SUPPORT.id}`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/teams/${SUPPORT.id}`)[0]?.body).toEqual({
      name: 'Support desk',
      description: 'First line',
      permissions: ['customer_read'],
      member_ids: [PEOPLE[0]!.id],
    });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
  });

  it('asks before deleting a team and only then sends DELETE', async () => {
    const { callsTo } = setup({ [`DELETE /v1/teams/${SUPPORT.id}`]: [ok(null)] });
    await renderApp('/app/organization/teams');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Delete Support'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the team Support?');
    expect(callsTo('DELETE', `/v1/teams/${SUPPORT.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE', `/v1/teams/${SUPPORT.id}`)).toHaveLength(1));
    expect(await screen.findByText('Delete successfully')).toBeInTheDocument();
  });

  it('hides create, edit and delete from a member without team_write', async () => {
    setup({}, { role: 'member', permissions: ['team_read'] });
    renderWithProviders(<TeamsPage />, '/app/organization/teams');
    expect(await screen.findByText('Support')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Support' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Support' })).not.toBeInTheDocument();
    expect(screen.queryByText('Actions')).not.toBeInTheDocument();
  });

  it('shows a member with team_write the write actions', async () => {
    setup({}, { role: 'member', permissions: ['team_read', 'team_write'] });
    renderWithProviders(<TeamsPage />, '/app/organization/teams');
    expect(await screen.findByRole('button', { name: 'Edit Support' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create team' })).toBeInTheDocument();
  });

  it('becomes a list on a 375 px screen', async () => {
    viewport.width = 375;
    setup();
    await renderApp('/app/organization/teams');
    const list = await screen.findByRole('list', { name: 'Teams' });
    const first = (await within(list).findAllByRole('listitem'))[0]!;
    expect(first).toHaveTextContent('Support');
    expect(first).toHaveTextContent('Members: 1');
    expect(within(first).getByRole('button', { name: 'Delete Support' })).toBeInTheDocument();
  });
});
