import { NOTIFICATION_SOCKET_PATH } from '@omnichat/contracts';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { NotificationSocket, SOCKET_PATH } from './notification-socket.ts';
import { notification, result } from './test-helpers.ts';

const TOKEN = 'secret-org-token';
const QUERY = '{"type":"query","data":{"page":1,"size":10,"field":"created_at","asc":false}}';

/** `ticket-1`, `ticket-2`… as the server would hand them out. */
function tickets(): Mock<() => Promise<string>> {
  let issued = 0;
  return vi.fn(async () => `ticket-${++issued}`);
}

function makeSocket(getTicket: Mock<() => Promise<string>> = tickets()) {
  const socket = new NotificationSocket({
    getToken: () => TOKEN,
    getTicket,
    WebSocketImpl: FakeWebSocket,
    url: () => 'ws://chat.example/v1/ws/system-notification',
  });
  return { socket, getTicket };
}

/** Moves the clock on and lets the tickets asked for meanwhile arrive. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

async function connected() {
  const { socket, getTicket } = makeSocket();
  socket.connect('org-1');
  await advance(0);
  const ws = FakeWebSocket.latestNotification();
  ws.open();
  return { socket, ws, getTicket };
}

describe('NotificationSocket', () => {
  let logged: unknown[][];

  beforeEach(() => {
    vi.useFakeTimers();
    logged = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args));
    }
  });

  afterEach(() => {
    // the token never reaches the console nor a socket's URL (which the browser prints), whatever happened
    expect(JSON.stringify(logged.map((args) => args.map(String)))).not.toContain(TOKEN);
    for (const ws of FakeWebSocket.notificationInstances) expect(ws.url).not.toContain(TOKEN);
    vi.restoreAllMocks();
  });

  it('connects with a one-time ticket (never the token) and sends the exact first query on open', async () => {
    const { socket, ws } = await connected();
    expect(new URL(ws.url).pathname).toBe('/v1/ws/system-notification');
    expect(SOCKET_PATH).toBe(NOTIFICATION_SOCKET_PATH);
    expect(new URL(ws.url).searchParams.get('token')).toBe('ticket-1');
    expect(ws.sent).toEqual([QUERY]);
    expect(socket.getState().isLoading).toBe(true);
    ws.receive(result([notification(1)], 1));
    expect(socket.getState()).toMatchObject({ unread_count: 1, total: 1, page: 1, isLoading: false, error: null });
    expect(socket.getState().notifications[0]?.title).toBe('Title 1');
    socket.disconnect();
  });

  it('pings every 7 s and polls every 5 s while open, and stops after a manual close', async () => {
    const { socket, ws } = await connected();
    ws.sent.length = 0;
    await advance(4999);
    expect(ws.sent).toEqual([]);
    await advance(1);
    expect(ws.sent).toEqual([QUERY]);
    await advance(2000);
    expect(ws.sent).toEqual([QUERY, '{"type":"ping"}']);
    await advance(7000);
    expect(ws.sent.filter((m) => m === QUERY)).toHaveLength(2);
    expect(ws.sent.filter((m) => m === '{"type":"ping"}')).toHaveLength(2);
    socket.disconnect();
    expect(ws.closeCode).toBe(1000);
    const before = ws.sent.length;
    await advance(30_000);
    expect(ws.sent).toHaveLength(before);
  });

  it('reconnects 1 s after a close, at most 5 times in a row, and starts counting again after an open', async () => {
    const { socket, ws } = await connected();
    ws.serverClose(1006);
    await advance(999);
    expect(FakeWebSocket.notificationInstances).toHaveLength(1);
    await advance(1);
    expect(FakeWebSocket.notificationInstances).toHaveLength(2);
    // back: the count starts again
    FakeWebSocket.latestNotification().open();
    expect(FakeWebSocket.latestNotification().sent).toEqual([QUERY]);
    FakeWebSocket.latestNotification().serverClose(1006);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await advance(1000);
      expect(FakeWebSocket.notificationInstances).toHaveLength(2 + attempt);
      FakeWebSocket.latestNotification().fail();
    }
    await advance(60_000);
    expect(FakeWebSocket.notificationInstances).toHaveLength(7);
    // every connection with a ticket of its own: a used one opens nothing
    const used = FakeWebSocket.notificationInstances.map((ws) => new URL(ws.url).searchParams.get('token'));
    expect(new Set(used).size).toBe(7);
    expect(socket.getState()).toMatchObject({ isLoading: false, error: { key: 'connect' } });
    socket.disconnect();
  });

  it('stays away when the ticket is refused, retries when it cannot be had, and opens nothing once disconnected', async () => {
    for (const status of [401, 403]) {
      const refused = makeSocket(vi.fn(() => Promise.reject(Object.assign(new Error('refused'), { status }))));
      refused.socket.connect('org-1');
      await advance(10_000);
      expect(refused.getTicket).toHaveBeenCalledTimes(1);
      expect(FakeWebSocket.notificationInstances).toHaveLength(0);
      refused.socket.disconnect();
    }
    let asked = 0;
    const flaky = makeSocket(
      vi.fn(async (): Promise<string> => {
        if (++asked === 1) throw Object.assign(new Error('Network Error'), { status: 0 });
        return `ticket-${asked}`;
      }),
    );
    flaky.socket.connect('org-1');
    await advance(999);
    expect(FakeWebSocket.notificationInstances).toHaveLength(0);
    await advance(1);
    expect(FakeWebSocket.latestNotification().url).toContain('token=ticket-2');
    flaky.socket.disconnect();

    const { socket, getTicket } = makeSocket();
    socket.connect('org-1');
    socket.disconnect();
    await advance(10_000);
    expect(getTicket).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.notificationInstances).toHaveLength(1);
  });

  it('does not come back after the server refuses the token', async () => {
    const { socket, ws } = await connected();
    ws.serverClose(4401);
    await advance(10_000);
    expect(FakeWebSocket.notificationInstances).toHaveLength(1);
    socket.disconnect();
  });

  it('sends the actions and shows a read at once', async () => {
    const { socket, ws } = await connected();
    ws.receive(result([notification(1), notification(2, { read: true })], 1, 2));
    ws.sent.length = 0;
    const id = notification(1).id;
    socket.read(id);
    expect(socket.getState().unread_count).toBe(0);
    expect(socket.getState().notifications[0]?.read).toBe(true);
    socket.pin(id);
    socket.remove(id);
    socket.removeRead();
    socket.removeAll();
    expect(ws.sent).toEqual([
      `{"type":"read","data":{"notification_id":"${id}"}}`,
      `{"type":"pin","data":{"notification_id":"${id}"}}`,
      `{"type":"delete","data":{"notification_id":"${id}"}}`,
      '{"type":"remove-read"}',
      '{"type":"remove-any"}',
    ]);
    socket.disconnect();
  });

  it('maps failures to the error of what was asked', async () => {
    const { socket, ws } = await connected();
    ws.receive({ type: 'error', success: false, error: 'page too large', trace_id: 't1' });
    expect(socket.getState().error).toEqual({ key: 'query', detail: 'page too large' });
    socket.pin(notification(1).id);
    expect(socket.getState().error).toBeNull();
    ws.receive({ type: 'error', success: false, error: 'notification not found', trace_id: 't2' });
    expect(socket.getState().error).toEqual({ key: 'pin' });
    ws.receive('not json');
    expect(socket.getState().error).toEqual({ key: 'invalid' });
    ws.receive({ type: 'query', success: true, data: {} });
    expect(socket.getState().error).toEqual({ key: 'invalid' });
    ws.receive({ type: 'pong', time: 1_700_000_000_000 });
    expect(socket.getState().error).toEqual({ key: 'invalid' });

    ws.serverClose(1006);
    expect(socket.removeAll()).toBe(false);
    expect(socket.getState().error).toEqual({ key: 'remove-any' });
    socket.setPage(2);
    expect(socket.getState().error).toEqual({ key: 'sendQuery' });
    socket.disconnect();
  });

  it('pages, keeps the shown page when page 1 is pushed, and asks for it once', async () => {
    const { socket, ws } = await connected();
    ws.receive(result([notification(1)], 3, 15));
    ws.sent.length = 0;
    socket.setPage(2);
    expect(ws.sent).toEqual([QUERY.replace('"page":1', '"page":2')]);
    ws.receive(result([notification(11)], 3, 15, 2));
    expect(socket.getState()).toMatchObject({ page: 2, isLoading: false });
    ws.sent.length = 0;
    // another tab read one: the server pushes page 1
    ws.receive(result([notification(1, { read: true })], 2, 15, 1));
    expect(socket.getState()).toMatchObject({ page: 2, unread_count: 2 });
    expect(socket.getState().notifications[0]?.title).toBe('Title 11');
    ws.receive(result([notification(1, { read: true })], 2, 15, 1));
    expect(ws.sent).toEqual([QUERY.replace('"page":1', '"page":2')]);
    // everything went: back to the last page there is
    ws.receive(result([], 0, 0, 2));
    expect(socket.getState().page).toBe(1);
    socket.disconnect();
  });
});
