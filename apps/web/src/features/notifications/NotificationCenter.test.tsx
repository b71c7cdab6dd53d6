import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n/index.ts';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, WORKSPACES } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { NotificationCenter } from './NotificationCenter.tsx';
import { stubPush } from './push-stub.ts';
import { notification, result } from './test-helpers.ts';

type Sent = { type: string; data?: { notification_id?: string } };
const sent = (ws: FakeWebSocket) => ws.sent.map((text) => JSON.parse(text) as Sent);

/** The bell of a signed-in member, its socket open (with a ticket from the stubbed server, never the token). */
async function renderBell() {
  const view = renderWithProviders(<NotificationCenter />, '/app/dashboard');
  await waitFor(() => expect(FakeWebSocket.notificationInstances).toHaveLength(1));
  const ws = FakeWebSocket.latestNotification();
  expect(new URL(ws.url).searchParams.get('token')).toBe('ticket-1');
  act(() => ws.open());
  return { ...view, ws };
}

async function openPanel() {
  fireEvent.click(screen.getByLabelText(/^notifications( \(\d+\+?\))?$/));
  return screen.findByText('Notifications');
}

describe('notification bell and panel', () => {
  beforeEach(() => {
    writeString(STORAGE_KEYS.token, 'org-token');
    writeString(STORAGE_KEYS.loginType, 'system_user');
    storeWorkspaceMember(memberOf(WORKSPACES[0]!, []));
    stubFetch({});
  });

  it('opens no socket without an organization-bound token', () => {
    writeString(STORAGE_KEYS.workspaceMember, null);
    renderWithProviders(<NotificationCenter />);
    expect(FakeWebSocket.notificationInstances).toHaveLength(0);
  });

  it('shows 99+ above 99 unread, and a count pushed by the server (another tab read one)', async () => {
    const { ws } = await renderBell();
    act(() => ws.receive(result([notification(1)], 120, 120)));
    expect(screen.getByText('99+')).toBeInTheDocument();
    expect(screen.getByLabelText('notifications (99+)')).toBeInTheDocument();
    act(() => ws.receive(result([notification(1, { read: true })], 7, 120)));
    expect(screen.getByLabelText('notifications (7)')).toBeInTheDocument();
    expect(screen.queryByText('99+')).not.toBeInTheDocument();
  });

  it('marks a clicked notification read and opens its page', async () => {
    const { ws, router } = await renderBell();
    act(() => ws.receive(result([notification(1), notification(2, { pinned: true })], 2)));
    await openPanel();
    expect(screen.getByText('2 unread')).toBeInTheDocument();
    expect(screen.getByLabelText('Pinned')).toBeInTheDocument();
    expect(screen.getByText('Content 1')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Title 1'));
    expect(sent(ws).at(-1)).toEqual({ type: 'read', data: { notification_id: notification(1).id } });
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/app/chat/chat?c=1'),
    );
    expect(screen.getByLabelText('notifications (1)')).toBeInTheDocument();
  });

  it('pins, deletes, and clears read ones only when some are read', async () => {
    const { ws } = await renderBell();
    act(() => ws.receive(result([notification(1), notification(2)], 2)));
    await openPanel();
    const clearRead = screen.getByText('Clear read').closest('button')!;
    expect(clearRead).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Pin: Title 2'));
    fireEvent.click(screen.getByLabelText('Delete: Title 1'));
    expect(sent(ws).slice(-2)).toEqual([
      { type: 'pin', data: { notification_id: notification(2).id } },
      { type: 'delete', data: { notification_id: notification(1).id } },
    ]);
    act(() => ws.receive(result([notification(2, { read: true, pinned: true })], 0)));
    expect(screen.getByLabelText('Unpin: Title 2')).toBeInTheDocument();
    expect(clearRead).toBeEnabled();
    fireEvent.click(clearRead);
    expect(sent(ws).at(-1)).toEqual({ type: 'remove-read' });
  });

  it('asks with the SPEC text before deleting all', async () => {
    const { ws } = await renderBell();
    act(() => ws.receive(result([notification(1)], 1)));
    await openPanel();
    const user = userEvent.setup();
    await user.click(screen.getByText('Clear all'));
    expect(
      await screen.findByText('are you sure you want to delete all notifications? This action cannot be undone'),
    ).toBeInTheDocument();
    expect(screen.getByText('Pinned notifications are kept.')).toBeInTheDocument();
    expect(sent(ws).some((m) => m.type === 'remove-any')).toBe(false);
    await user.click(screen.getByText('Delete'));
    await waitFor(() => expect(sent(ws).at(-1)).toEqual({ type: 'remove-any' }));
    act(() => ws.receive(result([], 0)));
    expect(await screen.findByText('no data available')).toBeInTheDocument();
  });

  it('marks all read beside "Clear read": the count drops at once and follows the server', async () => {
    const { ws } = await renderBell();
    act(() => ws.receive(result([notification(1), notification(2), notification(3, { read: true })], 2)));
    await openPanel();
    expect(screen.getByLabelText('notifications (2)')).toBeInTheDocument();
    const user = userEvent.setup();
    const readAll = screen.getByRole('button', { name: 'Mark all read' });
    await user.click(readAll);
    expect(sent(ws).at(-1)).toEqual({ type: 'read-all' });
    expect(screen.getByLabelText('notifications')).toBeInTheDocument();
    expect(screen.queryByText('2 unread')).not.toBeInTheDocument();
    expect(readAll).toBeDisabled();
    // a new message later: the server's push brings the count back
    act(() => ws.receive(result([notification(4), notification(1, { read: true })], 1, 4)));
    expect(screen.getByLabelText('notifications (1)')).toBeInTheDocument();
    expect(readAll).toBeEnabled();
    await user.click(readAll);
    act(() => ws.receive({ type: 'error', success: false, error: 'nope', trace_id: 't' }));
    expect(screen.getByText('Failed to mark all notifications as read')).toBeInTheDocument();
  });

  it("shows a conversation's new messages as one item: how many, and the latest one's preview", async () => {
    const { ws } = await renderBell();
    const merged = notification(1, { title: '3 new messages from Mei Ling Chan', content: 'Is it ready?', count: 3 });
    act(() => ws.receive(result([merged, notification(2, { read: true })], 1)));
    await openPanel();
    const item = screen.getByLabelText('3 new messages from Mei Ling Chan').closest('[data-notification-id]')!;
    expect(item).toHaveTextContent('Is it ready?');
    expect(item.querySelector('[title="3 new messages"]')).toHaveTextContent('3');
    // a single message's item carries no count
    const single = screen.getByLabelText('Title 2').closest('[data-notification-id]')!;
    expect(single.querySelector('[title$="new messages"]')).toBeNull();
    expect(screen.getByLabelText('notifications (1)')).toBeInTheDocument();
  });

  it('shows the SPEC error texts, and "Unknown time" for a time it cannot read', async () => {
    const { ws } = await renderBell();
    const odd = { ...notification(1), created_at: 'yesterday-ish' as unknown as number };
    act(() => ws.receive(result([odd, notification(3)], 2)));
    await openPanel();
    expect(screen.getByText('Unknown time')).toBeInTheDocument();
    expect(screen.getByText('3 minutes ago')).toBeInTheDocument();
    act(() => ws.receive({ type: 'error', success: false, error: 'database unavailable', trace_id: 't' }));
    expect(screen.getByText('Query failed: database unavailable')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Delete: Title 3'));
    act(() => ws.receive({ type: 'error', success: false, error: 'nope', trace_id: 't' }));
    expect(screen.getByText('Failed to delete notification')).toBeInTheDocument();
    act(() => ws.receive('{broken'));
    expect(screen.getByText('Invalid response format')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh-hk'));
    expect(screen.getByText('回應格式無效')).toBeInTheDocument();
    expect(screen.getByText('未知時間')).toBeInTheDocument();
    expect(screen.getByText('3 分鐘前')).toBeInTheDocument();
  });

  it('pages by 10', async () => {
    const { ws } = await renderBell();
    const first = Array.from({ length: 10 }, (_, i) => notification(i + 1));
    act(() => ws.receive(result(first, 12, 12)));
    await openPanel();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Next page'));
    expect(JSON.parse(ws.sent.at(-1)!)).toEqual({
      type: 'query',
      data: { page: 2, size: 10, field: 'created_at', asc: false },
    });
    act(() => ws.receive(result([notification(11), notification(12)], 12, 12, 2)));
    expect(await screen.findByText('Title 12')).toBeInTheDocument();
    expect(screen.queryByText('Title 1')).not.toBeInTheDocument();
  });

  it('asks for push about a second after load and subscribes once granted', async () => {
    const browser = stubPush({ permission: 'default', answer: 'granted' });
    const { callsTo } = stubFetch({
      'GET /v1/web-push/public-key': [ok({ publicKey: 'BAAAAAAAAAAAAAAAAAAAAAAAAAAA' })],
      'POST /v1/web-push/register': [ok({ message: 'ok' })],
    });
    try {
      const started = Date.now();
      await renderBell();
      await waitFor(() => expect(browser.Notification.requestPermission).toHaveBeenCalled());
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      await waitFor(() => expect(callsTo('POST', '/v1/web-push/register')).toHaveLength(1));
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    } finally {
      browser.remove();
    }
  });
});
