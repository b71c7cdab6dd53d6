import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fetch-stub.ts';
import { subscriptionFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { asOwner, publicPlan } from './test-support.ts';

// Stripe.js is Stripe's script from their servers: the tests stand in for its confirmSetup answer
const stripe = vi.hoisted(() => ({
  confirmSetup: vi.fn(),
  loadStripe: vi.fn(),
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <div data-testid="stripe-elements">{children}</div>,
  PaymentElement: () => <div>card fields</div>,
  useStripe: () => ({ confirmSetup: stripe.confirmSetup }),
  useElements: () => ({}),
}));

/** A button by its text (role queries are slow on antd pages). */
const button = (text: string | RegExp, root: HTMLElement = document.body) =>
  within(root).getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement;

const findButton = async (text: string | RegExp, root: HTMLElement = document.body) =>
  (await within(root).findByText(text, { selector: 'button span' })).closest('button') as HTMLButtonElement;

const findDialog = async () =>
  (
    await screen.findByText((_, element) =>
      Boolean(element?.matches('.ant-modal-wrap:not([style*="none"]) .ant-modal-title')),
    )
  ).closest('.ant-modal') as HTMLElement;

const PAGE = '/app/organization/settings?tab=billing';
const BASIC = publicPlan(1, { name: 'Basic' });
const PRO = publicPlan(2, { name: 'Pro', popular: true, discounted_yearly_price_cents: 50000 });
const ACTIVE = subscriptionFixture({
  billing_enabled: true,
  plan_tag: BASIC.tag,
  plan_name: 'Basic',
  status: 'active',
  billing_cycle: 'monthly',
  start: 1_767_225_600,
  end: 1_769_904_000,
  next_billing_date: 1_769_904_000,
  auto_renewal: true,
  paid_price_cents: 2900,
  currency: 'usd',
  features: ['broadcast'],
});
const CARD = { id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030, is_default: true };

const billing = (extra: Parameters<typeof asOwner>[0] = {}) =>
  asOwner({
    'GET /v1/subscription/current': [ok(ACTIVE)],
    'GET /public/v1/subscription-plans': [ok([BASIC, PRO])],
    'GET /v1/billing/payment-methods': [ok([CARD])],
    'GET /v1/subscription/invoices': [
      ok([
        {
          id: 'in_1',
          number: 'INV-0001',
          status: 'paid',
          amount_paid_cents: 2900,
          amount_due_cents: 2900,
          currency: 'usd',
          created_at: 1_767_225_600,
          period_start: 1_767_225_600,
          period_end: 1_769_904_000,
          hosted_invoice_url: 'https://invoice.stripe.test/in_1',
        },
      ]),
    ],
    'GET /v1/workspace/current': [fail(500, 'unknown error')],
    ...extra,
  });

describe('subscription tab', () => {
  it('shows the plan, its status, cycle, period and invoices', async () => {
    billing();
    await renderApp(PAGE);
    const current = (await screen.findByText('Current plan', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(await within(current).findByText('Active')).toBeInTheDocument();
    expect(within(current).getByText('Basic')).toBeInTheDocument();
    expect(within(current).getByText('Monthly')).toBeInTheDocument();
    expect(within(current).getAllByText('2026-02-01')).toHaveLength(2);
    expect(within(current).getByText('$29.00')).toBeInTheDocument();
    expect((await screen.findByText('View invoice')).closest('a')).toHaveAttribute(
      'href',
      'https://invoice.stripe.test/in_1',
    );
    expect(screen.getByText('INV-0001')).toBeInTheDocument();
  });

  it('upgrades at once with the cycle chosen, and shows a downgrade as scheduled that can be withdrawn', async () => {
    const upgraded = { ...ACTIVE, plan_tag: PRO.tag, plan_name: 'Pro', billing_cycle: 'yearly' as const };
    const { callsTo } = billing({
      'PUT /v1/subscription/current': [ok(upgraded), ok({ ...upgraded, next_plan_tag: BASIC.tag })],
      'DELETE /v1/subscription/current/next-plan': [ok(upgraded)],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByText('Yearly'));
    expect(await screen.findByText('$500.00')).toBeInTheDocument();
    await user.click(button('Choose Pro'));
    await waitFor(() => expect(callsTo('PUT', '/v1/subscription/current')).toHaveLength(1));
    expect(callsTo('PUT', '/v1/subscription/current')[0]?.body).toEqual({
      plan_tag: 'plan-2',
      billing_cycle: 'yearly',
    });
    expect(await screen.findByText('You are now on Pro.')).toBeInTheDocument();
    expect(button('Current plan')).toBeDisabled();

    await user.click(button('Choose Basic'));
    expect(await screen.findByText('Basic starts on 2026-02-01, at the next billing cycle.')).toBeInTheDocument();
    expect(screen.getByText('From 2026-02-01 the plan changes to Basic.')).toBeInTheDocument();
    await user.click(button('Withdraw'));
    await waitFor(() => expect(callsTo('DELETE', '/v1/subscription/current/next-plan')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/the plan changes to/)).not.toBeInTheDocument());
  });

  it('names a scheduled plan no longer on offer by its tag', async () => {
    billing({ 'GET /v1/subscription/current': [ok({ ...ACTIVE, next_plan_tag: 'legacy' })] });
    await renderApp(PAGE);
    expect(await screen.findByText('From 2026-02-01 the plan changes to legacy.')).toBeInTheDocument();
  });

  it('tells that the last payment failed while past due', async () => {
    billing({ 'GET /v1/subscription/current': [ok({ ...ACTIVE, status: 'past_due' })] });
    await renderApp(PAGE);
    expect(await screen.findByText('Past due')).toBeInTheDocument();
    expect(screen.getByText(/The last payment failed/)).toBeInTheDocument();
  });

  it('refuses a plan without a card with the server’s words', async () => {
    billing({
      'GET /v1/billing/payment-methods': [ok([])],
      'PUT /v1/subscription/current': [fail(400, 'payment method required before subscribing or topping up')],
    });
    await renderApp(PAGE);
    await userEvent.setup().click(await findButton('Choose Pro'));
    expect(await screen.findByText('payment method required before subscribing or topping up')).toBeInTheDocument();
    expect(screen.getByText('Add a card under Payment methods below first.')).toBeInTheDocument();
    expect(screen.getByText('No card yet')).toBeInTheDocument();
  });

  it('cancels after confirmation, keeping access until the period ends, and resumes', async () => {
    const cancelled = { ...ACTIVE, status: 'cancelled' as const, auto_renewal: false };
    const { callsTo } = billing({
      'POST /v1/subscription/current/cancel': [ok(cancelled)],
      'POST /v1/subscription/current/resume': [ok(ACTIVE)],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await findButton('Cancel subscription'));
    const dialog = await findDialog();
    expect(within(dialog).getByText(/usable until 2026-02-01/)).toBeInTheDocument();
    await user.click(button('Keep it', dialog));
    expect(callsTo('POST', '/v1/subscription/current/cancel')).toHaveLength(0);

    const current = screen
      .getByText('Current plan', { selector: '.ant-card-head-title' })
      .closest('.ant-card') as HTMLElement;
    await user.click(button('Cancel subscription', current));
    await user.click(button('Cancel subscription', await findDialog()));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByText('access until 2026-02-01')).toBeInTheDocument();
    await user.click(button('Resume subscription'));
    await waitFor(() => expect(callsTo('POST', '/v1/subscription/current/resume')).toHaveLength(1));
    expect(await screen.findByText('Active')).toBeInTheDocument();
  });

  it('adds a card through Stripe Elements, then lists it; sets the default and removes one after confirmation', async () => {
    const added = { id: 'pm_2', brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2031, is_default: false };
    stripe.loadStripe.mockResolvedValue({});
    stripe.confirmSetup
      .mockResolvedValueOnce({ error: { message: 'Your card was declined.' } })
      .mockResolvedValueOnce({ setupIntent: { payment_method: 'pm_2' } });
    const { callsTo } = billing({
      'GET /v1/billing/payment-methods': [
        ok([CARD]),
        ok([CARD, added]),
        ok([
          { ...CARD, is_default: false },
          { ...added, is_default: true },
        ]),
        ok([{ ...added, is_default: true }]),
      ],
      'POST /v1/billing/setup-intent': [ok({ client_secret: 'seti_1_secret', publishable_key: 'pk_test_1' })],
      'POST /v1/billing/payment-methods': [ok(added)],
      'PUT /v1/billing/payment-methods/pm_2/default': [ok({ ...added, is_default: true })],
      'DELETE /v1/billing/payment-methods/pm_1': [ok({ id: 'pm_1' })],
    });
    await renderApp(PAGE);
    expect(await screen.findByText('VISA •••• 4242, expires 04/2030')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(button(/Add card/));
    expect(await screen.findByText('card fields')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_1');
    await user.click(button('Save card'));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(callsTo('POST', '/v1/billing/payment-methods')).toHaveLength(0);

    await user.click(button('Save card'));
    await waitFor(() => expect(callsTo('POST', '/v1/billing/payment-methods')).toHaveLength(1));
    expect(callsTo('POST', '/v1/billing/payment-methods')[0]?.body).toEqual({ payment_method_id: 'pm_2' });
    expect(stripe.confirmSetup).toHaveBeenLastCalledWith(expect.objectContaining({ redirect: 'if_required' }));
    const row = (await screen.findByText('MASTERCARD •••• 4444, expires 12/2031')).closest('li') as HTMLElement;
    await user.click(button('Make default', row));
    await waitFor(() => expect(callsTo('PUT', '/v1/billing/payment-methods/pm_2/default')).toHaveLength(1));

    const visa = (await screen.findByText('VISA •••• 4242, expires 04/2030')).closest('li') as HTMLElement;
    await waitFor(() => expect(within(visa).queryByText('Default')).not.toBeInTheDocument());
    await user.click(button('Remove', visa));
    const dialog = await findDialog();
    expect(within(dialog).getByText('VISA •••• 4242, expires 04/2030 will no longer be charged.')).toBeInTheDocument();
    await user.click(button('Remove', dialog));
    await waitFor(() => expect(callsTo('DELETE', '/v1/billing/payment-methods/pm_1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('VISA •••• 4242, expires 04/2030')).not.toBeInTheDocument());
  });
});
