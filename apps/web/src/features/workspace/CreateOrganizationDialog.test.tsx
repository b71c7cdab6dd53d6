import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const CREATED = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'New Org',
  avatar: '',
  time_zone: 'Asia/Hong_Kong',
  default_country: 'HK',
  member_id: 'cccccccc-4444-4444-8444-444444444444',
  role: 'owner',
};

function setup(mode = 'platform') {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf(WORKSPACES[0]!, []));
  let workspaces = [...WORKSPACES];
  const stub = stubFetch({
    'GET /public/v1/system-setting': [
      ok(PUBLIC_SETTINGS.map((s) => (s.key === 'system.mode' ? { ...s, value: mode } : s))),
    ],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok({ plan_tag: null })],
    'GET /v1/self/workspaces': () => ok(workspaces),
    'POST /v1/timezone': (call) => ok({ identifier: (call.body as { identifier: string }).identifier, offset: 0 }),
    'GET /v1/timezone': () =>
      ok([
        { identifier: 'Asia/Hong_Kong', offset: 800 },
        { identifier: 'Asia/Kolkata', offset: 550 },
      ]),
    'POST /v1/workspace': () => {
      workspaces = [...workspaces, CREATED as (typeof WORKSPACES)[number]];
      return ok(CREATED);
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

    await user.type(within(dialog).getByLabelText('Organization name'), 'x'.repeat(100));
    expect(await within(dialog).findByText('organization name must be less than 100 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/v1/workspace')).toHaveLength(0);
  });

  it('creates the organization, says "Save successfully" and opens the switch page', async () => {
    const { callsTo } = setup();
    const { router } = await renderApp('/app/dashboard');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Organization name'), 'New Org');

    await user.click(within(dialog).getByLabelText('Time zone'));
    await user.keyboard('hong');
    await waitFor(
      () => expect(callsTo('GET', '/v1/timezone').map((c) => c.url)).toContain('/v1/timezone?keyword=hong'),
      {
        timeout: 2000,
      },
    );
    const option = await screen.findByText('Asia/Hong_Kong (+08:00)');
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(callsTo('POST', '/v1/workspace')).toHaveLength(1));
    expect(callsTo('POST', '/v1/workspace')[0]?.body).toEqual({ name: 'New Org', time_zone: 'Asia/Hong_Kong' });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/organization'));
    expect(await screen.findByText('New Org')).toBeInTheDocument();
  });

  it('is not offered outside platform mode', async () => {
    setup('single');
    await renderApp('/app/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(within(sidebar).getByText('Switch organization')).toBeInTheDocument());
    expect(within(sidebar).queryByText('Create organization')).not.toBeInTheDocument();
  });
});
