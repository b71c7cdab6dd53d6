import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, session, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { fail, ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { browserTimeZoneIs, timeZoneRoutes, typeHongAndEnter } from '../../test/time-zones.ts';

const CREATED = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'New Org',
  avatar: '',
  time_zone: 'Asia/Hong_Kong',
  default_country: 'HK',
  opt_out_keywords: ['STOP', 'UNSUBSCRIBE'],
  member_id: 'cccccccc-4444-4444-8444-444444444444',
  role: 'owner',
};

afterEach(() => {
  vi.restoreAllMocks();
});

function setup({ mode = 'platform', member = true }: { mode?: string; member?: boolean } = {}) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  if (member) storeWorkspaceMember(memberOf(WORKSPACES[0]!, []));
  let workspaces = member ? [...WORKSPACES] : [];
  const stub = stubFetch({
    'GET /public/v1/system-setting': [
      ok(PUBLIC_SETTINGS.map((s) => (s.key === 'system.mode' ? { ...s, value: mode } : s))),
    ],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/self/workspaces': () => ok(workspaces),
    ...timeZoneRoutes,
    'POST /v1/workspace': (call) => {
      const created = { ...CREATED, time_zone: (call.body as { time_zone: string }).time_zone };
      workspaces = [...workspaces, created as (typeof WORKSPACES)[number]];
      return ok(created);
    },
    // binding the session: to the organization asked for (the layout also refreshes the current one on arrival)
    'POST /v1/auth/refresh-token': (call) => {
      const id = (call.body as { workspace_id: string }).workspace_id;
      const workspace = workspaces.find((w) => w.id === id);
      return workspace
        ? ok({ workspace: memberOf(workspace, []), token: `token-of-${workspace.name}` })
        : fail(403, 'not a member');
    },
  });
  return stub;
}

async function openDialog() {
  const user = userEvent.setup();
  const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
  await user.click(await within(sidebar).findByText('Create organization'));
  // antd's ids are all "test-id" under test, so the dialog is found by role and checked by title
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Create organization', { selector: '.ant-modal-title' })).toBeInTheDocument();
  return { user, dialog };
}

describe('create organization dialog', () => {
  it('shows the SPEC 5 messages for an empty and a 100-character name', async () => {
    const { calls } = setup();
    await renderApp('/app/dashboard');
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('organization name is required')).toBeInTheDocument();

    // pasted: typing 100 keys one by one takes most of the test's time on a busy machine
    await user.click(within(dialog).getByLabelText('Organization name'));
    await user.paste('x'.repeat(100));
    expect(await within(dialog).findByText('organization name must be less than 100 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/v1/workspace')).toHaveLength(0);
  });

  it("opens with the browser's time zone chosen, and UTC when the server does not know it", async () => {
    browserTimeZoneIs('Asia/Kolkata');
    setup();
    await renderApp('/app/dashboard');
    const { dialog, user } = await openDialog();
    expect(await within(dialog).findByText('Asia/Kolkata (+05:30)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    vi.restoreAllMocks();
    browserTimeZoneIs('Mars/Olympus_Mons');
    const again = await openDialog();
    expect(await within(again.dialog).findByText('UTC (+00:00)')).toBeInTheDocument();
    expect(within(again.dialog).queryByText(/Mars/)).not.toBeInTheDocument();
  });

  it('picks the first match of a search with Enter, then enters the new organization at once', async () => {
    browserTimeZoneIs('UTC');
    const { callsTo } = setup();
    const { router } = await renderApp('/app/dashboard');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Organization name'), 'New Org');
    expect(await within(dialog).findByText('UTC (+00:00)')).toBeInTheDocument();

    await typeHongAndEnter(user, within(dialog).getByLabelText('Time zone'), () => callsTo('GET', '/v1/timezone'));
    expect(await within(dialog).findByText('Asia/Hong_Kong (+08:00)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(callsTo('POST', '/v1/workspace')).toHaveLength(1));
    expect(callsTo('POST', '/v1/workspace')[0]?.body).toEqual({ name: 'New Org', time_zone: 'Asia/Hong_Kong' });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
    // the session is bound to the new organization (the Switch button's refresh) and its dashboard opens
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    // (the layout's refresh on arrival already renewed the token of the first organization)
    expect(callsTo('POST', '/v1/auth/refresh-token').at(-1)?.body).toEqual({
      token: 'token-of-First Org',
      workspace_id: CREATED.id,
    });
    expect(session.workspaceId()).toBe(CREATED.id);
    expect(session.token()).toBe('token-of-New Org');
    const sidebar = screen.getByRole('navigation', { name: 'sidebar' });
    expect(await within(sidebar).findByText('New Org')).toBeInTheDocument();
    expect(within(sidebar).getByText('Salesforce')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers a user without an organization to create the first one, which opens its dashboard', async () => {
    browserTimeZoneIs('Asia/Hong_Kong');
    const { callsTo } = setup({ member: false });
    const { router } = await renderApp('/app/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/organization'));
    expect(await screen.findByText('You do not belong to any organization yet.')).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'sidebar' });
    expect(within(sidebar).queryByText('Dashboard')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Create your first organization/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Organization name'), 'New Org');
    expect(await within(dialog).findByText('Asia/Hong_Kong (+08:00)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(callsTo('POST', '/v1/workspace')[0]?.body).toEqual({ name: 'New Org', time_zone: 'Asia/Hong_Kong' });
    expect(callsTo('POST', '/v1/auth/refresh-token')[0]?.body).toEqual({ token: 'ws-token', workspace_id: CREATED.id });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await within(sidebar).findByText('New Org')).toBeInTheDocument();
    for (const item of ['Dashboard', 'Customers', 'Salesforce'])
      expect(within(sidebar).getByText(item)).toBeInTheDocument();
  });

  it('asks a user without an organization to get an invitation outside platform mode', async () => {
    setup({ mode: 'single', member: false });
    await renderApp('/app/organization');
    expect(await screen.findByText('Ask an administrator to invite you to an organization.')).toBeInTheDocument();
    expect(screen.getByText('You do not belong to any organization yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
  });

  it('is not offered outside platform mode', async () => {
    setup({ mode: 'single' });
    await renderApp('/app/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(within(sidebar).getByText('Switch organization')).toBeInTheDocument());
    expect(within(sidebar).queryByText('Create organization')).not.toBeInTheDocument();
  });
});
