import { ACCESS_CHANGED_ACTION } from '@omnichat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { ADMIN, memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { STORAGE_KEYS, storeAdmin, storeWorkspaceMember, writeString } from '../storage.ts';
import { getToasts } from '../toast/toast-store.ts';
import { GeneralSocketProvider, useGeneralSocket, useSocketAction } from './GeneralSocketProvider.tsx';
import { GeneralSocket } from './general-socket.ts';
import { generalSocket } from './instance.ts';
import type { ServerMessage } from './protocol.ts';

/** The stored token each ticket was asked for with (the HTTP client sends it), in order. */
let ticketsFor: (string | null)[] = [];

function makeSocket() {
  return new GeneralSocket({
    getToken: () => localStorage.getItem(STORAGE_KEYS.token),
    getTicket: async () => {
      ticketsFor.push(localStorage.getItem(STORAGE_KEYS.token));
      return `ticket-${ticketsFor.length}`;
    },
    getLocale: () => 'en',
    notify: vi.fn(),
    WebSocketImpl: FakeWebSocket,
    url: () => 'ws://chat.example/v1/ws',
  });
}

function Probe({ onMessage }: { onMessage: (message: ServerMessage<{ id: string }>) => void }) {
  const { state, request } = useGeneralSocket();
  useSocketAction<{ id: string }>('conversation.created', onMessage);
  return (
    <>
      <output aria-label="state">{state}</output>
      <button type="button" onClick={() => void request('whoami').catch(() => undefined)}>
        ask
      </button>
    </>
  );
}

/** The provider needs the app's query cache (pushes make queries stale). */
const render = (ui: ReactNode) =>
  renderBare(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

const tokenOf = (socket: FakeWebSocket) => new URL(socket.url).searchParams.get('token');
/** The newest socket, once its ticket arrived. */
async function opened(count: number) {
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(count));
  return FakeWebSocket.latest();
}

