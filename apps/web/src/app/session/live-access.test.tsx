import { ACCESS_CHANGED_ACTION } from '@omnichat/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../storage.ts';

/**
 * Issue 23, item 7: a member whose role, permissions or teams change sees it in the open app without a reload:
 * the server pushes `self.access_changed`, the layout refreshes the membership and the menu and the page follow.
 */
const owner = WORKSPACES[0]!;
const asMember = { ...owner, role: 'member' as const };

async function openApp(path: string, refreshes: unknown[], permissions: unknown[]) {
  writeString(STORAGE_KEYS.token, 'org-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  const stub = stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': permissions.map((list) => ok({ permissions: list })),
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'POST /v1/auth/refresh-token': refreshes.map((workspace) => ok({ workspace, token: 'org-token' })),
  });
  await renderApp(path);
  const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
  // the once-per-visit refresh, then the socket that carries the push
  await waitFor(() => expect(stub.callsTo('POST', '/v1/auth/refresh-token')).toHaveLength(1));
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const ws = FakeWebSocket.latest();
  act(() => ws.open());
  const push = () => act(() => ws.receive({ action: ACCESS_CHANGED_ACTION, success: true }));
  return { ...stub, sidebar, push };
}

describe('live permissions', () => {
  it('locks the menu item and closes the open page when a permission is taken away', async () => {
    const before = memberOf(asMember, ['template_read', 'conversation_read']);
    const after = memberOf(asMember, ['conversation_read']);
    storeWorkspaceMember(before);
    const { sidebar, push, callsTo } = await openApp(
      '/app/chat/whatsapp-template',
      [before, after],
      [['template_read', 'conversation_read'], ['conversation_read']],
    );
    expect(await within(sidebar).findByRole('link', { name: 'WhatsApp template' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'WhatsApp template' })).toBeInTheDocument();

    push();
    await waitFor(() => expect(callsTo('POST', '/v1/auth/refresh-token')).toHaveLength(2));
    await waitFor(() =>
      expect(within(sidebar).queryByRole('link', { name: 'WhatsApp template' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText(/missing permissions: Templates/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'WhatsApp template' })).not.toBeInTheDocument();
    // still allowed: untouched
    expect(within(sidebar).getByRole('link', { name: 'Chat' })).toBeInTheDocument();
  });

  it('hides the admin-only items and closes an admin page when an admin becomes a member', async () => {
    const before = memberOf(owner);
    const after = memberOf(asMember);
    storeWorkspaceMember(before);
    const { sidebar, push } = await openApp('/app/organization/wallet', [before, after], [[], []]);
    expect(await within(sidebar).findByRole('link', { name: 'Channel' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeInTheDocument();

    push();
    await waitFor(() => expect(within(sidebar).queryByText('Channel')).not.toBeInTheDocument());
    expect(await screen.findByText('you have no permission')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Wallet' })).not.toBeInTheDocument();
  });

  it('opens the page in place when a team gives the permission it lacked', async () => {
    const before = memberOf(asMember, []);
    const after = memberOf(asMember, ['template_read']);
    storeWorkspaceMember(before);
    const { sidebar, push } = await openApp('/app/chat/whatsapp-template', [before, after], [[], ['template_read']]);
    expect(await screen.findByText(/missing permissions: Templates/)).toBeInTheDocument();

    push();
    expect(await screen.findByRole('heading', { name: 'WhatsApp template' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'WhatsApp template' })).toBeInTheDocument();
  });
});
