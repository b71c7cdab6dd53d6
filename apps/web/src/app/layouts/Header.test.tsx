import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, type StubCall, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { viewport } from '../../test/setup.ts';
import { NotificationBell } from '../../ui/NotificationBell.tsx';
import { STORAGE_KEYS, session, storeWorkspaceMember, writeString } from '../storage.ts';

/** `PUT /v1/self/availability` as the server answers it, counted. */
let busyAnswer = vi.fn();
const stubBusy = () => {
  busyAnswer = vi.fn((call: StubCall) => ok(call.body));
  return busyAnswer;
};

function signIn() {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf(WORKSPACES[0]!, []));
  return stubFetch({
    'PUT /v1/self/availability': (call) => busyAnswer(call),
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'POST /v1/auth/logout': [ok({ message: 'ok' })],
  });
}

describe('header', () => {
  it('caps the unread badge at 99+', () => {
    renderWithProviders(<NotificationBell unreadCount={150} />);
    expect(screen.getByText('99+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'notifications (99+)' })).toBeInTheDocument();
  });

  it('shows the exact count up to 99', () => {
    renderWithProviders(<NotificationBell unreadCount={99} />);
    expect(screen.getByRole('button', { name: 'notifications (99)' })).toBeInTheDocument();
    expect(screen.queryByText('99+')).not.toBeInTheDocument();
  });

  it('names the organization in the header on a phone, where the sidebar is hidden', async () => {
    viewport.width = 375;
    signIn();
    await renderApp('/app/dashboard');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('First Org')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'sidebar' })).not.toBeInTheDocument();
  });

  it('keeps the organization name in the sidebar only on a wide screen', async () => {
    signIn();
    await renderApp('/app/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    expect(within(sidebar).getByText('First Org')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByText('First Org')).not.toBeInTheDocument();
  });

  it('switches texts to Traditional Chinese and remembers the choice', async () => {
    signIn();
    await renderApp('/app/dashboard');
    const user = userEvent.setup();
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    expect(within(sidebar).getByText('Switch organization')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'language' }), '繁體中文');

    expect(await within(sidebar).findByText('切換組織')).toBeInTheDocument();
    expect(within(sidebar).getByText('主控台')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '主控台' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('zh-hk');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('zh_HK');
    expect(document.title).toBe('主控台 | First Org');
  });

  it('sends the chosen locale as X-Locale', async () => {
    const { callsTo } = signIn();
    writeString(STORAGE_KEYS.language, 'zh-cn');
    const { i18n } = await import('../i18n/index.ts');
    await i18n.changeLanguage('zh-cn');
    await renderApp('/app/dashboard');
    await waitFor(() => expect(callsTo('GET', '/v1/subscription/current')).toHaveLength(1));
    expect(callsTo('GET', '/v1/subscription/current')[0]?.headers['x-locale']).toBe('zh-cn');
  });

  it('toggles the dark theme and remembers it', async () => {
    signIn();
    await renderApp('/app/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Switch to dark theme' });
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAccessibleName('Switch to light theme');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('names the theme switch in the language of the page', async () => {
    signIn();
    writeString(STORAGE_KEYS.language, 'zh-hk');
    const { i18n } = await import('../i18n/index.ts');
    await i18n.changeLanguage('zh-hk');
    await renderApp('/app/dashboard');
    const toggle = await screen.findByRole('button', { name: '切換至深色主題' });
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAccessibleName('切換至淺色主題');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('names the user menu with the name it shows beside the avatar', async () => {
    signIn();
    await renderApp('/app/dashboard');
    const menu = await screen.findByRole('button', { name: /user menu/ });
    expect(menu).toHaveTextContent('Amy Chan');
    expect(menu).toHaveAccessibleName('Amy Chan (user menu), Availability: Online');
  });

  it('switches the availability from the avatar menu: the server is told and the dot and menu follow', async () => {
    const { callsTo } = signIn();
    const answers = stubBusy();
    await renderApp('/app/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /user menu/ }));
    const online = await screen.findByRole('menuitem', { name: /Online/ });
    expect(screen.getByText('Availability')).toBeInTheDocument();
    expect(online.className).toContain('ant-dropdown-menu-item-selected');
    await user.click(screen.getByRole('menuitem', { name: /Busy/ }));
    await waitFor(() => expect(answers).toHaveBeenCalled());
    expect(callsTo('PUT', '/v1/self/availability')[0]?.body).toEqual({ status: 'busy' });
    expect(await screen.findByRole('button', { name: 'Amy Chan (user menu), Availability: Busy' })).toBeInTheDocument();
    expect(session.workspaceMember()?.availability).toBe('busy');
    await user.click(screen.getByRole('button', { name: /user menu/ }));
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: /Busy/ }).className).toContain('ant-dropdown-menu-item-selected'),
    );
  });

  it('sets the browser title to "{page} | {workspace}"', async () => {
    signIn();
    await renderApp('/app/chat/whatsapp-template');
    await screen.findByRole('heading', { name: 'WhatsApp template' });
    expect(document.title).toBe('WhatsApp template | First Org');
  });

  it('logs out: tells the server, removes the token and opens /auth/login', async () => {
    const { callsTo } = signIn();
    const { router } = await renderApp('/app/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /user menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Logout/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(callsTo('POST', '/v1/auth/logout')).toHaveLength(1);
    expect(session.token()).toBeNull();
  });

  it('shows the sidebar as a full-width drawer on a phone', async () => {
    viewport.width = 375;
    signIn();
    const { router } = await renderApp('/app/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('navigation', { name: 'sidebar' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    expect(sidebar.closest('.ant-drawer-content-wrapper')).toHaveStyle({ width: '100%' });
    await user.click(within(sidebar).getByRole('link', { name: 'Switch organization' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/organization'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