describe('GeneralSocketProvider', () => {
  beforeEach(() => {
    ticketsFor = [];
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('connects for the stored token, shows the state and routes actions to useSocketAction', async () => {
    writeString(STORAGE_KEYS.token, 'first');
    const socket = makeSocket();
    const onMessage = vi.fn();
    const view = render(
      <GeneralSocketProvider socket={socket}>
        <Probe onMessage={onMessage} />
      </GeneralSocketProvider>,
    );
    expect(screen.getByLabelText('state')).toHaveTextContent('connecting');
    const ws = await opened(1);
    expect(tokenOf(ws)).toBe('ticket-1');
    expect(ticketsFor).toEqual(['first']);
    act(() => ws.open());
    expect(screen.getByLabelText('state')).toHaveTextContent('connected');

    await userEvent.setup().click(screen.getByRole('button', { name: 'ask' }));
    expect(ws.messages()[0]).toMatchObject({ action: 'whoami', request_id: expect.any(String) });

    const message = { action: 'conversation.created', success: true, data: { id: 'c1' } };
    act(() => ws.receive(message));
    expect(onMessage).toHaveBeenCalledWith(message);

    view.unmount();
    expect(ws.close).toHaveBeenCalledWith(1000);
    expect(socket.state).toBe('closed');
  });

  it('reconnects for the new token and disconnects when the token is removed', async () => {
    writeString(STORAGE_KEYS.token, 'first');
    const socket = makeSocket();
    render(
      <GeneralSocketProvider socket={socket}>
        <Probe onMessage={vi.fn()} />
      </GeneralSocketProvider>,
    );
    const first = await opened(1);
    act(() => first.open());

    act(() => writeString(STORAGE_KEYS.token, 'second'));
    expect(first.close).toHaveBeenCalledWith(1000);
    const second = await opened(2);
    expect(tokenOf(second)).toBe('ticket-2');
    expect(ticketsFor).toEqual(['first', 'second']);
    act(() => second.open());
    expect(screen.getByLabelText('state')).toHaveTextContent('connected');

    vi.useFakeTimers();
    act(() => writeString(STORAGE_KEYS.token, null));
    expect(second.close).toHaveBeenCalledWith(1000);
    expect(screen.getByLabelText('state')).toHaveTextContent('closed');
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('is connected by the organization layout, with a ticket instead of the token, and closed on logout', async () => {
    writeString(STORAGE_KEYS.token, 'org-token');
    writeString(STORAGE_KEYS.loginType, 'system_user');
    storeWorkspaceMember(memberOf(WORKSPACES[0]!, []));
    const { callsTo } = stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
      'GET /v1/subscription/current': [ok(subscriptionFixture())],
      'POST /v1/auth/logout': [ok({ message: 'ok' })],
    });
    const { router } = await renderApp('/app/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const ws = await opened(1);
    expect(new URL(ws.url).pathname).toBe('/v1/ws');
    // the browser prints this URL when the socket fails: a one-time ticket is there, never the session token
    expect(tokenOf(ws)).toMatch(/^ticket-\d$/);
    expect(ws.url).not.toContain('org-token');
    await waitFor(() => expect(FakeWebSocket.notificationInstances).toHaveLength(1));
    expect(FakeWebSocket.latestNotification().url).not.toContain('org-token');
    // the tickets were asked for with the token, in a header (the general socket's and the notification socket's)
    expect(callsTo('POST', '/v1/ws/ticket').map((call) => call.headers.authorization)).toEqual([
      'Bearer org-token',
      'Bearer org-token',
    ]);
    act(() => ws.open());
    expect(generalSocket.state).toBe('connected');

    act(() => ws.receive({ action: 'x', success: false, error: 'bad thing', trace_id: 'abc' }));
    expect(getToasts()).toEqual([
      expect.objectContaining({ kind: 'error', title: 'bad thing', lines: ['Trace: #abc'] }),
    ]);

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /user menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Logout/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(ws.close).toHaveBeenCalledWith(1000);
    expect(generalSocket.state).toBe('closed');
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("refreshes the membership and refetches what it shows when the server says the member's access changed", async () => {
    const agent = { ...WORKSPACES[0]!, role: 'member' as const };
    writeString(STORAGE_KEYS.token, 'org-token');
    writeString(STORAGE_KEYS.loginType, 'system_user');
    storeWorkspaceMember(memberOf(agent, ['conversation_read']));
    const { callsTo } = stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'GET /v1/workspace/member/self/permission': [
        ok({ permissions: ['conversation_read'] }),
        ok({ permissions: ['conversation_read', 'customer_read'] }),
      ],
      'GET /v1/subscription/current': [ok(subscriptionFixture())],
      'POST /v1/auth/refresh-token': [
        ok({ workspace: memberOf(agent, ['conversation_read']), token: 'org-token' }),
        ok({ workspace: memberOf(agent, ['conversation_read', 'customer_read']), token: 'org-token' }),
      ],
    });
    await renderApp('/app/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'sidebar' });
    // the once-per-visit refresh
    await waitFor(() => expect(callsTo('POST', '/v1/auth/refresh-token')).toHaveLength(1));
    const ws = await opened(1);
    act(() => ws.open());
    await waitFor(() => expect(within(sidebar).queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument());

    act(() => ws.receive({ action: ACCESS_CHANGED_ACTION, success: true }));
    await waitFor(() => expect(callsTo('POST', '/v1/auth/refresh-token')).toHaveLength(2));
    expect(await within(sidebar).findByRole('link', { name: 'Customers' })).toBeInTheDocument();
  });

  it('is connected by the admin layout', async () => {
    writeString(STORAGE_KEYS.token, 'admin-token');
    writeString(STORAGE_KEYS.loginType, 'system_admin');
    writeString(STORAGE_KEYS.role, 'admin');
    storeAdmin(ADMIN);
    stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'GET /v1/admin/self/permission': [ok({ permissions: [] })],
    });
    await renderApp('/admin/dashboard');
    await screen.findByRole('navigation', { name: 'sidebar' });
    expect(tokenOf(await opened(1))).toBe('ticket-1');
    expect(generalSocket.state).toBe('connecting');
  });

  it('is not opened outside the signed-in layouts', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/auth/login');
    await screen.findAllByRole('button');
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
