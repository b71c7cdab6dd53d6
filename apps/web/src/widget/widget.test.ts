import type { WebchatConfig, WebchatMessage } from '@omnichat/contracts';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Refused, VisitorGone, type WidgetApi } from './api.ts';
import { mountWidget } from './widget.ts';

/** A stand-in for the server's live stream: the test pushes events into it. */
class FakeStream extends EventTarget {
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  close = vi.fn();
  push(message: WebchatMessage) {
    this.emit('message', message);
  }
  emit(event: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
}

const message = (
  seq: number,
  direction: 'inbound' | 'outbound',
  text: string,
  attachment: WebchatMessage['attachment'] = null,
): WebchatMessage => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  direction,
  text,
  attachment,
  seq,
  created_at: 1_700_000_000 + seq,
});

const CONFIG: WebchatConfig = {
  name: 'Acme help',
  title: 'Acme help',
  color: '#1064e0',
  greeting: null,
  agent_name: null,
  agent_avatar: null,
  pre_chat: { name: 'off', email: 'off', phone: 'off' },
  business_hours: { enabled: false, hours: [] },
  time_zone: 'Asia/Hong_Kong',
  online: true,
  offline_message: null,
  file_types: ['image/png', 'image/jpeg', 'application/pdf'],
  file_max_bytes: 20 * 1024 * 1024,
  widget: {
    color: '#1064e0',
    title: null,
    greeting: null,
    agent_name: null,
    agent_avatar: null,
    pre_chat: { name: 'off', email: 'off', phone: 'off' },
    business_hours: { enabled: false, hours: [] },
    offline_message: null,
  },
};

