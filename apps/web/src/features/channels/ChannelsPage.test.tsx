import { type Channel, DEFAULT_WIDGET_SETTINGS } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { fail, ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { embedSnippet, PREVIEW_SCRIPT_ID } from './ChannelDetails.tsx';
import { ChannelsPage } from './ChannelsPage.tsx';

const BASE = {
  status: 'active',
  phone_number_id: null,
  business_account_id: null,
  page_id: null,
  instagram_account_id: null,
  access_token_hint: null,
  app_secret_hint: null,
  verify_token: null,
  widget_key: null,
  allowed_origins: [] as string[],
  auto_assign: { mode: 'off', team_id: null, max_open_per_member: null },
  widget: null,
  messages_per_second: null,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
} as const;

const WHATSAPP: Channel = {
  ...BASE,
  id: '60000000-0000-4000-8000-000000000001',
  type: 'whatsapp',
  name: 'Sales line',
  webhook_url: 'https://chat.example.com/webhooks/meta/60000000-0000-4000-8000-000000000001',
  phone_number_id: '1234567890',
  business_account_id: '9876543210',
  access_token_hint: '…abcd',
  app_secret_hint: '…wxyz',
  verify_token: 'f00dfeed',
  messages_per_second: 80,
};
const MESSENGER: Channel = {
  ...BASE,
  id: '60000000-0000-4000-8000-000000000002',
  type: 'messenger',
  name: 'Shop page',
  status: 'needs_reauth',
  webhook_url: 'https://chat.example.com/webhooks/meta/60000000-0000-4000-8000-000000000002',
  page_id: '555000111',
  access_token_hint: '…9876',
  app_secret_hint: '…5432',
  verify_token: 'beefcafe',
};
const WEBCHAT: Channel = {
  ...BASE,
  id: '60000000-0000-4000-8000-000000000003',
  type: 'webchat',
  name: 'Website',
  webhook_url: 'https://chat.example.com',
  widget_key: 'wk_7f3a9c',
  widget: DEFAULT_WIDGET_SETTINGS,
};
const CHANNELS = [WHATSAPP, MESSENGER, WEBCHAT];

function setup(extra: Parameters<typeof stubFetch>[0] = {}, { role = 'owner', permissions = [] as string[] } = {}) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf({ ...WORKSPACES[0]!, role: role as 'owner' }, permissions));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/channels': [ok(CHANNELS)],
    ...extra,
  });
}

/** The open drawer (antd puts it in a portal). */
const drawer = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-drawer-section');
    expect(found).not.toBeNull();
    return found!;
  });

const change = (panel: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(panel).getByLabelText(label), { target: { value } });

