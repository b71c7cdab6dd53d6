import { NOTIFICATION_SOCKET_PATH } from '@omnichat/contracts';
import { vi } from 'vitest';

/**
 * A WebSocket stand-in: it never touches the network and stays "connecting" until a test calls
 * `open()`. Every instance is kept in `FakeWebSocket.instances`, newest last; those of the notification socket
 * (which the organization layout opens beside the general one) in `FakeWebSocket.notificationInstances` instead.
 */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static notificationInstances: FakeWebSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no WebSocket was created');
    return socket;
  }

  static latestNotification(): FakeWebSocket {
    const socket = FakeWebSocket.notificationInstances.at(-1);
    if (!socket) throw new Error('no notification WebSocket was created');
    return socket;
  }

  static reset(): void {
    FakeWebSocket.instances = [];
    FakeWebSocket.notificationInstances = [];
  }

  readonly url: string;
  readyState: 0 | 1 | 2 | 3 = FakeWebSocket.CONNECTING;
  closeCode: number | undefined;
  readonly sent: string[] = [];
  onopen: WebSocket['onopen'] = null;
  onmessage: WebSocket['onmessage'] = null;
  onerror: WebSocket['onerror'] = null;
  onclose: WebSocket['onclose'] = null;
  send = vi.fn((data: string) => {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('InvalidStateError');
    this.sent.push(data);
  });
  close = vi.fn((code?: number) => {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closeCode = code;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.call(this.self, new CloseEvent('close', { code: code ?? 1005 }));
  });

  constructor(url: string) {
    this.url = url;
    const notification = new URL(url).pathname === NOTIFICATION_SOCKET_PATH;
    (notification ? FakeWebSocket.notificationInstances : FakeWebSocket.instances).push(this);
  }

  private get self(): WebSocket {
    return this as unknown as WebSocket;
  }

  /** Parsed JSON of everything the client sent. */
  messages(): Array<{ action: string; data?: unknown; request_id?: string }> {
    return this.sent.map((text) => JSON.parse(text));
  }

  /** The server accepts the connection. */
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.call(this.self, new Event('open'));
  }

  /** A message from the server: objects are sent as JSON, strings as they are. */
  receive(data: unknown): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.onmessage?.call(this.self, new MessageEvent('message', { data: text }));
  }

  /** The connection fails (refused upgrade, network): error then close 1006. */
  fail(): void {
    this.onerror?.call(this.self, new Event('error'));
    this.serverClose(1006);
  }

  /** The server (or network) closes the connection. */
  serverClose(code: number): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.call(this.self, new CloseEvent('close', { code }));
  }
}
