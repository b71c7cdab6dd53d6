import type { ConversationDetail, Message, ThreadActivity } from '@omnichat/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n/index.ts';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { activitySentence } from './ActivityLine.tsx';
import { CHAT_NS } from './i18n/index.ts';

const OWNER = WORKSPACES[0]!;
const NOW = Math.floor(Date.now() / 1000);
const id = (n: number) => `40000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const VIP = { id: id(300), name: 'VIP', color: '#cf1322' };
const REFUND = { id: id(301), name: 'Refund', color: '#389e0d' };

const conversation = (n: number, extra: Partial<ConversationDetail> = {}): ConversationDetail => ({
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
  customer: { id: id(500 + n), display_name: `Customer ${n}`, phone: null },
  created_at: NOW - 3600,
  labels: [],
  snoozed: false,
  snoozed_until: null,
  ai_active: true,
  session_expires_at: NOW + 3600,
  csat_score: null,
  csat_comment: null,
  csat_rated_at: null,
  ai_agent: null,
  ...extra,
});

const message: Message = {
  id: id(1001),
  conversation_id: id(1),
  direction: 'inbound',
  sender_type: 'customer',
  sources: null,
  type: 'text',
  text: 'Where is my order?',
  content: {},
  status: 'received',
  external_id: 'wamid.1',
  media_url: null,
  media_type: null,
  error_code: null,
  error_title: null,
  seq: 1,
  created_at: NOW - 600,
};
const assigned: ThreadActivity = {
  id: id(2001),
  conversation_id: id(1),
  type: 'activity',
  activity: {
    kind: 'assigned',
    actor: { id: id(10), name: 'Ann' },
    assignee: { id: id(11), name: 'Ben' },
    team: null,
    all_teams: false,
  },
  created_at: NOW - 300,
};

const paged = (data: unknown[]) => ({
  status: 200,
  body: { success: true, data, page: { page: 1, size: 50, total: data.length, total_pages: 1 } },
});

type Routes = Parameters<typeof stubFetch>[0];

function setup(
  detail = conversation(1, { labels: [VIP] }),
  {
    thread = [message, assigned],
    routes = {},
    me = OWNER,
    permissions = [],
  }: { thread?: unknown[]; routes?: Routes; me?: (typeof WORKSPACES)[number]; permissions?: string[] } = {},
) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf(me, permissions));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/conversations': [paged([detail, conversation(2)])],
    [`GET /v1/conversations/${id(1)}`]: [ok(detail)],
    [`GET /v1/conversations/${id(1)}/messages`]: [paged(thread)],
    [`POST /v1/conversations/${id(1)}/read`]: [ok({ unread_count: 0 })],
    [`PUT /v1/conversations/${id(1)}/status`]: [ok(conversation(1, { status: 'closed' }))],
    [`PUT /v1/conversations/${id(1)}/assignment`]: [ok(conversation(1))],
    [`PUT /v1/conversations/${id(1)}/snooze`]: [ok(conversation(1, { snoozed: true }))],
    'POST /v1/conversations/bulk': [ok({ done: [id(1), id(2)], skipped: 0 })],
    'GET /v1/conversation-labels': [
      ok([
        { ...VIP, conversation_count: 1 },
        { ...REFUND, conversation_count: 0 },
      ]),
    ],
    'GET /v1/canned-replies': [ok([])],
    'GET /v1/workspace/members': [ok({ items: [], page: { page: 1, size: 100, total: 0, total_pages: 1 } })],
    'GET /v1/teams': [paged([])],
    'GET /v1/channels': [ok([])],
    ...routes,
  });
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('activity lines', () => {
  it('show in the thread as a sentence with its time, among the messages', async () => {
    setup();
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    const time = dayjs.unix(assigned.created_at).format('HH:mm');
    expect(await screen.findByText('Where is my order?')).toBeInTheDocument();
    const line = (await screen.findByText(/Ann assigned this to Ben/)).closest('[data-activity-id]');
    expect(line).toHaveTextContent(`Ann assigned this to Ben · ${time}`);
  });

  it('read in the reader’s language, the system and labels included', () => {
    const en = i18n.getFixedT('en', CHAT_NS);
    const zhHk = i18n.getFixedT('zh-hk', CHAT_NS);
    expect(activitySentence(zhHk, assigned.activity)).toBe('Ann 將此對話分配給 Ben');
    expect(activitySentence(en, { kind: 'closed', actor: { id: id(10), name: 'Ann' } })).toBe('Ann resolved this');
    expect(activitySentence(zhHk, { kind: 'closed', actor: { id: id(10), name: 'Ann' } })).toBe('Ann 已解決此對話');
    const auto = { ...assigned.activity, actor: null };
    expect(activitySentence(en, auto)).toBe('Assigned automatically to Ben');
    expect(activitySentence(zhHk, auto)).toBe('已自動分配給 Ben');
    const labels = {
      kind: 'labels_changed' as const,
      actor: { id: id(10), name: 'Ann' },
      labels_added: [VIP],
      labels_removed: [REFUND],
    };
    expect(activitySentence(en, labels)).toBe('Ann added VIP and removed Refund');
    expect(activitySentence(zhHk, labels)).toBe('Ann 加上了 VIP，並移除了 Refund');
    expect(activitySentence(en, { kind: 'snoozed', actor: { id: id(10), name: 'Ann' }, until: null })).toBe(
      "Ann snoozed this until the customer's next message",
    );
    expect(activitySentence(en, { kind: 'reopened', actor: null, reason: 'snooze_ended' })).toBe(
      'The snooze ended: the conversation is open again',
    );
  });
});

describe('thread header', () => {
  it('resolves, assigns to me and snoozes from its buttons and shortcuts, naming the shortcuts', async () => {
    const { callsTo } = setup();
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    const resolve = await screen.findByRole('button', { name: /Resolve/ });
    fireEvent.mouseEnter(resolve);
    expect(await screen.findByText('Resolve (Alt+E)')).toBeInTheDocument();
    fireEvent.click(resolve);
    await waitFor(() => expect(callsTo('PUT', `/v1/conversations/${id(1)}/status`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/conversations/${id(1)}/status`)[0]!.body).toEqual({ status: 'closed' });

    // Alt+M: assign to me
    fireEvent.keyDown(window, { code: 'KeyM', key: 'µ', altKey: true });
    await waitFor(() => expect(callsTo('PUT', `/v1/conversations/${id(1)}/assignment`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/conversations/${id(1)}/assignment`)[0]!.body).toEqual({
      assignee_member_id: OWNER.member_id,
      team_id: null,
      all_teams: false,
    });

    // Alt+S opens the snooze menu
    fireEvent.keyDown(window, { code: 'KeyS', key: 'ß', altKey: true });
    fireEvent.click(await screen.findByText("Until the customer's next message"));
    await waitFor(() => expect(callsTo('PUT', `/v1/conversations/${id(1)}/snooze`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/conversations/${id(1)}/snooze`)[0]!.body).toEqual({ until: null });
    // the conversation's labels show in the header
    expect(screen.getAllByText('VIP').length).toBeGreaterThan(0);
  });

  it('says a resolved conversation is closed above the composer and offers to reopen it', async () => {
    const { callsTo } = setup(conversation(1, { status: 'closed' }));
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    const notice = await screen.findByText('This conversation is resolved. Reopen it to reply.');
    fireEvent.click(within(notice.closest('.ant-alert') as HTMLElement).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(callsTo('PUT', `/v1/conversations/${id(1)}/status`)[0]?.body).toEqual({ status: 'open' }),
    );
  });

  it("shows the customer's rating of a resolved conversation beside the thread", async () => {
    setup(conversation(1, { status: 'closed', csat_score: 4, csat_comment: 'Quick and kind', csat_rated_at: NOW }));
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    expect(await screen.findByText('4 of 5')).toBeInTheDocument();
    expect(screen.getByText('“Quick and kind”')).toBeInTheDocument();
  });
});

