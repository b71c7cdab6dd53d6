import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { STORAGE_KEYS, session, writeString } from '../storage.ts';
import { GeneralSocket } from './general-socket.ts';
import { SocketError, type SocketState, traceLine } from './protocol.ts';

const TOKEN = 'tok en/1';

/** `ticket-1`, `ticket-2`… as the server would hand them out. */
function tickets(): Mock<() => Promise<string>> {
  let issued = 0;
  return vi.fn(async () => `ticket-${++issued}`);
}

function makeSocket(getTicket: Mock<() => Promise<string>> = tickets()) {
  const notify = vi.fn();
  const socket = new GeneralSocket({
    getToken: session.token,
    getTicket,
    getLocale: () => 'en',
    notify,
    WebSocketImpl: FakeWebSocket,
    url: () => 'ws://chat.example/v1/ws',
  });
  const states: SocketState[] = [];
  socket.subscribe((state) => states.push(state));
  return { socket, notify, states, getTicket };
}

/** Lets the ticket on its way arrive (and timers due now run). */
const settle = () => vi.advanceTimersByTimeAsync(0);
/** Moves the clock on and lets the tickets asked for meanwhile arrive. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Connects and lets the fake server accept. */
async function connected() {
  const made = makeSocket();
  made.socket.connect();
  await settle();
  FakeWebSocket.latest().open();
  return { ...made, ws: FakeWebSocket.latest() };
}

