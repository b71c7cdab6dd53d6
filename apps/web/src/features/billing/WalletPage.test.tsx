import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { fail, ok, type StubCall } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render.tsx';
import { asOwner } from './test-support.ts';

const WALLET = { balance_cents: 123456, currency: 'usd', reserved_cents: 0, low_balance_threshold_cents: null };
const tx = (n: number, type: 'deposit' | 'withdrawal') => ({
  id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  created_at: 1_767_225_600 + n * 60,
  topic: type === 'deposit' ? 'top_up' : 'broadcast',
  description: type === 'deposit' ? null : 'Spring sale',
  amount_cents: type === 'deposit' ? 2000 : 150,
  type,
  balance_after_cents: 10000 + n,
});
const ALL = [...Array.from({ length: 12 }, (_, i) => tx(i + 1, i % 3 === 0 ? 'withdrawal' : 'deposit'))];

function transactions(call: StubCall, all = ALL) {
  const query = new URL(call.url, 'http://localhost').searchParams;
  const page = Number(query.get('page'));
  const size = Number(query.get('size'));
  const found = all.filter((row) => !query.get('type') || row.type === query.get('type'));
  return {
    status: 200,
    body: {
      success: true,
      data: found.slice((page - 1) * size, page * size),
      page: { page, size, total: found.length, total_pages: Math.ceil(found.length / size) },
    },
  };
}

/** A button by its text (role queries are slow on antd pages). */
const button = (text: string | RegExp, root: HTMLElement = document.body) =>
  within(root).getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement;

const findButton = async (text: string | RegExp, root: HTMLElement = document.body) =>
  (await within(root).findByText(text, { selector: 'button span' })).closest('button') as HTMLButtonElement;

const PAGE = '/app/organization/wallet';

describe('wallet page', () => {
  it('shows the balance as $D.CC and the transactions, paged and filtered by type', async () => {
    const { calls } = asOwner({ 'GET /v1/wallet': [ok(WALLET)], 'GET /v1/wallet/transactions': transactions });
    await renderApp(PAGE);
    expect(await screen.findByText('$1234.56')).toBeInTheDocument();
    const row = (await screen.findByText('2026-01-01 00:01')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Withdrawal')).toBeInTheDocument();
    expect(within(row).getByText('$1.50')).toBeInTheDocument();
    expect(within(row).getByText('$100.01')).toBeInTheDocument();
    expect(within(row).getByText(/Spring sale/)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByTitle('2'));
    expect(await screen.findByText('2026-01-01 00:11')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByLabelText('Type'));
    fireEvent.click(await screen.findByTitle('Deposit'));
    await waitFor(() => expect(calls.at(-1)?.url).toContain('type=deposit'));
    expect(calls.at(-1)?.url).toContain('page=1');
    await waitFor(() => expect(screen.queryByText('Withdrawal', { selector: '.ant-tag' })).not.toBeInTheDocument());
  });

  it('tops up whole dollars as integer cents, refusing less than $10', async () => {
    const { callsTo } = asOwner({
      'GET /v1/wallet': [ok(WALLET), ok({ ...WALLET, balance_cents: 125456 })],
      'GET /v1/wallet/transactions': transactions,
      'POST /v1/wallet/top-up': [ok({ ...WALLET, balance_cents: 125456 })],
    });
    await renderApp(PAGE);
    const amount = await screen.findByLabelText('Amount');
    const user = userEvent.setup();
    await user.clear(amount);
    await user.type(amount, '9');
    await user.click(button('Top up'));
    expect(await screen.findByText('top-up must be whole dollars, $10 at least')).toBeInTheDocument();
    expect(callsTo('POST', '/v1/wallet/top-up')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(button('Top up'));
    await waitFor(() => expect(callsTo('POST', '/v1/wallet/top-up')).toHaveLength(1));
    expect(callsTo('POST', '/v1/wallet/top-up')[0]?.body).toEqual({ amount_cents: 2000 });
    expect(await screen.findByText(/\$20\.00 was charged/)).toBeInTheDocument();
    expect(await screen.findByText('$1254.56')).toBeInTheDocument();
  });

  it('without a card says so and links to adding one', async () => {
    asOwner({
      'GET /v1/wallet': [ok(WALLET)],
      'GET /v1/wallet/transactions': transactions,
      'POST /v1/wallet/top-up': [fail(400, 'payment method required before subscribing or topping up')],
    });
    await renderApp(PAGE);
    await screen.findByText('$1234.56');
    await userEvent.setup().click(button('Top up'));
    expect(await screen.findByText('payment method required before subscribing or topping up')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a card' })).toHaveAttribute(
      'href',
      '/app/organization/settings?tab=billing',
    );
  });

  it('exports the transactions as .csv and .xlsx, and saves the low-balance threshold', async () => {
    const { calls, callsTo } = asOwner({
      'GET /v1/wallet': [ok(WALLET)],
      'GET /v1/wallet/transactions': transactions,
      'PUT /v1/wallet/settings': [ok({ ...WALLET, low_balance_threshold_cents: 5000 })],
      'GET /v1/wallet/transactions/export': [{ status: 200, body: 'date,topic' }],
    });
    URL.createObjectURL = vi.fn(() => 'blob:wallet');
    URL.revokeObjectURL = vi.fn();
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await findButton(/Export \.xlsx/));
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/wallet/transactions/export?format=xlsx')).toBe(true));
    await user.click(button(/Export \.csv/));
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/wallet/transactions/export?format=csv')).toBe(true));

    const threshold = screen.getByLabelText('Warn owners and admins under');
    await user.clear(threshold);
    await user.type(threshold, '50');
    await user.click(button('Save'));
    await waitFor(() => expect(callsTo('PUT', '/v1/wallet/settings')).toHaveLength(1));
    expect(callsTo('PUT', '/v1/wallet/settings')[0]?.body).toEqual({ low_balance_threshold_cents: 5000 });
  });

  it("shows a top-up Stripe's webhook credited once the server pushes it, without a reload", async () => {
    // the server's wallet, which the webhook moves while the page is open
    let wallet = WALLET;
    let rows = ALL;
    const { callsTo } = asOwner({
      'GET /v1/wallet': () => ok(wallet),
      'GET /v1/wallet/transactions': (call) => transactions(call, rows),
    });
    await renderApp(PAGE);
    const balance = async () =>
      (await screen.findByText('Balance', { selector: '.ant-statistic-header *' })).closest('.ant-statistic')!;
    expect(await balance()).toHaveTextContent('$1234.56');
    await screen.findByText('2026-01-01 00:01');
    const socket = FakeWebSocket.latest();
    act(() => socket.open());

    const topUp = { ...tx(13, 'deposit'), amount_cents: 5000, balance_after_cents: 128456 };
    wallet = { ...WALLET, balance_cents: 128456 };
    rows = [topUp, ...ALL];
    const reads = callsTo('GET', '/v1/wallet').length;
    act(() =>
      socket.receive({ action: 'wallet.changed', success: true, data: { balance_cents: 128456, reserved_cents: 0 } }),
    );
    await waitFor(async () => expect(await balance()).toHaveTextContent('$1284.56'));
    const row = (await screen.findByText('2026-01-01 00:13')).closest('tr') as HTMLElement;
    expect(within(row).getByText('$50.00')).toBeInTheDocument();
    expect(within(row).getByText('$1284.56')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/v1/wallet').length).toBeGreaterThan(reads));
  });
});
