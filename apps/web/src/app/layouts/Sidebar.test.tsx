import type { Subscription } from '@omnichat/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { i18n } from '../i18n/index.ts';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../storage.ts';
import { resolveMenu, type SidebarItem } from './menu-model.ts';
import { SidebarMenu } from './SidebarMenu.tsx';

function signInAs(
  role: 'owner' | 'member',
  permissions: string[],
  planTag: string | null = null,
  subscription: Partial<Subscription> = {},
) {
  const workspace = { ...WORKSPACES[0]!, role };
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf(workspace, permissions));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions })],
    'GET /v1/subscription/current': [ok(subscriptionFixture({ plan_tag: planTag, ...subscription }))],
  });
}

describe('organization sidebar', () => {
  it('hides admin-only items from members and locks items without permission', async () => {
    signInAs('member', ['conversation_read']);
    await renderApp('/app/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    expect(within(sidebar).getByText('First Org')).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/app/chat/chat');
    for (const hidden of ['Channel', 'Members', 'Teams', 'Salesforce', 'Account data sync', 'Wallet', 'Settings']) {
      expect(within(sidebar).queryByText(hidden)).not.toBeInTheDocument();
    }
    expect(within(sidebar).getByRole('link', { name: 'Switch organization' })).toBeInTheDocument();

    await waitFor(() => expect(within(sidebar).queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument());
    const customers = within(sidebar).getByText('Customers');
    expect(customers.closest('[data-locked]')).not.toBeNull();
    await userEvent.setup().hover(customers);
    expect(await screen.findByText('missing permissions: Customers · Read')).toBeInTheDocument();
    expect(screen.queryByText(/customer_read/)).not.toBeInTheDocument();
  });

  it("names the missing permission in the reader's language, never by its key", async () => {
    signInAs('member', ['conversation_read']);
    await i18n.changeLanguage('zh-hk');
    await renderApp('/app/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    await waitFor(() => expect(within(sidebar).queryByRole('link', { name: '客戶' })).not.toBeInTheDocument());
    await userEvent.setup().hover(within(sidebar).getByText('客戶'));
    expect(await screen.findByText('缺少權限：客戶 · 讀取')).toBeInTheDocument();
    expect(screen.queryByText(/customer_read/)).not.toBeInTheDocument();
  });

  it('shows every item to an owner, unlocked', async () => {
    signInAs('owner', []);
    await renderApp('/app/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    for (const name of [
      'Chat',
      'Channel',
      'WhatsApp template',
      'Customers',
      'Workflow',
      'Members',
      'Teams',
      'Wallet',
      'Settings',
    ]) {
      expect(within(sidebar).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(sidebar).getByRole('link', { name: 'Account data sync' })).toHaveAttribute(
      'href',
      '/app/salesforce/accounts',
    );
  });

  it('with billing on, locks the items of features the plan lacks: "please upgrade your plan"', async () => {
    signInAs('owner', [], 'basic', { billing_enabled: true, status: 'active', features: ['broadcast'] });
    await renderApp('/app/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    await waitFor(() => expect(within(sidebar).queryByRole('link', { name: 'Workflow' })).not.toBeInTheDocument());
    const workflow = within(sidebar).getByText('Workflow');
    expect(workflow.closest('[data-locked]')).not.toBeNull();
    expect(within(sidebar).getByText('Account data sync').closest('[data-locked]')).not.toBeNull();
    expect(within(sidebar).getByText('App credential').closest('[data-locked]')).not.toBeNull();
    expect(within(sidebar).getByRole('link', { name: 'WhatsApp broadcast' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Chat' })).toBeInTheDocument();
    await userEvent.setup().hover(workflow);
    expect(await screen.findByText('please upgrade your plan')).toBeInTheDocument();
  });

  it('with billing on, locks "CS agents" for a plan without cs_agent, and opens it for one with it', async () => {
    signInAs('owner', [], 'basic', { billing_enabled: true, status: 'active', features: ['broadcast'] });
    const first = await renderApp('/app/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    await waitFor(() => expect(within(sidebar).queryByRole('link', { name: 'CS agents' })).not.toBeInTheDocument());
    const agents = within(sidebar).getByText('CS agents');
    expect(agents.closest('[data-locked]')).not.toBeNull();
    await userEvent.setup().hover(agents);
    expect(await screen.findByText('please upgrade your plan')).toBeInTheDocument();
    first.unmount();

    signInAs('owner', [], 'pro', { billing_enabled: true, status: 'active', features: ['cs_agent'] });
    await renderApp('/app/dashboard');
    const unlocked = await screen.findByRole('navigation', { name: 'sidebar' });
    expect(await within(unlocked).findByRole('link', { name: 'CS agents' })).toHaveAttribute('href', '/app/cs-agents');
  });

  it('locks "CS agents" for a member without cs_agent_read', async () => {
    signInAs('member', ['conversation_read']);
    await renderApp('/app/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    await waitFor(() => expect(within(sidebar).queryByRole('link', { name: 'CS agents' })).not.toBeInTheDocument());
    expect(within(sidebar).getByText('CS agents').closest('[data-locked]')).not.toBeNull();
  });

  it('with billing off, locks nothing for a plan, whatever the plan', async () => {
    signInAs('owner', [], null, { billing_enabled: false, features: [] });
    await renderApp('/app/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    expect(await within(sidebar).findByRole('link', { name: 'Workflow' })).toHaveAttribute('href', '/app/workflow');
    expect(within(sidebar).getByRole('link', { name: 'WhatsApp broadcast' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Account data sync' })).toBeInTheDocument();
  });

  it('highlights the item whose link is the current path', async () => {
    signInAs('member', ['conversation_read']);
    await renderApp('/app/chat/chat');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    const item = within(sidebar).getByRole('link', { name: 'Chat' }).closest('li');
    expect(item).toHaveClass('ant-menu-item-selected');
    const dashboard = within(sidebar).getByRole('link', { name: 'Dashboard' }).closest('li');
    expect(dashboard).not.toHaveClass('ant-menu-item-selected');
  });

  it('tells a member who opens a locked page which permission is missing', async () => {
    signInAs('member', []);
    await renderApp('/app/workflow');
    expect(await screen.findByText('missing permissions: Workflows · Read')).toBeInTheDocument();
  });

  it('tells it in Chinese on a locked page', async () => {
    signInAs('member', []);
    await i18n.changeLanguage('zh-hk');
    await renderApp('/app/workflow');
    expect(await screen.findByText('缺少權限：工作流程 · 讀取')).toBeInTheDocument();
    expect(screen.queryByText(/workflow_read/)).not.toBeInTheDocument();
  });
});

describe('menu rules', () => {
  const items: SidebarItem[] = [
    { key: 'a', name: 'a', link: '/a', requiredPermission: ['x_read', 'y_read'] },
    { key: 'b', name: 'b', link: '/b', requiredSubscribedPlan: ['pro'] },
    { key: 'c', name: 'c', items: [{ key: 'd', name: 'd', link: '/d', adminOnly: true }] },
  ];

  it('locks by plan with "please upgrade your plan" and drops groups left empty', () => {
    const member = resolveMenu(items, { isAdmin: false, permissions: ['y_read'], planTag: 'basic' });
    expect(member.map((item) => item.key)).toEqual(['a', 'b']);
    expect(member[0]?.lock).toBeNull();
    expect(member[1]?.lock).toEqual({ reason: 'plan' });
    const admin = resolveMenu(items, { isAdmin: true, permissions: [], planTag: 'pro' });
    expect(admin.map((item) => [item.key, item.lock])).toEqual([
      ['a', null],
      ['b', null],
      ['c', null],
    ]);
    const none = resolveMenu(items, { isAdmin: false, permissions: [], planTag: null });
    expect(none[0]?.lock).toEqual({ reason: 'permission', missing: ['x_read', 'y_read'] });
  });

  it('names every permission that would open an item, any one being enough', async () => {
    const resolved = resolveMenu(items, { isAdmin: false, permissions: [], planTag: null });
    renderWithProviders(<SidebarMenu items={resolved} />);
    await userEvent.setup().hover(screen.getByText('a'));
    // keys the app does not know stay as they are
    expect(await screen.findByText('missing permissions: x_read or y_read')).toBeInTheDocument();
  });

  it('shows "please upgrade your plan" on a plan-locked item, even for admins', async () => {
    const resolved = resolveMenu(items, { isAdmin: true, permissions: [], planTag: null });
    renderWithProviders(<SidebarMenu items={resolved} />);
    const locked = screen.getByText('b');
    expect(locked.closest('[data-locked]')).not.toBeNull();
    await userEvent.setup().hover(locked);
    expect(await screen.findByText('please upgrade your plan')).toBeInTheDocument();
  });
});
