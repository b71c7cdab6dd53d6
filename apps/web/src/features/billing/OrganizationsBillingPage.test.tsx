import type { AdminBillingOrganization } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render.tsx';
import { asSystemAdmin, findButton, findPanel, paged, uuid } from '../admin/admin-test-helpers.ts';

const PAGE = '/admin/subscription-management/organizational-plan-management';
const ACME: AdminBillingOrganization = {
  id: uuid(30),
  name: 'Acme Ltd',
  plan_tag: 'pro',
  plan_name: 'Pro',
  status: 'active',
  billing_cycle: 'monthly',
  period_end: Date.UTC(2030, 4, 31) / 1000,
  trial_end: null,
  comp: true,
  balance_cents: 12345,
  currency: 'usd',
};
const ADJUST = `/v1/admin/billing/organizations/${ACME.id}/wallet-adjustment`;

describe("operator's organization plan page", () => {
  it('lists organizations with plan, status, cycle, period end and balance, and debits a wallet with a reason', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/admin/billing/organizations': [paged([ACME]), paged([{ ...ACME, balance_cents: 11845 }])],
      'GET /v1/admin/subscription-plans': [ok([])],
      [`POST ${ADJUST}`]: [ok({ ...ACME, balance_cents: 11845 })],
    });
    await renderApp(PAGE);
    const row = (await screen.findByText('Acme Ltd')).closest('tr') as HTMLElement;
    for (const text of ['Pro', 'Granted', 'Active', 'Monthly', '2030-05-31', '$123.45'])
      expect(within(row).getByText(text)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByLabelText('Manage Acme Ltd'));
    const drawer = await findPanel('Acme Ltd');
    await user.click(within(drawer).getByText('Debit'));
    fireEvent.change(within(drawer).getByLabelText('Amount'), { target: { value: '5' } });
    fireEvent.change(within(drawer).getByLabelText('Reason'), { target: { value: 'refund of a mistaken top-up' } });
    await user.click(await findButton('Apply', drawer));
    const dialog = await findPanel('Adjust the wallet?');
    expect(
      within(dialog).getByText('Debit $5.00 from the wallet of Acme Ltd: refund of a mistaken top-up'),
    ).toBeInTheDocument();
    expect(callsTo('POST', ADJUST)).toHaveLength(0);
    await user.click(await findButton('Apply', dialog));
    await waitFor(() => expect(callsTo('POST', ADJUST)).toHaveLength(1));
    expect(callsTo('POST', ADJUST)[0]?.body).toEqual({
      amount_cents: -500,
      reason: 'refund of a mistaken top-up',
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await screen.findByText('Wallet adjusted')).toBeInTheDocument();
    expect(await within(drawer).findByText('$118.45')).toBeInTheDocument();
  });

  it('hides the actions without the write permission', async () => {
    asSystemAdmin(
      { 'GET /v1/admin/billing/organizations': [paged([ACME])] },
      { admin: { admin: false }, permissions: ['workspace_management_read'] },
    );
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Manage Acme Ltd'));
    const drawer = await findPanel('Acme Ltd');
    expect(within(drawer).getByText('$123.45')).toBeInTheDocument();
    expect(within(drawer).queryByText('Adjust wallet')).not.toBeInTheDocument();
    expect(within(drawer).queryByText('Grant plan')).not.toBeInTheDocument();
  });

  it('shows the subscription history to an admin holding subscription_history_read, and only to them', async () => {
    const history = `/v1/admin/billing/organizations/${ACME.id}/history`;
    const entry = (at: number, kind: string, amount: number | null) => ({
      at,
      kind,
      plan_tag: 'pro',
      amount_cents: amount,
      status: null,
      actor: null,
    });
    const { callsTo } = asSystemAdmin(
      {
        'GET /v1/admin/billing/organizations': [paged([ACME])],
        [`GET ${history}`]: [paged([entry(Date.UTC(2030, 3, 1) / 1000, 'invoice.paid', 2900)])],
      },
      { admin: { admin: false }, permissions: ['workspace_management_read', 'subscription_history_read'] },
    );
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Manage Acme Ltd'));
    const drawer = await findPanel('Acme Ltd');
    const row = (await within(drawer).findByText('Invoice paid')).closest('tr') as HTMLElement;
    for (const text of ['2030-04-01', 'pro', '$29.00']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(callsTo('GET', history)).toHaveLength(1);
  });

  it('asks for no history without subscription_history_read', async () => {
    const { callsTo } = asSystemAdmin(
      { 'GET /v1/admin/billing/organizations': [paged([ACME])] },
      { admin: { admin: false }, permissions: ['workspace_management_read'] },
    );
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Manage Acme Ltd'));
    const drawer = await findPanel('Acme Ltd');
    expect(within(drawer).getByText('$123.45')).toBeInTheDocument();
    expect(within(drawer).queryByText('History')).not.toBeInTheDocument();
    expect(callsTo('GET', `/v1/admin/billing/organizations/${ACME.id}/history`)).toHaveLength(0);
  });
});
