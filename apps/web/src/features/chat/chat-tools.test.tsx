import type { CannedReply, ConversationDetail } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { fail, ok, stubFetch } from '../../test/fetch-stub.ts';
import {
  approvedTemplate,
  customerFixture,
  memberOf,
  PUBLIC_SETTINGS,
  WORKSPACES,
  whatsappChannel,
} from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CannedRepliesDrawer } from './CannedRepliesDrawer.tsx';
import { CustomerConversations } from './CustomerConversations.tsx';
import { NewConversationDialog } from './NewConversationDialog.tsx';

const AMY = customerFixture();
const SALES = whatsappChannel();

function conversation(index: number, extra: Partial<ConversationDetail> = {}): ConversationDetail {
  return {
    id: `70000000-0000-4000-8000-00000000000${index}`,
    channel_id: SALES.id,
    channel_type: 'whatsapp',
    status: 'open',
    unread_count: 0,
    last_message_at: 1_700_000_000 + index * 60,
    last_message_preview: `Message ${index}`,
    assignee_member_id: null,
    team_id: null,
    all_teams: false,
    labels: [],
    snoozed: false,
    snoozed_until: null,
    ai_active: true,
    customer: { id: AMY.id, display_name: AMY.display_name, phone: AMY.phone },
    created_at: 1_700_000_000,
    session_expires_at: null,
    csat_score: null,
    csat_comment: null,
    csat_rated_at: null,
    ai_agent: null,
    ...extra,
  };
}

const THANKS: CannedReply = {
  id: '80000000-0000-4000-8000-000000000001',
  shortcut: 'thanks',
  text: 'Thank you for writing to us!',
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
};

function setup(extra: Parameters<typeof stubFetch>[0] = {}) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf(WORKSPACES[0]!));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/channels': [ok([SALES])],
    ...extra,
  });
}

/** The open antd modal or drawer (rendered in a portal). */
const panel = (selector: '.ant-modal' | '.ant-drawer-section') =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(selector);
    expect(found).not.toBeNull();
    return found!;
  });

async function chooseChannel(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  fireEvent.mouseDown(within(dialog).getByLabelText('Channel'));
  await user.click(await screen.findByText('Sales line · WhatsApp', { selector: '.ant-select-item-option-content' }));
}

