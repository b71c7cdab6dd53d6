import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, session, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { fail, ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { timeZoneRoutes, typeHongAndEnter } from '../../test/time-zones.ts';

const ORG = WORKSPACES[0]!;
const SUMMARY = {
  id: ORG.id,
  name: ORG.name,
  avatar: '',
  time_zone: 'Asia/Hong_Kong',
  default_country: 'HK',
  opt_out_keywords: ['STOP', 'UNSUBSCRIBE'],
};

function setup(extra: Parameters<typeof stubFetch>[0] = {}) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf(ORG, []));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/self/workspaces': [ok(WORKSPACES)],
    'GET /v1/self/workspace': [ok(SUMMARY)],
    'POST /v1/timezone': (call) => ok({ identifier: (call.body as { identifier: string }).identifier, offset: 800 }),
    'GET /v1/workspace/member/permission/default': [ok({ permissions: ['conversation_read'] })],
    ...extra,
  });
}

const button = async (text: string) => (await screen.findByText(text, { selector: 'button span' })).closest('button')!;

describe('organization settings', () => {
  it('shows the SPEC 5 name messages and sends nothing', async () => {
    const { callsTo } = setup();
    await renderApp('/app/organization/settings');
    const name = await screen.findByLabelText('Organization name');
    await waitFor(() => expect(name).toHaveValue('First Org'));
    expect(await screen.findByText('Asia/Hong_Kong (+08:00)')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(name);
    expect(await screen.findByText('organization name is required')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'x'.repeat(100) } });
    expect(await screen.findByText('organization name must be less than 100 characters')).toBeInTheDocument();
    await user.click(await button('Save'));
    expect(callsTo('PUT', '/v1/self/workspace')).toHaveLength(0);
  });

  it('saves and updates the workspace name in the sidebar', async () => {
    const { callsTo } = setup({ 'PUT /v1/self/workspace': [ok({ ...SUMMARY, name: 'Renamed Org' })] });
    await renderApp('/app/organization/settings');
    const name = await screen.findByLabelText('Organization name');
    await waitFor(() => expect(name).toHaveValue('First Org'));
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Renamed Org');
    await user.click(await button('Save'));
    await waitFor(() => expect(callsTo('PUT', '/v1/self/workspace')).toHaveLength(1));
    expect(callsTo('PUT', '/v1/self/workspace')[0]?.body).toEqual({
      name: 'Renamed Org',
      time_zone: 'Asia/Hong_Kong',
      default_country: 'HK',
      avatar: '',
      opt_out_keywords: ['STOP', 'UNSUBSCRIBE'],
    });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
    expect(session.workspaceMember()?.workspace.name).toBe('Renamed Org');
    const sidebar = screen.getByLabelText('sidebar');
    await waitFor(() => expect(within(sidebar).getByText('Renamed Org')).toBeInTheDocument());
  });

  it('edits the opt-out keywords: typed ones added, removed ones gone, the whole list sent', async () => {
    const { callsTo } = setup({ 'PUT /v1/self/workspace': (call) => ok({ ...SUMMARY, ...(call.body as object) }) });
    await renderApp('/app/organization/settings');
    const keywords = await screen.findByLabelText('Opt-out keywords');
    await waitFor(() => expect(screen.getByText('UNSUBSCRIBE')).toBeInTheDocument());
    const user = userEvent.setup();
    await user.type(keywords, '退訂{Enter}');
    const unsubscribe = screen.getByText('UNSUBSCRIBE').closest('.ant-select-selection-item')!;
    await user.click(within(unsubscribe as HTMLElement).getByLabelText('close'));
    await user.click(await button('Save'));
    await waitFor(() => expect(callsTo('PUT', '/v1/self/workspace')).toHaveLength(1));
    expect(callsTo('PUT', '/v1/self/workspace')[0]?.body).toMatchObject({ opt_out_keywords: ['STOP', '退訂'] });
  });

  it('saves the first match of a time-zone search picked with Enter, not the zone it had', async () => {
    const { callsTo } = setup({
      'GET /v1/self/workspace': [ok({ ...SUMMARY, time_zone: 'UTC' })],
      ...timeZoneRoutes,
      'PUT /v1/self/workspace': (call) => ok({ ...SUMMARY, ...(call.body as object) }),
    });
    await renderApp('/app/organization/settings');
    expect(await screen.findByText('UTC (+00:00)')).toBeInTheDocument();
    const zone = screen.getByLabelText('Time zone');
    const user = userEvent.setup();
    await typeHongAndEnter(user, zone, () => callsTo('GET', '/v1/timezone'));
    await waitFor(() => expect(zone.closest('.ant-select')).toHaveTextContent('Asia/Hong_Kong (+08:00)'));
    await user.click(await button('Save'));
    await waitFor(() => expect(callsTo('PUT', '/v1/self/workspace')).toHaveLength(1));
    expect(callsTo('PUT', '/v1/self/workspace')[0]?.body).toMatchObject({ time_zone: 'Asia/Hong_Kong' });
  });

  it('saves the default member permissions', async () => {
    const { callsTo } = setup({
      'PUT /v1/workspace/member/permission/default': (call) => ok(call.body),
    });
    await renderApp('/app/organization/settings');
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText('Conversations Read')).toBeChecked());
    await user.click(screen.getByLabelText('Customers Write'));
    expect(screen.getByLabelText('Customers Read')).toBeChecked();
    await user.click(await button('Save permissions'));
    await waitFor(() => expect(callsTo('PUT', '/v1/workspace/member/permission/default')).toHaveLength(1));
    expect(callsTo('PUT', '/v1/workspace/member/permission/default')[0]?.body).toEqual({
      permissions: ['conversation_read', 'customer_write', 'customer_read'],
    });
  });

  it('shows the server error when leaving the last organization', async () => {
    const text = 'you cannot delete or leave the last organization';
    const { callsTo } = setup({ 'POST /v1/self/workspace/leave': [fail(409, text)] });
    const { router } = await renderApp('/app/organization/settings');
    const user = userEvent.setup();
    await user.click(await button('Leave organization'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Leave').closest('button')!);
    await waitFor(() => expect(callsTo('POST', '/v1/self/workspace/leave')).toHaveLength(1));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/organization/settings');
    expect(session.workspaceMember()).not.toBeNull();
  });

  it('deletes the organization only after its name is typed, then opens the switch page', async () => {
    const { callsTo } = setup({ 'DELETE /v1/self/workspace': [ok({ message: 'Delete successfully' })] });
    const { router } = await renderApp('/app/organization/settings');
    const user = userEvent.setup();
    await user.click(await button('Delete organization'));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByText('Delete organization', { selector: 'button span' }).closest('button')!;
    await user.click(confirm);
    expect(await within(dialog).findByText('The name does not match.')).toBeInTheDocument();
    expect(callsTo('DELETE', '/v1/self/workspace')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Organization name to confirm'), 'First Org');
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/organization'));
    expect(callsTo('DELETE', '/v1/self/workspace')).toHaveLength(1);
    expect(session.workspaceMember()).toBeNull();
    expect(session.workspaceId()).toBeNull();
  });
});