describe('channels page', () => {
  it('shows each channel with its type, status, ids, token hints and webhook settings', async () => {
    setup();
    await renderApp('/app/chat/channel');
    expect(await screen.findByText('Sales line')).toBeInTheDocument();
    expect(screen.getByText(WHATSAPP.webhook_url)).toBeInTheDocument();
    expect(screen.getByText('f00dfeed')).toBeInTheDocument();
    expect(screen.getByText('1234567890')).toBeInTheDocument();
    expect(screen.getByText('…abcd')).toBeInTheDocument();
    expect(screen.getByText('WhatsApp')).toBeInTheDocument();
    expect(screen.getByText('Messenger')).toBeInTheDocument();
    expect(screen.getByText('Needs re-authorisation')).toBeInTheDocument();
    expect(screen.getByText(/save a new access token/)).toBeInTheDocument();
    expect(screen.getByText(/message_echoes/)).toBeInTheDocument();
    expect(screen.getByText('Add channel')).toBeInTheDocument();
  });

  it('invites to add the first channel when there is none', async () => {
    setup({ 'GET /v1/channels': [ok([])] });
    await renderApp('/app/chat/channel');
    expect(await screen.findByText('No channel is connected yet.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Add your first channel'));
    expect(await drawer()).toHaveTextContent('Channel type');
  });

  it('connects a WhatsApp channel with exactly the fields of the contract', async () => {
    const { callsTo } = setup({ 'POST /v1/channels': [ok(WHATSAPP)] });
    await renderApp('/app/chat/channel');
    const user = userEvent.setup();
    await user.click(await screen.findByText('Add channel'));
    const panel = await drawer();
    change(panel, 'Name', '  Sales line ');
    change(panel, 'Phone number id', '1234567890');
    change(panel, 'WhatsApp Business account id', '9876543210');
    change(panel, 'Access token', 'EAAG-token');
    change(panel, 'App secret', 'app-secret');
    await user.click(within(panel).getByText('Generate'));
    const token = (within(panel).getByLabelText('Verify token') as HTMLInputElement).value;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    await user.click(within(panel).getByText('Create'));
    await waitFor(() => expect(callsTo('POST', '/v1/channels')).toHaveLength(1));
    expect(callsTo('POST', '/v1/channels')[0]?.body).toEqual({
      type: 'whatsapp',
      name: 'Sales line',
      phone_number_id: '1234567890',
      business_account_id: '9876543210',
      access_token: 'EAAG-token',
      app_secret: 'app-secret',
      verify_token: token,
    });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/v1/channels').length).toBeGreaterThan(1));
  });

  it("shows Meta's refusal of the token inside the drawer, which stays open", async () => {
    const refusal = 'Meta refused the access token: Invalid OAuth access token.';
    const { callsTo } = setup({ 'POST /v1/channels': [fail(400, refusal, 't-9', { access_token: refusal })] });
    await renderApp('/app/chat/channel');
    const user = userEvent.setup();
    await user.click(await screen.findByText('Add channel'));
    const panel = await drawer();
    await user.click(within(panel).getByText('Messenger'));
    change(panel, 'Name', 'Shop page');
    change(panel, 'Facebook Page id', '555000111');
    change(panel, 'Access token', 'bad-token');
    change(panel, 'App secret', 'app-secret');
    change(panel, 'Verify token', 'verify-me');
    await user.click(within(panel).getByText('Create'));
    expect(await within(panel).findByText('The channel was not saved')).toBeInTheDocument();
    expect(within(panel).getAllByText(refusal).length).toBeGreaterThan(0);
    expect(callsTo('POST', '/v1/channels')[0]?.body).toMatchObject({ type: 'messenger', page_id: '555000111' });
    expect(panel).toBeInTheDocument();
    expect(within(panel).getByText('Create')).toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    const { callsTo } = setup();
    await renderApp('/app/chat/channel');
    const user = userEvent.setup();
    await user.click(await screen.findByText('Add channel'));
    const panel = await drawer();
    change(panel, 'Phone number id', '12ab');
    await user.click(within(panel).getByText('Create'));
    expect(await within(panel).findByText('channel name is required')).toBeInTheDocument();
    expect(within(panel).getByText('Phone number id must be a numeric Meta id')).toBeInTheDocument();
    expect(within(panel).getByText('Access token is required')).toBeInTheDocument();
    expect(callsTo('POST', '/v1/channels')).toHaveLength(0);
  });

  it('changes a channel without sending the secrets left empty', async () => {
    const { callsTo } = setup({ [`PUT /v1/channels/${WHATSAPP.id}`]: [ok({ ...WHATSAPP, name: 'Sales desk' })] });
    await renderApp('/app/chat/channel');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Edit Sales line'));
    const panel = await drawer();
    expect(panel).toHaveTextContent('Edit Sales line');
    expect(panel).not.toHaveTextContent('Channel type');
    expect(within(panel).getByLabelText('Name')).toHaveValue('Sales line');
    expect(within(panel).getAllByPlaceholderText('Leave empty to keep the stored one')).toHaveLength(3);
    change(panel, 'Name', 'Sales desk');
    change(panel, 'App secret', 'new-secret');
    await user.click(within(panel).getByText('Save'));
    await waitFor(() => expect(callsTo('PUT', `/v1/channels/${WHATSAPP.id}`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/channels/${WHATSAPP.id}`)[0]?.body).toEqual({
      name: 'Sales desk',
      phone_number_id: '1234567890',
      business_account_id: '9876543210',
      app_secret: 'new-secret',
    });
  });

  it('sets the auto-assignment of a channel: round robin among a team, with a cap', async () => {
    const team = {
      id: '70000000-0000-4000-8000-000000000001',
      name: 'Night shift',
      description: '',
      permissions: [],
      member_count: 2,
      created_at: 1_700_000_000,
      updated_at: 1_700_000_000,
    };
    const saved = { mode: 'round_robin', team_id: team.id, max_open_per_member: 3 } as const;
    const { callsTo } = setup({
      'GET /v1/teams': [ok([team])],
      [`PUT /v1/channels/${WHATSAPP.id}`]: [ok({ ...WHATSAPP, auto_assign: saved })],
    });
    await renderApp('/app/chat/channel');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Edit Sales line'));
    const panel = await drawer();
    expect(panel).toHaveTextContent('Auto-assignment');
    expect(panel).toHaveTextContent('New conversations stay unassigned until someone takes them.');
    expect(within(panel).queryByLabelText('Assign to')).not.toBeInTheDocument();

    await user.click(within(panel).getByText('Round robin'));
    expect(await within(panel).findByText(/goes to the next online member in turn/)).toBeInTheDocument();
    // everyone who can reply until a team is chosen
    expect(within(panel).getByText('Everyone who can reply')).toBeInTheDocument();
    await user.click(within(panel).getByLabelText('Assign to'));
    await user.click(await screen.findByTitle('Night shift'));
    change(panel, 'Open conversations per member', '0.5');
    await user.click(within(panel).getByText('Save'));
    expect(
      await within(panel).findByText('the cap of open conversations per member must be a whole number from 1 to 1000'),
    ).toBeInTheDocument();
    expect(callsTo('PUT', `/v1/channels/${WHATSAPP.id}`)).toHaveLength(0);

    change(panel, 'Open conversations per member', '3');
    await user.click(within(panel).getByText('Save'));
    await waitFor(() => expect(callsTo('PUT', `/v1/channels/${WHATSAPP.id}`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/channels/${WHATSAPP.id}`)[0]?.body).toEqual({
      name: 'Sales line',
      phone_number_id: '1234567890',
      business_account_id: '9876543210',
      auto_assign: saved,
    });
  });

  it('asks before deleting a channel and only then sends DELETE', async () => {
    const { callsTo } = setup({ [`DELETE /v1/channels/${WHATSAPP.id}`]: [ok({ message: 'ok' })] });
    await renderApp('/app/chat/channel');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Delete Sales line'));
    expect(await screen.findByText(/Disconnect the channel Sales line\?/)).toBeInTheDocument();
    expect(callsTo('DELETE', `/v1/channels/${WHATSAPP.id}`)).toHaveLength(0);
    const modal = document.querySelector<HTMLElement>('.ant-modal')!;
    await user.click(within(modal).getByText('Delete'));
    await waitFor(() => expect(callsTo('DELETE', `/v1/channels/${WHATSAPP.id}`)).toHaveLength(1));
    expect(await screen.findByText('Delete successfully')).toBeInTheDocument();
  });

  it("gives a web chat channel's embed code and previews the widget on this page", async () => {
    setup();
    await renderApp('/app/chat/channel');
    const snippet = await screen.findByText(embedSnippet(WEBCHAT.widget_key!));
    expect(snippet.textContent).toContain('/widget.js" data-key="wk_7f3a9c"');
    const destroy = vi.fn();
    vi.stubGlobal('OmnichatWidget', { destroy });
    const user = userEvent.setup();
    await user.click(screen.getByText('Preview'));
    const script = document.getElementById(PREVIEW_SCRIPT_ID) as HTMLScriptElement;
    expect(script.getAttribute('src')).toBe('/widget.js');
    expect(script.dataset.key).toBe('wk_7f3a9c');
    await user.click(screen.getByText('Stop preview'));
    expect(document.getElementById(PREVIEW_SCRIPT_ID)).toBeNull();
    expect(destroy).toHaveBeenCalledOnce();
  });

  it("sets a web chat's allowed websites: one a row, checked, normalised, and the whole list sent", async () => {
    const created = { ...WEBCHAT, allowed_origins: ['https://shop.example.com'] };
    const { callsTo } = setup({
      'POST /v1/channels': [ok(created)],
      [`PUT /v1/channels/${WEBCHAT.id}`]: [ok({ ...created, allowed_origins: [] })],
    });
    await renderApp('/app/chat/channel');
    expect(await screen.findByText('Any website')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByText('Add channel'));
    const panel = await drawer();
    await user.click(within(panel).getByText('Web chat'));
    expect(panel).toHaveTextContent('Leave the list empty to allow any website.');
    change(panel, 'Name', 'Website');
    await user.click(within(panel).getByText('Add website'));
    await user.click(within(panel).getByText('Add website'));
    change(panel, 'Website 1', 'https://Shop.Example.com/');
    change(panel, 'Website 2', 'shop.example.com/chat');
    await user.click(within(panel).getByText('Create'));
    expect(
      await within(panel).findByText(
        'each allowed site must be an address such as https://shop.example.com, without a path',
      ),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/v1/channels')).toHaveLength(0);
    await user.click(within(panel).getByLabelText('Remove website 2'));
    await user.click(within(panel).getByText('Create'));
    await waitFor(() => expect(callsTo('POST', '/v1/channels')).toHaveLength(1));
    expect(callsTo('POST', '/v1/channels')[0]?.body).toEqual({
      type: 'webchat',
      name: 'Website',
      allowed_origins: ['https://shop.example.com'],
      widget: expect.objectContaining({ color: '#1064e0', pre_chat: { name: 'off', email: 'off', phone: 'off' } }),
    });
  });

  it("sets a WhatsApp number's messages per second, a field only WhatsApp channels have", async () => {
    const { callsTo } = setup({ [`PUT /v1/channels/${WHATSAPP.id}`]: [ok({ ...WHATSAPP, messages_per_second: 250 })] });
    await renderApp('/app/chat/channel');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Edit Sales line'));
    const panel = await drawer();
    const rate = within(panel).getByLabelText('Messages per second');
    expect(rate).toHaveValue('80');
    expect(panel).toHaveTextContent("Meta's default throughput is 80 messages per second");
    await user.clear(rate);
    await user.type(rate, '250');
    await user.click(within(panel).getByText('Save'));
    await waitFor(() => expect(callsTo('PUT', `/v1/channels/${WHATSAPP.id}`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/channels/${WHATSAPP.id}`)[0]?.body).toEqual({
      name: 'Sales line',
      phone_number_id: '1234567890',
      business_account_id: '9876543210',
      messages_per_second: 250,
    });
  });

  it("changes a web chat's allowed websites, sending the whole new list", async () => {
    const listed = { ...WEBCHAT, allowed_origins: ['https://shop.example.com', 'https://blog.example.com'] };
    const { callsTo } = setup({
      'GET /v1/channels': [ok([listed])],
      [`PUT /v1/channels/${WEBCHAT.id}`]: [ok({ ...listed, allowed_origins: ['https://blog.example.com'] })],
    });
    await renderApp('/app/chat/channel');
    expect(await screen.findByText('https://shop.example.com, https://blog.example.com')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Edit Website'));
    const panel = await drawer();
    expect(within(panel).getByLabelText('Website 1')).toHaveValue('https://shop.example.com');
    expect(within(panel).getByLabelText('Website 2')).toHaveValue('https://blog.example.com');
    // the send rate is a WhatsApp number's only
    expect(within(panel).queryByLabelText('Messages per second')).toBeNull();
    await user.click(within(panel).getByLabelText('Remove website 1'));
    await user.click(within(panel).getByText('Save'));
    await waitFor(() => expect(callsTo('PUT', `/v1/channels/${WEBCHAT.id}`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/channels/${WEBCHAT.id}`)[0]?.body).toEqual({
      name: 'Website',
      allowed_origins: ['https://blog.example.com'],
      widget: expect.objectContaining({ title: null, greeting: null }),
    });
  });

  it('hides adding, editing and deleting from a member without channel_write', async () => {
    setup({}, { role: 'member', permissions: ['channel_read'] });
    renderWithProviders(<ChannelsPage />, '/app/chat/channel');
    expect(await screen.findByText('Sales line')).toBeInTheDocument();
    expect(screen.queryByText('Add channel')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Edit Sales line')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Delete Sales line')).not.toBeInTheDocument();
  });
});