describe('new conversation dialog', () => {
  it('searches customers, posts exactly the customer and the channel, and hands back the id', async () => {
    // the customer wrote an hour ago: the window is open, a free reply can follow
    const started = conversation(1, { session_expires_at: Math.floor(Date.now() / 1000) + 23 * 3600 });
    const { callsTo } = setup({
      'GET /v1/customers': [{ status: 200, body: { success: true, data: [AMY], page: { page: 1, total_pages: 1 } } }],
      'POST /v1/conversations': [ok(started)],
    });
    const onStarted = vi.fn();
    renderWithProviders(<NewConversationDialog open onClose={() => {}} onStarted={onStarted} />);
    const dialog = await panel('.ant-modal');
    expect(dialog).toHaveTextContent('New conversation');
    expect(dialog).toHaveTextContent(/only a template message can be sent first/);
    const user = userEvent.setup();

    await user.type(within(dialog).getByLabelText('Customer'), 'Amy');
    await waitFor(() => expect(callsTo('GET', '/v1/customers').at(-1)?.url).toContain('keyword=Amy'), {
      timeout: 2000,
    });
    await user.click(
      await screen.findByText('Amy Chan · +85251234567', { selector: '.ant-select-item-option-content' }),
    );
    await chooseChannel(user, dialog);
    await user.click(within(dialog).getByText('Start'));

    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(started.id));
    expect(callsTo('POST', '/v1/conversations').map((call) => call.body)).toEqual([
      { customer_id: AMY.id, channel_id: SALES.id },
    ]);
  });

  it('offers the template picker when the WhatsApp window is closed, and sends the template there', async () => {
    const started = conversation(2);
    const template = approvedTemplate({ channel_id: SALES.id });
    const { callsTo } = setup({
      'POST /v1/conversations': [ok(started)],
      'GET /v1/whatsapp-templates': [ok([template])],
      [`GET /v1/customers/${AMY.id}`]: [ok(AMY)],
      [`POST /v1/conversations/${started.id}/messages`]: [
        ok({
          id: '71000000-0000-4000-8000-000000000001',
          conversation_id: started.id,
          direction: 'outbound',
          sender_type: 'member',
          sources: null,
          type: 'template',
          text: '[template] order_update',
          content: {},
          status: 'sent',
          external_id: 'wamid.1',
          media_url: null,
          media_type: null,
          error_code: null,
          error_title: null,
          seq: 1,
          created_at: 1_700_000_100,
        }),
      ],
    });
    const onStarted = vi.fn();
    renderWithProviders(<NewConversationDialog open onClose={() => {}} onStarted={onStarted} customerId={AMY.id} />);
    const user = userEvent.setup();
    await chooseChannel(user, await panel('.ant-modal'));
    await user.click(screen.getByText('Start'));

    const picker = await screen.findByRole('dialog', { name: 'Send a template' });
    expect(onStarted).not.toHaveBeenCalled();
    fireEvent.mouseDown(within(picker).getByRole('combobox', { name: 'Approved template' }));
    fireEvent.click(await screen.findByTitle('order_update · en_US'));
    fireEvent.change(await within(picker).findByLabelText('Text of {{2}}'), { target: { value: 'A-7' } });
    expect(await within(picker).findByTestId('template-preview')).toHaveTextContent('Hi Amy, order A-7 shipped');
    fireEvent.click(within(picker).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(started.id));
    expect(callsTo('POST', `/v1/conversations/${started.id}/messages`)[0]?.body).toMatchObject({
      type: 'template',
      template: { name: 'order_update', components: [{ parameters: [{ text: 'Amy' }, { text: 'A-7' }] }] },
    });
  });

  it('shows the server’s refusal inside the dialog', async () => {
    const refusal = 'this customer cannot be reached on this channel: they have no id or number for it';
    setup({ 'POST /v1/conversations': [fail(400, refusal)] });
    const onStarted = vi.fn();
    renderWithProviders(<NewConversationDialog open onClose={() => {}} onStarted={onStarted} customerId={AMY.id} />);
    const dialog = await panel('.ant-modal');
    expect(within(dialog).queryByLabelText('Customer')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await chooseChannel(user, dialog);
    await user.click(within(dialog).getByText('Start'));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(onStarted).not.toHaveBeenCalled();
  });
});