describe('GeneralSocket', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  let error: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers();
    writeString(STORAGE_KEYS.token, TOKEN);
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    // the session token reaches neither a socket's URL (which the browser prints) nor the console
    for (const ws of FakeWebSocket.instances) expect(decodeURIComponent(ws.url)).not.toContain(TOKEN);
    expect(JSON.stringify([...error.mock.calls, ...warn.mock.calls].map((args) => args.map(String)))).not.toContain(
      TOKEN,
    );
    vi.restoreAllMocks();
  });

  it('refuses to connect without a stored token and creates no socket', () => {
    writeString(STORAGE_KEYS.token, null);
    const { socket, states, getTicket } = makeSocket();
    expect(() => socket.connect()).toThrow('No authentication token found in localStorage');
    expect(getTicket).not.toHaveBeenCalled();
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(socket.state).toBe('closed');
    expect(states).toEqual([]);
  });

  it('connects with a one-time ticket as the token parameter, never the token itself, and reports its states', async () => {
    const { socket, states, getTicket } = makeSocket();
    socket.connect();
    expect(socket.state).toBe('connecting');
    // connecting again while the ticket is on its way changes nothing
    socket.connect();
    await settle();
    expect(getTicket).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.latest().url).toBe('ws://chat.example/v1/ws?token=ticket-1&locale=en');
    socket.connect();
    expect(FakeWebSocket.instances).toHaveLength(1);
    FakeWebSocket.latest().open();
    expect(socket.state).toBe('connected');
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('opens nothing when disconnected while the ticket is on its way', async () => {
    const { socket, states } = makeSocket();
    socket.connect();
    socket.disconnect();
    await advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(socket.state).toBe('closed');
    expect(states).toEqual(['connecting', 'closed']);
  });

  it('stays closed when the ticket is refused (401, 403) and retries with backoff when it cannot be had', async () => {
    for (const status of [401, 403]) {
      const refused = makeSocket(vi.fn(() => Promise.reject(Object.assign(new Error('refused'), { status }))));
      refused.socket.connect();
      await advance(60_000);
      expect(refused.getTicket).toHaveBeenCalledTimes(1);
      expect(refused.socket.state).toBe('closed');
      expect(refused.notify).not.toHaveBeenCalled();
    }
    const getTicket = vi.fn(async (): Promise<string> => {
      if (getTicket.mock.calls.length < 3) throw Object.assign(new Error('Network Error'), { status: 0 });
      return 'ticket-3';
    });
    const { socket } = makeSocket(getTicket);
    socket.connect();
    await settle();
    expect(socket.state).toBe('connecting');
    await advance(1000);
    expect(getTicket).toHaveBeenCalledTimes(2);
    await advance(2000);
    expect(getTicket).toHaveBeenCalledTimes(3);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.latest().url).toContain('token=ticket-3');
    expect(error).toHaveBeenCalledWith('WebSocket connection error');
    FakeWebSocket.latest().open();
    expect(socket.state).toBe('connected');
  });

  it('pings every 7000 ms while open and stops after the close', async () => {
    const { socket, ws } = await connected();
    await advance(6999);
    expect(ws.sent).toEqual([]);
    await advance(1);
    expect(ws.messages()).toEqual([{ action: 'ping' }]);
    await advance(14_000);
    expect(ws.messages()).toEqual([{ action: 'ping' }, { action: 'ping' }, { action: 'ping' }]);
    socket.disconnect();
    await advance(21_000);
    expect(ws.sent).toHaveLength(3);
  });

  it('handles pong itself', async () => {
    const { socket, ws, notify } = await connected();
    const handler = vi.fn();
    socket.on('other', handler);
    ws.receive({ action: 'pong', data: { time: 1_700_000_000_123 } });
    expect(socket.lastPong).toBe(1_700_000_000_123);
    expect(handler).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('routes each message to the handlers of its action', async () => {
    const { socket, ws } = await connected();
    const created = vi.fn();
    const other = vi.fn();
    const off = socket.on('conversation.created', created);
    socket.on('other', other);
    const message = { action: 'conversation.created', success: true, data: { id: 'c1' } };
    ws.receive(message);
    expect(created).toHaveBeenCalledWith(message);
    expect(other).not.toHaveBeenCalled();
    off();
    ws.receive(message);
    expect(created).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('only warns about a message without a handler', async () => {
    const { ws, notify } = await connected();
    ws.receive({ action: 'mystery', success: true, data: {} });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mystery'), expect.anything());
    expect(notify).not.toHaveBeenCalled();
  });

  it('reports a message that is not JSON', async () => {
    const { ws, notify } = await connected();
    ws.receive('not json {');
    expect(notify).toHaveBeenCalledWith('error', 'Failed to parse server message', []);
    expect(error).toHaveBeenCalledWith('Failed to parse server message', 'not json {');
  });

  it('reports success:false with its trace id and still delivers it to the handler', async () => {
    const { socket, ws, notify } = await connected();
    const handler = vi.fn();
    socket.on('unknown.thing', handler);
    const message = { action: 'unknown.thing', success: false, error: 'unknown action', trace_id: 'tr-9' };
    ws.receive(message);
    expect(notify).toHaveBeenCalledWith('error', 'unknown action', ['Trace: #tr-9']);
    expect(handler).toHaveBeenCalledWith(message);
    expect(traceLine('tr-9', 'zh-hk')).toBe('追蹤碼：#tr-9');
  });

  it('refuses to send while not open', async () => {
    const { socket } = makeSocket();
    expect(() => socket.send('x', {})).toThrow('WebSocket is not connected');
    expect(error).toHaveBeenCalledWith('WebSocket is not connected', 'x');
    socket.connect();
    // waiting for the ticket, then for the server
    expect(() => socket.send('x')).toThrow(SocketError);
    await settle();
    expect(() => socket.send('x')).toThrow(SocketError);
    expect(FakeWebSocket.latest().send).not.toHaveBeenCalled();
  });

  it('sends action plus data', async () => {
    const { socket, ws } = await connected();
    socket.send('typing', { conversation_id: 'c1' });
    socket.send('bare');
    expect(ws.messages()).toEqual([{ action: 'typing', data: { conversation_id: 'c1' } }, { action: 'bare' }]);
  });

  it('matches replies to requests by request_id', async () => {
    const { socket, ws, notify } = await connected();
    const first = socket.request<{ n: number }>('count', { q: 1 });
    const second = socket.request('fail');
    const [a, b] = ws.messages();
    expect(a).toMatchObject({ action: 'count', data: { q: 1 } });
    expect(a?.request_id).toBeTruthy();
    expect(b?.request_id).not.toBe(a?.request_id);
    ws.receive({ action: 'fail', request_id: b?.request_id, success: false, error: 'nope', trace_id: 't2' });
    ws.receive({ action: 'count', request_id: a?.request_id, success: true, data: { n: 3 } });
    await expect(first).resolves.toEqual({ n: 3 });
    await expect(second).rejects.toMatchObject({ message: 'nope', traceId: 't2', action: 'fail' });
    expect(notify).toHaveBeenCalledWith('error', 'nope', ['Trace: #t2']);
    expect(warn).not.toHaveBeenCalled();
    await expect(makeSocket().socket.request('x')).rejects.toThrow('WebSocket is not connected');
  });

  it('rejects pending requests when the socket closes', async () => {
    const { socket, ws } = await connected();
    const pending = socket.request('slow');
    ws.serverClose(1006);
    await expect(pending).rejects.toThrow('WebSocket is not connected');
    socket.disconnect();
  });

  it('reconnects after 1, 2, 4, 8 and 16 s, each time with a fresh ticket, then gives up', async () => {
    const { socket, notify, getTicket } = await connected();
    FakeWebSocket.latest().serverClose(1006);
    expect(socket.state).toBe('connecting');
    for (const delay of [1000, 2000, 4000, 8000, 16_000]) {
      const before = FakeWebSocket.instances.length;
      await advance(delay - 1);
      expect(FakeWebSocket.instances).toHaveLength(before);
      await advance(1);
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
      expect(notify).not.toHaveBeenCalled();
      FakeWebSocket.latest().fail();
    }
    expect(error).toHaveBeenCalledWith('WebSocket connection error');
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('error', 'Failed to connect to WebSocket', []);
    expect(socket.state).toBe('closed');
    await advance(120_000);
    expect(FakeWebSocket.instances).toHaveLength(6);
    expect(getTicket).toHaveBeenCalledTimes(6);
    expect(FakeWebSocket.instances.map((ws) => new URL(ws.url).searchParams.get('token'))).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `ticket-${n}`),
    );
  });

  it('starts the backoff again after a successful open', async () => {
    const { socket } = await connected();
    FakeWebSocket.latest().serverClose(1006);
    await advance(1000);
    FakeWebSocket.latest().fail();
    await advance(2000);
    FakeWebSocket.latest().open();
    expect(socket.state).toBe('connected');
    FakeWebSocket.latest().serverClose(1011);
    await advance(1000);
    expect(FakeWebSocket.instances).toHaveLength(4);
    expect(FakeWebSocket.latest().url).toContain('token=ticket-4');
  });

  it('closes with 1000 on disconnect and never reconnects', async () => {
    const { socket, ws, states } = await connected();
    socket.disconnect();
    expect(ws.close).toHaveBeenCalledWith(1000);
    expect(socket.state).toBe('closed');
    expect(states).toEqual(['connecting', 'connected', 'closed']);
    await advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('cancels a scheduled reconnect on disconnect', async () => {
    const { socket } = await connected();
    FakeWebSocket.latest().serverClose(1006);
    socket.disconnect();
    await advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.state).toBe('closed');
  });

  it('does not reconnect after close code 4401', async () => {
    const { socket, ws, notify } = await connected();
    ws.serverClose(4401);
    expect(socket.state).toBe('closed');
    await advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('does not reconnect after close code 4403 (membership ended)', async () => {
    const { socket, ws } = await connected();
    ws.serverClose(4403);
    await advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.state).toBe('closed');
  });

  it('reconnects with the newer token when its old one was revoked (password changed in this tab)', async () => {
    const askedWith: (string | null)[] = [];
    const { socket } = makeSocket(
      vi.fn(async () => {
        askedWith.push(session.token());
        return `ticket-${askedWith.length}`;
      }),
    );
    socket.connect();
    await settle();
    FakeWebSocket.latest().open();
    writeString(STORAGE_KEYS.token, 'token-after-password-change');
    FakeWebSocket.latest().serverClose(4401);
    await advance(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().url).toContain('token=ticket-2');
    expect(askedWith).toEqual([TOKEN, 'token-after-password-change']);
  });

  it('replaces the socket when the stored token changes', async () => {
    const { socket, ws, states } = await connected();
    writeString(STORAGE_KEYS.token, 'new-token');
    socket.connect();
    expect(ws.close).toHaveBeenCalledWith(1000);
    await settle();
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().url).toContain('token=ticket-2');
    expect(socket.state).toBe('connecting');
    expect(states).toEqual(['connecting', 'connected', 'connecting']);
  });
});
