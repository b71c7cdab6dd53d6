import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { ok } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render.tsx';
import { customer } from '../customers/test-support.ts';
import {
  broadcast,
  choose,
  LIST,
  PAGE,
  paged,
  progress,
  recipient,
  SALES,
  SPRING,
  setup,
  TEMPLATE,
  VIP,
} from './test-support.ts';

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('WhatsApp broadcasts', () => {
  it("lists the broadcasts with their status, progress and send time on the organization's clock", async () => {
    setup({}, 'Asia/Hong_Kong');
    await renderApp(PAGE);
    const spring = await rowOf('Spring sale');
    expect(within(spring).getByText('Sending')).toBeInTheDocument();
    expect(within(spring).getByText('20 of 50 done')).toBeInTheDocument();
    expect(within(spring).getByText('order_ready')).toBeInTheDocument();
    expect(within(spring).getByText('Sales line')).toBeInTheDocument();
    expect(within(await rowOf('Summer sale')).getByText('Scheduled')).toBeInTheDocument();
    expect(within(await rowOf('Winter sale')).getByText('Completed')).toBeInTheDocument();
    // 2026-03-01 00:00 UTC is 08:00 in Hong Kong, whatever the browser's zone
    expect(within(spring).getAllByText('2026-03-01 08:00')).toHaveLength(2);
  });

  it('creates a broadcast with exactly the contract body: fields or fixed values, audience by tags', async () => {
    const created = broadcast(9, 'Order ready');
    const { callsTo } = setup({
      [`POST ${LIST}`]: [ok(created)],
      [`GET ${LIST}/${created.id}`]: [ok(created)],
      [`GET ${LIST}/${created.id}/jobs`]: [paged([])],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New broadcast' }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Order ready' } });
    await choose('Template', 'order_ready · en_US');
    const preview = await screen.findByTestId('template-preview');
    expect(preview).toHaveTextContent('Hello [First name], your order {{2}} is ready');
    fireEvent.change(screen.getByLabelText('Text of {{2}}'), { target: { value: 'A-1' } });
    await waitFor(() => expect(preview).toHaveTextContent('Hello [First name], your order A-1 is ready'));
    await choose('Tags', 'VIP (50)');
    await user.click(screen.getByLabelText('All of the tags'));

    await user.click(screen.getByRole('button', { name: 'Create broadcast' }));
    await waitFor(() => expect(callsTo('POST', LIST)).toHaveLength(1));
    expect(callsTo('POST', LIST)[0]?.body).toEqual({
      name: 'Order ready',
      channel_id: SALES.id,
      template_id: TEMPLATE.id,
      parameters: [
        { key: '1', field: 'first_name' },
        { key: '2', value: 'A-1' },
      ],
      audience: { tag_ids: [VIP.id], tag_mode: 'all' },
    });
    // on to its details page
    expect(await screen.findByText('Estimated cost')).toBeInTheDocument();
  });

  it('sends to customers chosen by a server search', async () => {
    const ann = customer(1, { display_name: 'Ann Lee', whatsapp_id: '85290000001' });
    const { callsTo } = setup({
      'GET /v1/customers': [paged([ann])],
      [`POST ${LIST}`]: [ok(broadcast(9, 'Hand picked'))],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New broadcast' }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Hand picked' } });
    await choose('Template', 'order_ready · en_US');
    await choose('Customers', 'Ann Lee · 85290000001');
    await user.click(screen.getByRole('button', { name: 'Create broadcast' }));
    await waitFor(() => expect(callsTo('POST', LIST)).toHaveLength(1));
    expect(callsTo('POST', LIST)[0]?.body).toMatchObject({
      name: 'Hand picked',
      audience: { customer_ids: [ann.id] },
    });
    expect(callsTo('POST', LIST)[0]?.body).not.toHaveProperty('send_at');
  });

  it("shows the server's refusal, e.g. a time in the past", async () => {
    const { callsTo } = setup({
      [`POST ${LIST}`]: [
        { status: 400, body: { success: false, error: 'The send time must be in the future', trace_id: 't' } },
      ],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New broadcast' }));
    await choose('Template', 'order_ready · en_US');
    await user.click(screen.getByRole('button', { name: 'Create broadcast' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The send time must be in the future');
    expect(callsTo('POST', LIST)).toHaveLength(1);
  });

  it('shows the counts and cost, moves the bar on a pushed broadcast.progress, and pauses', async () => {
    const paused = { ...SPRING, status: 'paused' as const };
    const { callsTo } = setup({
      // after the pause, the page reads the broadcast again
      [`GET ${LIST}/${SPRING.id}`]: [ok(SPRING), ok(paused)],
      [`GET ${LIST}/${SPRING.id}/jobs`]: [
        paged([recipient(1), recipient(2)]),
        paged([recipient(1), recipient(2)]),
        paged([recipient(1), recipient(2)]),
      ],
      [`POST ${LIST}/${SPRING.id}/pause`]: [ok(paused)],
    });
    await renderApp(`${PAGE}/${SPRING.id}`);
    expect(await screen.findByText('$12.34')).toBeInTheDocument();
    expect(await screen.findByText('+85290000001')).toBeInTheDocument();
    expect(screen.getByTestId('count-total')).toHaveTextContent('50');
    expect(screen.getByTestId('count-sent')).toHaveTextContent('20');
    expect(screen.getByTestId('broadcast-progress')).toHaveTextContent('20 of 50 done');

    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    act(() =>
      socket.receive({
        action: 'broadcast.progress',
        success: true,
        data: {
          id: SPRING.id,
          status: 'sending',
          status_reason: null,
          progress: progress({ pending: 10, sent: 25, delivered: 10, read: 3, failed: 2 }),
        },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('broadcast-progress')).toHaveTextContent('40 of 50 done'));
    expect(screen.getByTestId('count-delivered')).toHaveTextContent('10');
    expect(screen.getByTestId('count-failed')).toHaveTextContent('2');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(callsTo('POST', `${LIST}/${SPRING.id}/pause`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('cancels a broadcast only once confirmed, and explains skipped and failed recipients', async () => {
    const { callsTo } = setup({
      [`GET ${LIST}/${SPRING.id}`]: [ok(SPRING)],
      [`GET ${LIST}/${SPRING.id}/jobs`]: [
        paged([recipient(1)]),
        paged([
          recipient(2, { status: 'skipped', skip_reason: 'opted_out' }),
          recipient(3, { status: 'failed', error_code: '131026', error_title: 'Message undeliverable' }),
        ]),
      ],
      [`POST ${LIST}/${SPRING.id}/cancel`]: [ok({ ...SPRING, status: 'cancelled' })],
    });
    await renderApp(`${PAGE}/${SPRING.id}`);
    const user = userEvent.setup();
    await screen.findByText('+85290000001');
    await user.click(screen.getByText('Processed'));
    expect(await screen.findByText('Opted out of marketing')).toBeInTheDocument();
    expect(screen.getByText('131026')).toBeInTheDocument();
    expect(screen.getByText('Message undeliverable')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel broadcast' }));
    const dialog = await screen.findByRole('dialog');
    expect(callsTo('POST', `${LIST}/${SPRING.id}/cancel`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel broadcast' }));
    await waitFor(() => expect(callsTo('POST', `${LIST}/${SPRING.id}/cancel`)).toHaveLength(1));
  });

  it('says in words why the server paused a broadcast, links to the fix, and never shows the raw reason', async () => {
    const short = broadcast(4, 'Autumn sale', { status: 'paused', status_reason: 'wallet_insufficient_funds' });
    const odd = broadcast(5, 'Odd sale', { status: 'paused', status_reason: 'something_new' });
    setup({
      [`GET ${LIST}`]: [paged([short, odd])],
      [`GET ${LIST}/${short.id}`]: [ok(short)],
      [`GET ${LIST}/${short.id}/jobs`]: [paged([])],
    });
    await renderApp(PAGE);
    expect(within(await rowOf('Autumn sale')).getByText('Wallet too low')).toBeInTheDocument();
    expect(within(await rowOf('Odd sale')).getByText('Paused by the system')).toBeInTheDocument();
    expect(screen.queryByText(/something_new|wallet_insufficient_funds/)).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Open Autumn sale' }));
    const walletText = 'Paused: the wallet cannot cover this broadcast. Top up the wallet, then resume.';
    expect(await screen.findByText(walletText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Top up the wallet' })).toHaveAttribute('href', '/app/organization/wallet');

    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    const push = (status_reason: string | null) =>
      act(() =>
        socket.receive({
          action: 'broadcast.progress',
          success: true,
          data: { id: short.id, status: 'paused', status_reason, progress: short.progress },
        }),
      );
    push('channel_token_rejected');
    expect(
      await screen.findByText("Paused: Meta rejected the channel's access token. Reconnect the channel, then resume."),
    ).toBeInTheDocument();
    expect(screen.queryByText(walletText)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open channels' })).toHaveAttribute('href', '/app/chat/channel');
    push('something_new');
    expect(await screen.findByText('Paused by the system. Resume it when ready.')).toBeInTheDocument();
    expect(screen.queryByText(/something_new/)).not.toBeInTheDocument();
    // paused by hand: no notice
    push(null);
    await waitFor(() => expect(screen.queryByText(/^Paused(:| by the system)/)).not.toBeInTheDocument());
  });
});
