import { SOCKET_CLOSE } from '@omnichat/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { GeneralSocket } from './general-socket.ts';

// A server process shutting down closes its sockets with 1001 (going away): the client comes back, through the
// load balancer, to a process that still runs.
describe('GeneralSocket when the server goes away', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reconnects after close code 1001 with the same token (a fresh ticket of it)', async () => {
    let issued = 0;
    const getTicket = async () => `ticket-${++issued}`;
    const socket = new GeneralSocket({
      getToken: () => 'token-1',
      getTicket,
      getLocale: () => 'en',
      notify: vi.fn(),
      WebSocketImpl: FakeWebSocket,
      url: () => 'ws://chat.example/v1/ws',
    });
    socket.connect();
    await vi.advanceTimersByTimeAsync(0);
    FakeWebSocket.latest().open();
    expect(socket.state).toBe('connected');

    FakeWebSocket.latest().serverClose(SOCKET_CLOSE.goingAway);
    expect(SOCKET_CLOSE.goingAway).toBe(1001);
    expect(socket.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(new URL(FakeWebSocket.latest().url).searchParams.get('token')).toBe('ticket-2');
    FakeWebSocket.latest().open();
    expect(socket.state).toBe('connected');
    socket.disconnect();
  });
});