describe('canned replies drawer', () => {
  it('adds a reply with its shortcut and text, and shows a taken shortcut', async () => {
    const taken = 'another canned reply has this shortcut';
    const { callsTo } = setup({
      'GET /v1/canned-replies': [ok([])],
      'POST /v1/canned-replies': [
        ok({ ...THANKS, shortcut: 'hello', text: 'Hello there' }),
        fail(409, taken, 't', { shortcut: taken }),
      ],
    });
    renderWithProviders(<CannedRepliesDrawer open onClose={() => {}} canWrite />);
    const drawer = await panel('.ant-drawer-section');
    expect(await within(drawer).findByText('No canned replies yet.')).toBeInTheDocument();
    const user = userEvent.setup();

    await user.type(within(drawer).getByLabelText('Shortcut'), ' Hello ');
    await user.type(within(drawer).getByLabelText('Text'), 'Hello there');
    await user.click(within(drawer).getByText('Add'));
    await waitFor(() => expect(callsTo('POST', '/v1/canned-replies')).toHaveLength(1));
    expect(callsTo('POST', '/v1/canned-replies')[0]?.body).toEqual({ shortcut: 'hello', text: 'Hello there' });

    // the form is empty again; the same shortcut a second time is refused
    await waitFor(() => expect(within(drawer).getByLabelText('Shortcut')).toHaveValue(''));
    await user.type(within(drawer).getByLabelText('Shortcut'), 'hello');
    await user.type(within(drawer).getByLabelText('Text'), 'Hi again');
    await user.click(within(drawer).getByText('Add'));
    // under the shortcut, as the server names the field
    expect((await within(drawer).findByText(taken)).closest('.ant-form-item')).toHaveTextContent('Shortcut');
  });

  it('lists replies and deletes one only once confirmed', async () => {
    const { callsTo } = setup({
      'GET /v1/canned-replies': [ok([THANKS]), ok([])],
      [`DELETE /v1/canned-replies/${THANKS.id}`]: [ok({ message: 'deleted' })],
    });
    renderWithProviders(<CannedRepliesDrawer open onClose={() => {}} canWrite />);
    const drawer = await panel('.ant-drawer-section');
    expect(await within(drawer).findByText('/thanks')).toBeInTheDocument();
    expect(within(drawer).getByText(THANKS.text)).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(within(drawer).getByLabelText('Delete /thanks'));
    const dialog = await panel('.ant-modal');
    expect(dialog).toHaveTextContent('Delete the canned reply /thanks?');
    expect(callsTo('DELETE', `/v1/canned-replies/${THANKS.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByText('Delete'));
    await waitFor(() => expect(callsTo('DELETE', `/v1/canned-replies/${THANKS.id}`)).toHaveLength(1));
    expect(await within(drawer).findByText('No canned replies yet.')).toBeInTheDocument();
  });

  it('only lists without write permission', async () => {
    setup({ 'GET /v1/canned-replies': [ok([THANKS])] });
    renderWithProviders(<CannedRepliesDrawer open onClose={() => {}} canWrite={false} />);
    const drawer = await panel('.ant-drawer-section');
    expect(await within(drawer).findByText('/thanks')).toBeInTheDocument();
    expect(within(drawer).queryByLabelText('Shortcut')).not.toBeInTheDocument();
    expect(within(drawer).queryByLabelText('Delete /thanks')).not.toBeInTheDocument();
  });
});

describe('customer conversations', () => {
  it('lists the customer’s conversations newest first, each a link into the inbox', async () => {
    const older = conversation(1, { status: 'closed', channel_type: 'messenger' });
    const newer = conversation(2, { unread_count: 3 });
    const { callsTo } = setup({ 'GET /v1/conversations': [ok([older, newer])] });
    renderWithProviders(<CustomerConversations customerId={AMY.id} canStart />);
    const first = (await screen.findByText('Message 2')).closest('a')!;
    expect(first).toHaveAttribute('href', `/app/chat/chat?c=${newer.id}`);
    expect(first).toHaveTextContent('Open');
    expect(first).toHaveTextContent('3');
    const second = screen.getByText('Message 1').closest('a')!;
    expect(second).toHaveAttribute('href', `/app/chat/chat?c=${older.id}`);
    expect(second).toHaveTextContent('Closed');
    expect(second).toHaveTextContent('Messenger');
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(callsTo('GET', '/v1/conversations')[0]?.url).toContain(`customer_id=${AMY.id}`);
    expect(screen.getByText('Start conversation')).toBeInTheDocument();
  });

  it('says so when there are none, and starts one with the customer preset', async () => {
    const started = conversation(3, { session_expires_at: Math.floor(Date.now() / 1000) + 3600 });
    const { callsTo } = setup({ 'GET /v1/conversations': [ok([])], 'POST /v1/conversations': [ok(started)] });
    const { router } = renderWithProviders(<CustomerConversations customerId={AMY.id} canStart />);
    expect(await screen.findByText('No conversations with this customer yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByText('Start conversation'));
    const dialog = await panel('.ant-modal');
    await chooseChannel(user, dialog);
    await user.click(within(dialog).getByText('Start'));
    await waitFor(() => expect(router.state.location.search).toBe(`?c=${started.id}`));
    expect(router.state.location.pathname).toBe('/app/chat/chat');
    expect(callsTo('POST', '/v1/conversations')[0]?.body).toEqual({ customer_id: AMY.id, channel_id: SALES.id });
  });
});
