import type { Channel, WhatsappTemplate } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import {
  approvedTemplate,
  memberOf,
  PUBLIC_SETTINGS,
  subscriptionFixture,
  WORKSPACES,
  whatsappChannel,
} from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const PAGE = '/app/chat/whatsapp-template';
const LIST = '/v1/whatsapp-templates';

const channel = whatsappChannel;
const SALES = channel('60000000-0000-4000-8000-000000000001', 'Sales line');
const SUPPORT = channel('60000000-0000-4000-8000-000000000002', 'Support line');

const template = (id: string, name: string, extra: Partial<WhatsappTemplate> = {}): WhatsappTemplate =>
  approvedTemplate({ id, name, body: 'Hello {{1}}', parameters: [{ key: '1', value: 'Ann' }], ...extra });
const PENDING = template('70000000-0000-4000-8000-000000000001', 'order_pending', { status: 'pending' });
const APPROVED = template('70000000-0000-4000-8000-000000000002', 'order_ready', { quality: 'GREEN' });
const REASON = 'The template contains a variable at the start of the message';
const REJECTED = template('70000000-0000-4000-8000-000000000003', 'promo_spring', {
  status: 'rejected',
  category: 'marketing',
  rejected_reason: REASON,
});
const TEMPLATES = [PENDING, APPROVED, REJECTED];

const paged = (items: WhatsappTemplate[]) => ({
  status: 200,
  body: { success: true, data: items, page: { page: 1, size: 10, total: items.length, total_pages: 1 } },
});

function setup(extra: Parameters<typeof stubFetch>[0] = {}, channels: Channel[] = [SALES]) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf({ ...WORKSPACES[0]!, role: 'owner' }));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/channels': [ok(channels)],
    [`GET ${LIST}`]: [paged(TEMPLATES)],
    ...extra,
  });
}

/** The table row of a template. */
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** The open drawer (antd puts it in a portal). */
const drawer = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-drawer-section');
    expect(found).not.toBeNull();
    return found!;
  });

const change = (panel: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(panel).getByLabelText(label), { target: { value } });

describe('WhatsApp templates page', () => {
  it("lists the templates with their review status, Meta's reason for a rejection, and no edit while pending", async () => {
    setup();
    await renderApp(PAGE);
    const pending = await rowOf('order_pending');
    const approved = await rowOf('order_ready');
    const rejected = await rowOf('promo_spring');
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(within(approved).getByText('High')).toBeInTheDocument();
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(approved).getByText('Sales line')).toBeInTheDocument();

    expect(within(pending).getByLabelText('Edit order_pending')).toBeDisabled();
    expect(within(approved).getByLabelText('Edit order_ready')).toBeEnabled();
    expect(within(rejected).getByLabelText('Edit promo_spring')).toBeEnabled();

    // Meta's reason is a hover away
    expect(screen.queryByText(REASON)).not.toBeInTheDocument();
    await userEvent.setup().hover(within(rejected).getByText('Rejected'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(REASON);
  });

  it('deletes a template only once the deletion is confirmed', async () => {
    const { callsTo } = setup({
      [`GET ${LIST}`]: [paged(TEMPLATES), paged([PENDING, REJECTED])],
      [`DELETE ${LIST}/${APPROVED.id}`]: [ok({ message: 'Delete successfully' })],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(within(await rowOf('order_ready')).getByLabelText('Delete order_ready'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the template order_ready?');

    // Cancel sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE', `${LIST}/${APPROVED.id}`)).toHaveLength(0);

    await user.click(within(await rowOf('order_ready')).getByLabelText('Delete order_ready'));
    const again = await screen.findByRole('dialog');
    expect(callsTo('DELETE', `${LIST}/${APPROVED.id}`)).toHaveLength(0);
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE', `${LIST}/${APPROVED.id}`)).toHaveLength(1));
    expect(await screen.findByText('Delete successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('order_ready')).not.toBeInTheDocument());
  });

  it('syncs the channel from Meta and tells how many templates came in and changed', async () => {
    const { callsTo } = setup({ [`POST ${LIST}/sync`]: [ok({ created: 3, updated: 2 })] });
    await renderApp(PAGE);
    await screen.findByText('order_ready');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sync from Meta' }));
    await waitFor(() => expect(callsTo('POST', `${LIST}/sync`)).toHaveLength(1));
    expect(callsTo('POST', `${LIST}/sync`)[0]?.body).toEqual({ channel_id: SALES.id });
    expect(await screen.findByText('Synced from Meta: 3 new, 2 updated')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', LIST).length).toBeGreaterThan(1));
  });

  it('checks an empty form against the contract before sending anything', async () => {
    const { callsTo } = setup({}, [SALES, SUPPORT]);
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const panel = await drawer();
    await user.click(within(panel).getByRole('button', { name: 'Submit to Meta' }));
    expect(await within(panel).findByText('template name is required')).toBeInTheDocument();
    expect(within(panel).getByText('choose a WhatsApp channel')).toBeInTheDocument();
    expect(within(panel).getByText('body is required')).toBeInTheDocument();
    expect(callsTo('POST', LIST)).toHaveLength(0);
  });

  it('makes a row per placeholder, previews the example values and submits exactly the contract body', async () => {
    const created = template('70000000-0000-4000-8000-000000000009', 'order_update', { status: 'pending' });
    const { callsTo } = setup({ [`POST ${LIST}`]: [ok(created)] });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const panel = await drawer();
    const preview = within(panel).getByTestId('template-preview');
    expect(within(panel).queryByLabelText('Placeholder 1')).not.toBeInTheDocument();

    change(panel, 'Name', 'order_update');
    change(panel, 'Body', 'Hello {{1}}, your order {{2}} is ready');
    expect(await within(panel).findByLabelText('Placeholder 1')).toHaveValue('1');
    expect(within(panel).getByLabelText('Placeholder 2')).toHaveValue('2');
    expect(within(panel).queryByLabelText('Placeholder 3')).not.toBeInTheDocument();
    expect(preview).toHaveTextContent('Hello {{1}}, your order {{2}} is ready');

    change(panel, 'Example value of placeholder 1', 'Ann');
    change(panel, 'Example value of placeholder 2', 'A-1');
    await waitFor(() => expect(preview).toHaveTextContent('Hello Ann, your order A-1 is ready'));

    await user.click(within(panel).getByRole('button', { name: 'Submit to Meta' }));
    await waitFor(() => expect(callsTo('POST', LIST)).toHaveLength(1));
    expect(callsTo('POST', LIST)[0]?.body).toEqual({
      channel_id: SALES.id,
      name: 'order_update',
      category: 'marketing',
      language: 'en_US',
      header: { type: 'none' },
      body: 'Hello {{1}}, your order {{2}} is ready',
      parameters: [
        { key: '1', value: 'Ann' },
        { key: '2', value: 'A-1' },
      ],
      buttons: [],
    });
    await waitFor(() => expect(document.querySelector('.ant-drawer-section')).toBeNull());
  });
});
