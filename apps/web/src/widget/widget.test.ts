import type { WebchatMessage } from '@omnichat/contracts';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VisitorGone, type WidgetApi } from './api.ts';
import { mountWidget } from './widget.ts';

/** A stand-in for the server's live stream: the test pushes events into it. */
class FakeStream extends EventTarget {
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  close = vi.fn();
  push(message: WebchatMessage) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

const message = (seq: number, direction: 'inbound' | 'outbound', text: string): WebchatMessage => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  direction,
  text,
  seq,
  created_at: 1_700_000_000 + seq,
});

function fakeApi(overrides: Partial<WidgetApi> = {}) {
  const streams: FakeStream[] = [];
  let started = false;
  const api = {
    get started() {
      return started;
    },
    config: vi.fn(async () => ({ name: 'Acme help' })),
    start: vi.fn(async () => {
      started = true;
    }),
    messages: vi.fn(async () => [] as WebchatMessage[]),
    send: vi.fn(async (text: string) => message(10, 'inbound', text)),
    events: vi.fn(() => {
      const stream = new FakeStream();
      streams.push(stream);
      return stream as unknown as EventSource;
    }),
    ...overrides,
  } satisfies WidgetApi;
  return { api, streams };
}

let destroy: (() => void) | undefined;
afterEach(() => destroy?.());

function mount(api: WidgetApi, language = 'en-GB') {
  const widget = mountWidget({ origin: 'https://chat.example', key: 'key-123456', language, api });
  destroy = widget.destroy;
  const shadow = document.getElementById('omnichat-widget')!.shadowRoot!;
  return { widget, view: within(shadow as unknown as HTMLElement), shadow };
}

describe('web-chat widget', () => {
  it('starts the visitor with their first message and shows the agent’s reply live', async () => {
    const send = vi.fn(async (text: string, _clientId: string) => message(10, 'inbound', text));
    const { api, streams } = fakeApi({ send });
    const { view, shadow } = mount(api);
    fireEvent.click(view.getByLabelText('Chat with us'));
    await waitFor(() => expect(shadow.querySelector('h2')?.textContent).toBe('Acme help'));
    const input = view.getByLabelText('Type a message…');
    fireEvent.change(input, { target: { value: 'Do you ship to Kowloon?' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    await waitFor(() => expect(send).toHaveBeenCalledWith('Do you ship to Kowloon?', expect.any(String)));
    expect(api.start).toHaveBeenCalledOnce();
    expect(send.mock.calls[0]![1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    streams[0]!.push(message(11, 'outbound', 'Yes, next day.'));
    await waitFor(() => expect(view.getByText('Yes, next day.')).toBeTruthy());
    // the stream repeating a message keeps one copy
    streams[0]!.push(message(11, 'outbound', 'Yes, next day.'));
    expect(view.getAllByText('Yes, next day.')).toHaveLength(1);
  });

  it('brings back a returning visitor’s thread and counts replies that come while the panel is closed', async () => {
    const { api, streams } = fakeApi({
      messages: vi.fn(async () => [message(1, 'inbound', 'Hi'), message(2, 'outbound', 'Hello!')]),
    });
    Object.defineProperty(api, 'started', { get: () => true });
    const { view, shadow } = mount(api);
    await waitFor(() => expect(api.events).toHaveBeenCalledWith(2));
    expect(shadow.querySelector('.badge')?.hasAttribute('hidden')).toBe(true);
    streams[0]!.push(message(3, 'outbound', 'Anything else?'));
    await waitFor(() => expect(shadow.querySelector('.badge')?.textContent).toBe('1'));
    fireEvent.click(view.getByLabelText('Chat with us'));
    expect(shadow.querySelector('.badge')?.hasAttribute('hidden')).toBe(true);
    expect(view.getByText('Hello!')).toBeTruthy();
  });

  it('offers to retry a message that could not be sent, and starts over when the visitor is unknown', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(async (text: string) => message(5, 'inbound', text));
    const { api } = fakeApi({ send });
    const { view } = mount(api, 'zh-HK');
    fireEvent.click(view.getByLabelText('與我們對話'));
    fireEvent.change(view.getByLabelText('輸入訊息…'), { target: { value: '你好' } });
    fireEvent.click(view.getByText('傳送'));
    fireEvent.click(await view.findByText('未能傳送，按此重試。'));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls[0]![1]).toBe(send.mock.calls[1]![1]); // the same client id: stored once
    await waitFor(() => expect(view.queryByText('未能傳送，按此重試。')).toBeNull());

    const gone = vi
      .fn()
      .mockRejectedValueOnce(new VisitorGone('ended'))
      .mockImplementation(async (text: string) => message(6, 'inbound', text));
    const again = fakeApi({ send: gone });
    destroy?.();
    const second = mount(again.api);
    fireEvent.click(second.view.getByLabelText('Chat with us'));
    fireEvent.change(second.view.getByLabelText('Type a message…'), { target: { value: 'back' } });
    fireEvent.click(second.view.getByText('Send'));
    await waitFor(() => expect(gone).toHaveBeenCalledTimes(2));
    expect(again.api.start).toHaveBeenCalled();
  });
});