function fakeApi(overrides: Partial<WidgetApi> = {}, config: Partial<WebchatConfig> = {}) {
  const streams: FakeStream[] = [];
  let started = false;
  const api = {
    get started() {
      return started;
    },
    config: vi.fn(async () => ({ ...CONFIG, ...config })),
    start: vi.fn(async () => {
      started = true;
    }),
    messages: vi.fn(async () => [] as WebchatMessage[]),
    send: vi.fn(async (body: { text?: string }) => message(10, 'inbound', body.text ?? '')),
    upload: vi.fn(async () => '00000000-0000-4000-8000-00000000abcd'),
    conversation: vi.fn(async () => null),
    rate: vi.fn(async (score: number) => ({
      id: message(1, 'inbound', '').id,
      status: 'closed' as const,
      csat_score: score,
    })),
    contact: vi.fn(async (email: string) => message(20, 'inbound', `E-mail for a reply: ${email}`)),
    fileUrl: (url: string) => `${url}?token=secret`,
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

const started = (api: WidgetApi) => Object.defineProperty(api, 'started', { get: () => true });

describe('web-chat widget', () => {
  it('starts the visitor with their first message and shows the agent’s reply live', async () => {
    const send = vi.fn(async (body: { text?: string }, _clientId: string) => message(10, 'inbound', body.text ?? ''));
    const { api, streams } = fakeApi({ send });
    const { view, shadow } = mount(api);
    fireEvent.click(view.getByLabelText('Chat with us'));
    await waitFor(() => expect(shadow.querySelector('h2')?.textContent).toBe('Acme help'));
    const input = view.getByLabelText('Type a message…');
    fireEvent.change(input, { target: { value: 'Do you ship to Kowloon?' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    await waitFor(() => expect(send).toHaveBeenCalledWith({ text: 'Do you ship to Kowloon?' }, expect.any(String)));
    expect(api.start).toHaveBeenCalledOnce();
    expect(send.mock.calls[0]![1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // the stream opens once the visitor wrote (before, they have no thread)
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.push(message(11, 'outbound', 'Yes, next day.'));
    await waitFor(() => expect(view.getByText('Yes, next day.')).toBeTruthy());
    // the stream repeating a message keeps one copy
    streams[0]!.push(message(11, 'outbound', 'Yes, next day.'));
    expect(view.getAllByText('Yes, next day.')).toHaveLength(1);
  });

  it('applies the channel’s colour, title, greeting and agent, in the visitor’s language', async () => {
    const { api } = fakeApi(
      {},
      {
        title: 'Acme 客服',
        color: '#aa3300',
        greeting: '歡迎光臨！',
        agent_name: 'Mei',
        agent_avatar: 'data:image/png;base64,iVBORw0KGgo=',
      },
    );
    const { view, shadow } = mount(api, 'zh-HK');
    fireEvent.click(view.getByLabelText('與我們對話'));
    await waitFor(() => expect(shadow.querySelector('h2')?.textContent).toBe('Acme 客服'));
    expect(view.getByText('歡迎光臨！')).toBeTruthy();
    expect(view.getByText('Mei')).toBeTruthy();
    expect(shadow.querySelector<HTMLImageElement>('.avatar')?.hidden).toBe(false);
    expect(document.getElementById('omnichat-widget')!.style.getPropertyValue('--accent')).toBe('#aa3300');
    expect(view.getByLabelText('傳送檔案')).toBeTruthy();
  });

  it('asks the pre-chat questions first, shows the server’s refusal by field, and starts with the answers', async () => {
    const start = vi
      .fn()
      .mockRejectedValueOnce(new Refused('bad request', { email: 'please give your e-mail address' }))
      .mockResolvedValue(undefined);
    const { api, streams } = fakeApi(
      { start },
      { pre_chat: { name: 'required', email: 'required', phone: 'optional' } },
    );
    const { view } = mount(api);
    fireEvent.click(view.getByLabelText('Chat with us'));
    const name = await view.findByLabelText('Name');
    expect(view.getByLabelText('Phone (optional)')).toBeTruthy();
    expect(view.queryByLabelText('Type a message…')?.closest('form')?.hidden).toBe(true);
    fireEvent.change(name, { target: { value: 'Amy Chan' } });
    fireEvent.click(view.getByText('Start chat'));
    expect(await view.findByText('please give your e-mail address')).toBeTruthy();
    fireEvent.change(view.getByLabelText('E-mail'), { target: { value: 'amy@example.com' } });
    fireEvent.click(view.getByText('Start chat'));
    await waitFor(() =>
      expect(start).toHaveBeenLastCalledWith({ name: 'Amy Chan', email: 'amy@example.com', phone: '' }),
    );
    await waitFor(() => expect(view.getByLabelText('Type a message…').closest('form')?.hidden).toBe(false));
    expect(streams).toHaveLength(1);
  });

  it('sends a file and shows images inline and other files as links, the agent’s too', async () => {
    const send = vi.fn(async (body: { attachment_id?: string }) =>
      message(12, 'inbound', '', {
        url: `https://chat.example/files/${body.attachment_id}`,
        content_type: 'image/png',
        filename: 'photo.png',
        size: 2048,
      }),
    );
    const { api, streams } = fakeApi({ send });
    const { view, shadow } = mount(api);
    fireEvent.click(view.getByLabelText('Chat with us'));
    const photo = new File(['png'], 'photo.png', { type: 'image/png' });
    const input = shadow.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [photo] } });
    await waitFor(() => expect(api.upload).toHaveBeenCalledWith(photo));
    expect(send).toHaveBeenCalledWith({ attachment_id: '00000000-0000-4000-8000-00000000abcd' }, expect.any(String));
    const image = await view.findByAltText('photo.png');
    expect(image.getAttribute('src')).toBe(
      'https://chat.example/files/00000000-0000-4000-8000-00000000abcd?token=secret',
    );

    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.push(
      message(13, 'outbound', 'Your invoice', {
        url: 'https://chat.example/files/pdf',
        content_type: 'application/pdf',
        filename: 'invoice.pdf',
        size: 1536,
      }),
    );
    const link = await view.findByText('📎 invoice.pdf (1.5 KB)');
    expect(link.getAttribute('href')).toBe('https://chat.example/files/pdf?token=secret');

    // too large: said at once, nothing uploaded
    const huge = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 21 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await view.findByText('This file is larger than 20.0 MB: choose a smaller one.')).toBeTruthy();
    expect(api.upload).toHaveBeenCalledTimes(1);
  });

  it('shows the agent typing, and the closed notice with a rating and a comment', async () => {
    const { api, streams } = fakeApi({ messages: vi.fn(async () => [message(1, 'inbound', 'Hi')]) });
    started(api);
    const { view, shadow } = mount(api);
    fireEvent.click(view.getByLabelText('Chat with us'));
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.emit('typing', { typing: true });
    await waitFor(() => expect(view.getByLabelText('Typing…')).toBeTruthy());
    streams[0]!.push(message(2, 'outbound', 'All sorted!'));
    await waitFor(() => expect(view.queryByLabelText('Typing…')).toBeNull());

    streams[0]!.emit('status', { conversation_id: 'c', status: 'closed' });
    expect(await view.findByText('This conversation has been closed.')).toBeTruthy();
    const send = view.getByText('Send rating') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(view.getByLabelText('5 out of 5'));
    fireEvent.change(view.getByLabelText('Anything to add? (optional)'), { target: { value: 'Quick and kind' } });
    fireEvent.click(send);
    await waitFor(() => expect(api.rate).toHaveBeenCalledWith(5, 'Quick and kind'));
    expect(await view.findByText('Thank you for your rating!')).toBeTruthy();
    expect(shadow.querySelector('.rating')).toBeNull();
  });

  it('outside business hours shows the offline message and keeps the e-mail the visitor leaves', async () => {
    const { api } = fakeApi({}, { online: false, offline_message: 'Back at 9 tomorrow' });
    const { view } = mount(api, 'en');
    fireEvent.click(view.getByLabelText('Chat with us'));
    expect(await view.findByText('Back at 9 tomorrow')).toBeTruthy();
    fireEvent.change(view.getByLabelText('Your e-mail for a reply'), { target: { value: 'amy@example.com' } });
    fireEvent.click(view.getAllByText('Send')[0]!);
    await waitFor(() => expect(api.contact).toHaveBeenCalledWith('amy@example.com'));
    expect(api.start).toHaveBeenCalled();
    expect(await view.findByText('Thanks! We will reply to amy@example.com.')).toBeTruthy();
    expect(view.getByText('E-mail for a reply: amy@example.com')).toBeTruthy();
  });

  it('brings back a returning visitor’s thread and its closed state, and counts replies while the panel is closed', async () => {
    const { api, streams } = fakeApi({
      messages: vi.fn(async () => [message(1, 'inbound', 'Hi'), message(2, 'outbound', 'Hello!')]),
      conversation: vi.fn(async () => ({ id: 'c', status: 'closed' as const, csat_score: 4 })),
    });
    started(api);
    const { view, shadow } = mount(api, 'zh-CN');
    await waitFor(() => expect(api.events).toHaveBeenCalledWith(2));
    expect(shadow.querySelector('.badge')?.hasAttribute('hidden')).toBe(true);
    streams[0]!.push(message(3, 'outbound', 'Anything else?'));
    await waitFor(() => expect(shadow.querySelector('.badge')?.textContent).toBe('1'));
    fireEvent.click(view.getByLabelText('与我们对话'));
    expect(shadow.querySelector('.badge')?.hasAttribute('hidden')).toBe(true);
    expect(view.getByText('Hello!')).toBeTruthy();
    expect(view.getByText('感谢你的评分！')).toBeTruthy();
  });

  it('offers to retry a message that could not be sent, and starts over when the visitor is unknown', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(async (body: { text: string }) => message(5, 'inbound', body.text));
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
      .mockImplementation(async (body: { text: string }) => message(6, 'inbound', body.text));
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

describe('the embed script', () => {
  it('speaks the language of its data-language attribute over the page’s and the browser’s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    document.documentElement.lang = 'en';
    const script = document.createElement('script');
    script.src = 'https://chat.example/widget.js';
    script.dataset.key = 'key-123456';
    script.dataset.language = 'zh-CN';
    document.body.append(script);
    await import('./main.ts');
    const shadow = document.getElementById('omnichat-widget')!.shadowRoot!;
    expect(within(shadow as unknown as HTMLElement).getByLabelText('与我们对话')).toBeTruthy();
    (window as { OmnichatWidget?: { destroy(): void } }).OmnichatWidget?.destroy();
    script.remove();
    document.documentElement.lang = '';
    vi.unstubAllGlobals();
  });
});
