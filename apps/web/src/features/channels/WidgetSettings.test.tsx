import { type Channel, DEFAULT_WIDGET_SETTINGS } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const WEBCHAT: Channel = {
  id: '60000000-0000-4000-8000-000000000003',
  type: 'webchat',
  name: 'Website',
  status: 'active',
  webhook_url: 'https://chat.example.com',
  phone_number_id: null,
  business_account_id: null,
  page_id: null,
  instagram_account_id: null,
  access_token_hint: null,
  app_secret_hint: null,
  verify_token: null,
  widget_key: 'wk_7f3a9c',
  allowed_origins: [],
  auto_assign: { mode: 'off', team_id: null, max_open_per_member: null },
  widget: { ...DEFAULT_WIDGET_SETTINGS, greeting: 'Welcome to Acme' },
  messages_per_second: null,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
};

function setup() {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf({ ...WORKSPACES[0]!, role: 'owner' }, []));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/channels': [ok([WEBCHAT])],
    [`PUT /v1/channels/${WEBCHAT.id}`]: [ok(WEBCHAT)],
  });
}

/** The widget's preview: the widget module itself, in its shadow root inside the drawer. */
const preview = () =>
  waitFor(() => {
    const root = document.querySelector('#omnichat-widget-preview')?.shadowRoot;
    expect(root).toBeTruthy();
    return within(root as unknown as HTMLElement);
  });

describe("a web chat's widget settings", () => {
  it('show the unsaved settings live in the preview and save them as the channel’s widget', async () => {
    const { callsTo } = setup();
    await renderApp('/app/chat/channel');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Edit Website'));
    const panel = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-drawer-section');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(await (await preview()).findByText('Welcome to Acme')).toBeTruthy();
    expect((await preview()).getByRole('heading').textContent).toBe('Website');

    fireEvent.change(within(panel).getByLabelText('Title'), { target: { value: 'Acme support' } });
    await waitFor(async () => expect((await preview()).getByRole('heading').textContent).toBe('Acme support'));
    const colour = within(panel)
      .getAllByLabelText('Colour')
      .find((input) => input.getAttribute('type') !== 'color')!;
    fireEvent.change(colour, { target: { value: '#AA3300' } });
    await waitFor(() =>
      expect(document.getElementById('omnichat-widget-preview')?.style.getPropertyValue('--accent')).toBe('#AA3300'),
    );
    fireEvent.change(within(panel).getByLabelText('Agent name shown'), { target: { value: 'Mei' } });
    await waitFor(async () => expect((await preview()).getByText('Mei')).toBeTruthy());

    // asking the name first: the preview shows the form
    await user.click(within(panel).getByLabelText('Ask for the name'));
    await user.click(await screen.findByTitle('Required'));
    expect(await (await preview()).findByText('Start chat')).toBeTruthy();

    // business hours, and the offline state shown on demand
    await user.click(within(panel).getByLabelText('Only within business hours'));
    expect(within(panel).getByLabelText('Monday opens at')).toHaveValue('09:00');
    fireEvent.change(within(panel).getByLabelText('Offline message'), { target: { value: 'Back at 9' } });
    await user.click(within(panel).getByText('Offline'));
    expect(await (await preview()).findByText('Back at 9')).toBeTruthy();

    await user.click(within(panel).getByText('Save'));
    await waitFor(() => expect(callsTo('PUT', `/v1/channels/${WEBCHAT.id}`)).toHaveLength(1));
    const body = callsTo('PUT', `/v1/channels/${WEBCHAT.id}`)[0]?.body as { widget: unknown };
    expect(body.widget).toEqual({
      color: '#AA3300',
      title: 'Acme support',
      greeting: 'Welcome to Acme',
      agent_name: 'Mei',
      agent_avatar: null,
      pre_chat: { name: 'required', email: 'off', phone: 'off' },
      business_hours: {
        enabled: true,
        hours: [1, 2, 3, 4, 5].map((day) => ({ day, from: '09:00', to: '18:00' })),
      },
      offline_message: 'Back at 9',
    });
  });
});
