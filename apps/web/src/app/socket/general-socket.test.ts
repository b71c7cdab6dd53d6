import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { STORAGE_KEYS, session, writeString } from '../storage.ts';
import { GeneralSocket } from './general-socket.ts';
import { SocketError, type SocketState, traceLine } from './protocol.ts';

function makeSocket() {
  const notify = vi.fn();
  const socket = new GeneralSocket({
    getToken: session.token,
    getLocale: () => 'en',
    notify,
    WebSocketImpl: FakeWebSocket,
    url: () => 'ws://chat.example/v1/ws',
  });
  const states: SocketState[] = [];
  socket.subscribe((state) => states.push(state));
  return { socket, notify, states };
}

/** Connects and lets the fake server accept. */
function connected() {
  const made = makeSocket();
  made.socket.connect();
  FakeWebSocket.latest().open();
  return { ...made, ws: FakeWebSocket.latest() };
}

describe('GeneralSocket', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  let error: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers();
    writeString(STORAGE_KEYS.token, 'tok en/1');
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('refuses to connect without a stored token and creates no socket', () => {
    writeString(STORAGE_KEYS.token, null);
    const { socket, states } = makeSocket();
    expect(() => socket.connect()).toThrow('No authentication token found in localStorage');
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(socket.state).toBe('closed');
    expect(states).toEqual([]);
  });

  it('connects with the token as a query parameter and reports its states', () => {
    const { socket, states } = makeSocket();
    socket.connect();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.latest().url).toBe('ws://chat.example/v1/ws?token=tok+en%2F1&locale=en');
    expect(new URL(FakeWebSocket.latest().url).searchParams.get('token')).toBe('tok en/1');
    expect(socket.state).toBe('connecting');
    socket.connect();
    expect(FakeWebSocket.instances).toHaveLength(1);
    FakeWebSocket.latest().open();
    expect(socket.state).toBe('connected');
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('pings every 7000 ms while open and stops after the close', () => {
    const { socket, ws } = connected();
    vi.advanceTimersByTime(6999);
    expect(ws.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ws.messages()).toEqual([{ action: 'ping' }]);
    vi.advanceTimersByTime(14_000);
    expect(ws.messages()).toEqual([{ action: 'ping' }, { action: 'ping' }, { action: 'ping' }]);
    socket.disconnect();
    vi.advanceTimersByTime(21_000);
    expect(ws.sent).toHaveLength(3);
  });

  it('handles pong itself', () => {
    const { socket, ws, notify } = connected();
    const handler = vi.fn();
    socket.on('other', handler);
    ws.receive({ action: 'pong', data: { time: 1_700_000_000_123 } });
    expect(socket.lastPong).toBe(1_700_000_000_123);
    expect(handler).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('routes each message to the handlers of its action', () => {
    const { socket, ws } = connected();
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

  it('only warns about a message without a handler', () => {
    const { ws, notify } = connected();
    ws.receive({ action: 'mystery', success: true, data: {} });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mystery'), expect.anything());
    expect(notify).not.toHaveBeenCalled();
  });

  it('reports a message that is not JSON', () => {
    const { ws, notify } = connected();
    ws.receive('not json {');
    expect(notify).toHaveBeenCalledWith('error', 'Failed to parse server message', []);
    expect(error).toHaveBeenCalledWith('Failed to parse server message', 'not json {');
  });

  it('reports success:false with its trace id and still delivers it to the handler', () => {
    const { socket, ws, notify } = connected();
    const handler = vi.fn();
    socket.on('unknown.thing', handler);
    const message = { action: 'unknown.thing', success: false, error: 'unknown action', trace_id: 'tr-9' };
    ws.receive(message);
    expect(notify).toHaveBeenCalledWith('error', 'unknown action', ['Trace: #tr-9']);
    expect(handler).toHaveBeenCalledWith(message);
    expect(traceLine('tr-9', 'zh-hk')).toBe('追蹤碼：#tr-9');
  });

  it('refuses to send while not open', () => {
    const { socket } = makeSocket();
    expect(() => socket.send('x', {})).toThrow('WebSocket is not connected');
    expect(error).toHaveBeenCalledWith('WebSocket is not connected', 'x');
    socket.connect();
    expect(() => socket.send('x')).toThrow(SocketError);
    expect(FakeWebSocket.latest().send).not.toHaveBeenCalled();
  });

  it('sends action plus data', () => {
    const { socket, ws } = connected();
    socket.send('typing', { conversation_id: 'c1' });
    socket.send('bare');
    expect(ws.messages()).toEqual([{ action: 'typing', data: { conversation_id: 'c1' } }, { action: 'bare' }]);
  });

  it('matches replies to requests by request_id', async () => {
    const { socket, ws, notify } = connected();
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
    const { socket, ws } = connected();
    const pending = socket.request('slow');
    ws.serverClose(1006);
    await expect(pending).rejects.toThrow('WebSocket is not connected');
    socket.disconnect();
  });

  it('reconnects after 1, 2, 4, 8 and 16 s, then gives up', () => {
    const { socket, notify } = connected();
    FakeWebSocket.latest().serverClose(1006);
    expect(socket.state).toBe('connecting');
    for (const delay of [1000, 2000, 4000, 8000, 16_000]) {
      const before = FakeWebSocket.instances.length;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeWebSocket.instances).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
      expect(notify).not.toHaveBeenCalled();
      FakeWebSocket.latest().fail();
    }
    expect(error).toHaveBeenCalledWith('WebSocket connection error');
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('error', 'Failed to connect to WebSocket', []);
    expect(socket.state).toBe('closed');
    vi.advanceTimersByTime(120_000);
    expect(FakeWebSocket.instances).toHaveLength(6);
  });

  it('starts the backoff again after a successful open', () => {
    const { socket } = connected();
    FakeWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(1000);
    FakeWebSocket.latest().fail();
    vi.advanceTimersByTime(2000);
    FakeWebSocket.latest().open();
    expect(socket.state).toBe('connected');
    FakeWebSocket.latest().serverClose(1011);
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(4);
    expect(FakeWebSocket.latest().url).toContain('token=');
  });

  it('closes with 1000 on disconnect and never reconnects', () => {
    const { socket, ws, states } = connected();
    socket.disconnect();
    expect(ws.close).toHaveBeenCalledWith(1000);
    expect(socket.state).toBe('closed');
    expect(states).toEqual(['connecting', 'connected', 'closed']);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('cancels a scheduled reconnect on disconnect', () => {
    const { socket } = connected();
    FakeWebSocket.latest().serverClose(1006);
    socket.disconnect();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.state).toBe('closed');
  });

  it('does not reconnect after close code 4401', () => {
    const { socket, ws, notify } = connected();
    ws.serverClose(4401);
    expect(socket.state).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('does not reconnect after close code 4403 (membership ended)', () => {
    const { socket, ws } = connected();
    ws.serverClose(4403);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.state).toBe('closed');
  });

  it('reconnects with the newer token when its old one was revoked (password changed in this tab)', () => {
    const { ws } = connected();
    writeString(STORAGE_KEYS.token, 'token-after-password-change');
    ws.serverClose(4401);
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().url).toContain('token=token-after-password-change');
  });

  it('replaces the socket when the stored token changes', () => {
    const { socket, ws, states } = connected();
    writeString(STORAGE_KEYS.token, 'new-token');
    socket.connect();
    expect(ws.close).toHaveBeenCalledWith(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().url).toContain('token=new-token');
    expect(socket.state).toBe('connecting');
    expect(states).toEqual(['connecting', 'connected', 'connecting']);
  });
});
