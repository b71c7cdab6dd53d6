import type { ConversationDetail, Message } from '@omnichat/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { fail, ok, type StubCall, stubFetch } from '../../test/fetch-stub.ts';
import {
  approvedTemplate,
  customerFixture,
  memberOf,
  PUBLIC_SETTINGS,
  subscriptionFixture,
  WORKSPACES,
} from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const OWNER = WORKSPACES[0]!;
const NOW = Math.floor(Date.now() / 1000);
const id = (n: number) => `40000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function conversation(n: number, extra: Partial<ConversationDetail> = {}): ConversationDetail {
  return {
    id: id(n),
    channel_id: id(900),
    channel_type: 'whatsapp',
    status: 'open',
    unread_count: 0,
    last_message_at: NOW - n * 60,
    last_message_preview: `Question ${n}`,
    assignee_member_id: null,
    team_id: null,
    all_teams: false,
    labels: [],
    snoozed: false,
    snoozed_until: null,
    ai_active: true,
    customer: { id: id(500 + n), display_name: `Customer ${n}`, phone: `+8525123456${n}` },
    created_at: NOW - 3600,
    session_expires_at: NOW + 3600,
    csat_score: null,
    csat_comment: null,
    csat_rated_at: null,
    ai_agent: null,
    ...extra,
  };
}

function message(n: number, extra: Partial<Message> = {}): Message {
  return {
    id: id(1000 + n),
    conversation_id: id(1),
    direction: 'inbound',
    sender_type: 'customer',
    sources: null,
    type: 'text',
    text: `Message ${n}`,
    content: {},
    status: 'received',
    external_id: `wamid.${n}`,
    media_url: null,
    media_type: null,
    error_code: null,
    error_title: null,
    seq: n,
    created_at: NOW - 600 + n,
    ...extra,
  };
}

const paged = (data: unknown[], page = 1, total = data.length, size = 50) => ({
  status: 200,
  body: { success: true, data, page: { page, size, total, total_pages: Math.max(1, Math.ceil(total / size)) } },
});

function setup(routes: Parameters<typeof stubFetch>[0] = {}, detail = conversation(1, { unread_count: 2 })) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf(OWNER, []));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/conversations': [paged([detail, conversation(2)])],
    [`GET /v1/conversations/${id(1)}`]: [ok(detail)],
    [`GET /v1/conversations/${id(1)}/messages`]: [paged([message(1), message(2)])],
    [`POST /v1/conversations/${id(1)}/read`]: [ok({ unread_count: 0 })],
    'GET /v1/canned-replies': [
      ok([{ id: id(77), shortcut: 'hours', text: 'We open 9 to 6.', created_at: NOW, updated_at: NOW }]),
    ],
    'GET /v1/workspace/members': [ok({ items: [], page: { page: 1, size: 100, total: 0, total_pages: 1 } })],
    'GET /v1/teams': [paged([])],
    'GET /v1/channels': [ok([])],
    ...routes,
  });
}

const TEMPLATE = approvedTemplate({
  id: id(700),
  channel_id: id(900),
  external_id: '1',
  created_at: NOW,
  updated_at: NOW,
});
// the customer of conversation 1
const CUSTOMER = customerFixture({ id: id(501), phone: '+85251234561' });

const sentTo = (calls: StubCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.url === path);

describe('chat page', () => {
  it('lists conversations with unread badges; opening one shows its thread and marks it read', async () => {
    const { calls } = setup();
    await renderApp('/app/chat/chat');
    const row = await screen.findByRole('button', { name: 'Customer 1, 2 unread' });
    expect(row.closest('.oc-conversation-row')).toHaveTextContent('Question 1');
    expect(screen.getByLabelText('Customer 2')).toBeInTheDocument();
    fireEvent.click(row);
    expect(await screen.findByText('Message 2')).toBeInTheDocument();
    await waitFor(() => expect(sentTo(calls, `/v1/conversations/${id(1)}/read`)).toHaveLength(1));
    // listing and reading the thread alone never marked anything
    expect(calls.filter((c) => c.url.startsWith(`/v1/conversations/${id(1)}/messages`))).toHaveLength(1);
  });

  it('sends a reply or a private note from the composer', async () => {
    const { calls } = setup({
      [`POST /v1/conversations/${id(1)}/messages`]: [
        ok(message(3, { direction: 'outbound', status: 'sent', text: 'On its way' })),
      ],
      [`POST /v1/conversations/${id(1)}/notes`]: [
        ok(message(4, { direction: 'outbound', type: 'note', status: 'sent', text: 'VIP' })),
      ],
    });
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    const box = await screen.findByPlaceholderText('Type a reply… (“/” for canned replies)');
    fireEvent.change(box, { target: { value: 'On its way' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await waitFor(() =>
      expect(sentTo(calls, `/v1/conversations/${id(1)}/messages`)[0]?.body).toEqual({
        type: 'text',
        text: 'On its way',
      }),
    );
    expect(await screen.findByText('On its way')).toBeInTheDocument();

    fireEvent.click(screen.getByText('Private note'));
    const noteBox = await screen.findByPlaceholderText('A private note for your team; the customer never sees it');
    fireEvent.change(noteBox, { target: { value: 'VIP' } });
    fireEvent.keyDown(noteBox, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(sentTo(calls, `/v1/conversations/${id(1)}/notes`)[0]?.body).toEqual({ text: 'VIP' }));
  });

  it('offers the approved templates once the 24-hour window has closed, filled from the customer', async () => {
    const approvedAsked: string[] = [];
    const { calls } = setup(
      {
        [`POST /v1/conversations/${id(1)}/messages`]: [
          ok(message(5, { direction: 'outbound', type: 'template', status: 'sent', text: '[template] order_update' })),
        ],
        'GET /v1/whatsapp-templates': (call) => {
          approvedAsked.push(call.url);
          return ok([TEMPLATE]);
        },
        [`GET /v1/customers/${id(501)}`]: [ok(CUSTOMER)],
      },
      conversation(1, { session_expires_at: NOW - 60 }),
    );
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    expect(
      await screen.findByText("The customer's 24-hour reply window has closed: only a template message can be sent."),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByText('Send a template'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Approved template' }));
    fireEvent.click(await screen.findByTitle('order_update · en_US'));
    // {{1}} from the customer's first name, {{2}} typed
    fireEvent.change(await within(dialog).findByLabelText('Text of {{2}}'), { target: { value: '#1234' } });
    expect(await within(dialog).findByTestId('template-preview')).toHaveTextContent('Hi Amy, order #1234 shipped');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(sentTo(calls, `/v1/conversations/${id(1)}/messages`)[0]?.body).toEqual({
        type: 'template',
        template: {
          name: 'order_update',
          language: 'en_US',
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Amy' },
                { type: 'text', text: '#1234' },
              ],
            },
          ],
        },
      }),
    );
    expect(approvedAsked[0]).toContain(`channel_id=${id(900)}`);
    expect(approvedAsked[0]).toContain('status=approved');
  });

  it('keeps Messenger replies open for 7 days with the human-agent tag, then says the window closed', async () => {
    setup({}, conversation(1, { channel_type: 'messenger', session_expires_at: NOW - 6 * 3600 }));
    const first = await renderApp(`/app/chat/chat?c=${id(1)}`);
    expect(await screen.findByText(/Replies go out with Meta’s human-agent tag until/)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Type a reply… (“/” for canned replies)')).not.toBeDisabled();
    first.unmount();
    setup({}, conversation(1, { channel_type: 'messenger', session_expires_at: NOW - 7 * 86400 }));
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    expect(
      await screen.findByText("The customer's 7-day reply window has closed: wait for them to write again."),
    ).toBeInTheDocument();
  });

  it('uploads a file and sends it with the typed text as its caption', async () => {
    const { calls } = setup({
      [`POST /v1/conversations/${id(1)}/attachments`]: [
        ok({ attachment_id: id(88), media_type: 'image/png', size: 4, filename: 'receipt.png' }),
      ],
      [`POST /v1/conversations/${id(1)}/messages`]: [
        ok(message(6, { direction: 'outbound', type: 'image', status: 'sent', text: 'Your receipt' })),
      ],
    });
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    const box = await screen.findByPlaceholderText('Type a reply… (“/” for canned replies)');
    fireEvent.change(box, { target: { value: 'Your receipt' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'receipt.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Send a file', { selector: 'input' }), { target: { files: [file] } });
    await waitFor(() =>
      expect(sentTo(calls, `/v1/conversations/${id(1)}/messages`)[0]?.body).toEqual({
        type: 'image',
        attachment_id: id(88),
        caption: 'Your receipt',
      }),
    );
    expect(sentTo(calls, `/v1/conversations/${id(1)}/attachments`)).toHaveLength(1);
  });

  it('shows pushed messages and delivery states live, and catches up after a reconnect', async () => {
    setup({
      [`GET /v1/conversations/${id(1)}/messages`]: [
        paged([message(1), message(2, { direction: 'outbound', status: 'sent', text: 'Reply 2' })]),
      ],
    });
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    await screen.findByText('Reply 2');
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    act(() =>
      socket.receive({ action: 'conversation.message', success: true, data: message(3, { text: 'Live one' }) }),
    );
    expect(await screen.findByText('Live one')).toBeInTheDocument();
    act(() =>
      socket.receive({
        action: 'conversation.message_status',
        success: true,
        data: message(2, { direction: 'outbound', status: 'read', text: 'Reply 2' }),
      }),
    );
    const bubble = screen.getByText('Reply 2').closest('[data-message-id]') as HTMLElement;
    await waitFor(() => expect(within(bubble).getByLabelText('Read')).toBeInTheDocument());

    // the connection drops and comes back: the client asks for what came after the last message it saw
    act(() => socket.serverClose(1006));
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(1), { timeout: 5000 });
    const again = FakeWebSocket.latest();
    act(() => again.open());
    await waitFor(() => expect(again.messages().some((m) => m.action === 'conversation.catch_up')).toBe(true));
    const asked = again.messages().find((m) => m.action === 'conversation.catch_up')!;
    expect(asked.data).toEqual({ after_seq: 3 });
    act(() =>
      again.receive({
        action: 'conversation.catch_up',
        request_id: asked.request_id,
        success: true,
        data: { messages: [message(4, { text: 'Missed while away' })], more: false },
      }),
    );
    expect(await screen.findByText('Missed while away')).toBeInTheDocument();
  });

  it('lists a conversation that began while the socket was still opening, once it opens', async () => {
    setup({ 'GET /v1/conversations': [paged([]), paged([conversation(2)])] });
    await renderApp('/app/chat/chat');
    await screen.findByText('No open conversations. New messages from your channels appear here.');
    act(() => FakeWebSocket.latest().open());
    expect(await screen.findByText('Customer 2')).toBeInTheDocument();
  });

  it('shows who else is typing', async () => {
    setup();
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    await screen.findByText('Message 2');
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    act(() =>
      socket.receive({
        action: 'conversation.typing',
        success: true,
        data: { conversation_id: id(1), typing: true, member_id: id(600), display_name: 'Amy' },
      }),
    );
    expect(await screen.findByText('Amy is typing…')).toBeInTheDocument();
  });

  it('explains an empty inbox and a conversation kept from the member', async () => {
    setup({
      'GET /v1/conversations': [paged([])],
      [`GET /v1/conversations/${id(1)}`]: [fail(404, 'resource not found')],
    });
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    expect(
      await screen.findByText('No open conversations. New messages from your channels appear here.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('This conversation is not available to you.')).toBeInTheDocument();
  });
});