describe('conversation list', () => {
  it('shows labels on rows and filters by a label', async () => {
    const { callsTo } = setup();
    await renderApp('/app/chat/chat');
    const row = (await screen.findByRole('button', { name: 'Customer 1' })).closest('.oc-conversation-row');
    expect(row).toHaveTextContent('VIP');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by label' }));
    fireEvent.click(await screen.findByTitle('Refund'));
    await waitFor(() =>
      expect(callsTo('GET', '/v1/conversations').some((call) => call.url.includes(`label_id=${REFUND.id}`))).toBe(true),
    );
  });

  it('acts on chosen conversations from the bulk bar, resolving only once confirmed', async () => {
    const { callsTo } = setup();
    await renderApp('/app/chat/chat');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Customer 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Customer 2' }));
    const bar = screen.getByRole('toolbar', { name: '2 selected' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Resolve 2 conversations?');
    expect(callsTo('POST', '/v1/conversations/bulk')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(callsTo('POST', '/v1/conversations/bulk')).toHaveLength(1));
    expect(callsTo('POST', '/v1/conversations/bulk')[0]!.body).toEqual({ ids: [id(1), id(2)], action: 'close' });
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());
  });
});

describe("the channel's AI agent", () => {
  const AVA = { id: id(700), name: 'Ava' };
  const answer: Message = {
    ...message,
    id: id(1002),
    direction: 'outbound',
    sender_type: 'ai_agent',
    sources: [
      { article_id: id(801), title: 'Opening hours' },
      { article_id: id(802), title: 'Returns' },
    ],
    text: 'We open at 9.',
    status: 'delivered',
    seq: 2,
    created_at: NOW - 500,
  };

  /** The conversation as the server holds it: PUT …/ai switches it and later reads show the change. */
  function withAgent(aiActive = true) {
    let active = aiActive;
    const detail = () => conversation(1, { ai_agent: AVA, ai_active: active });
    return setup(detail(), {
      thread: [message, answer],
      routes: {
        [`GET /v1/conversations/${id(1)}`]: () => ok(detail()),
        [`PUT /v1/conversations/${id(1)}/ai`]: (call) => {
          active = (call.body as { active: boolean }).active;
          return ok(detail());
        },
      },
    });
  }

  it("marks its answers with its name and lists the articles they drew on, the customer's messages unmarked", async () => {
    withAgent();
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    const bubble = (await screen.findByText('We open at 9.')).closest('[data-message-id]') as HTMLElement;
    expect(within(bubble).getByText('AI agent Ava')).toBeInTheDocument();
    expect(within(bubble).getByText('Sources: Opening hours, Returns')).toBeInTheDocument();
    const asked = screen.getByText('Where is my order?').closest('[data-message-id]') as HTMLElement;
    expect(asked).not.toHaveTextContent('AI agent');
    expect(asked).not.toHaveTextContent('Sources');
  });

  it('is taken over at once, and the header then offers to hand the conversation back', async () => {
    const { callsTo } = withAgent();
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    expect(await screen.findByText('AI agent Ava is answering')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Take over'));
    await waitFor(() => expect(callsTo('PUT', `/v1/conversations/${id(1)}/ai`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/conversations/${id(1)}/ai`)[0]!.body).toEqual({ active: false });
    expect(await screen.findByText('Hand back to AI agent')).toBeInTheDocument();
    expect(screen.getByText('Handed over from AI agent Ava')).toBeInTheDocument();
    expect(screen.queryByText('Take over')).not.toBeInTheDocument();
  });

  it('is handed the conversation back once the member confirms', async () => {
    const { callsTo } = withAgent(false);
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    fireEvent.click(await screen.findByText('Hand back to AI agent'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Hand this conversation back to Ava?');
    expect(callsTo('PUT', `/v1/conversations/${id(1)}/ai`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByText('Hand back to AI agent'));
    await waitFor(() => expect(callsTo('PUT', `/v1/conversations/${id(1)}/ai`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/conversations/${id(1)}/ai`)[0]!.body).toEqual({ active: true });
    expect(await screen.findByText('AI agent Ava is answering')).toBeInTheDocument();
  });

  it('shows its state but no switch to a member who may only read conversations', async () => {
    setup(conversation(1, { ai_agent: AVA }), { me: WORKSPACES[1]!, permissions: ['conversation_read'] });
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    expect(await screen.findByText('AI agent Ava is answering')).toBeInTheDocument();
    expect(screen.queryByText('Take over')).not.toBeInTheDocument();
  });

  it('shows nothing of an AI agent when the channel has none', async () => {
    setup(conversation(1));
    await renderApp(`/app/chat/chat?c=${id(1)}`);
    expect(await screen.findByText('Where is my order?')).toBeInTheDocument();
    expect(await screen.findByText('Resolve')).toBeInTheDocument();
    expect(screen.queryByText('Take over')).not.toBeInTheDocument();
    expect(screen.queryByText('Hand back to AI agent')).not.toBeInTheDocument();
    expect(screen.queryByText(/AI agent/)).not.toBeInTheDocument();
  });
});
