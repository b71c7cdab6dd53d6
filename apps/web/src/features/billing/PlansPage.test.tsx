import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render.tsx';
import { asSystemAdmin, findButton, findPanel } from '../admin/admin-test-helpers.ts';
import { adminPlan } from './test-support.ts';

const PAGE = '/admin/subscription-management/plans';
const PRO = adminPlan(2, {
  name: 'Pro',
  popular: true,
  discounted_monthly_price_cents: 4900,
  subscriber_count: 3,
  features: ['broadcast', 'workflow'],
});
const OLD = adminPlan(1, { name: 'Old', hidden: true });

describe('plans page', () => {
  it('lists the plans with prices as $D.CC, flags, subscribers and features; read-only without _write', async () => {
    asSystemAdmin(
      { 'GET /v1/admin/subscription-plans': [ok([PRO, OLD])] },
      { admin: { admin: false }, permissions: ['workspace_management_read'] },
    );
    await renderApp(PAGE);
    const row = (await screen.findByText('plan-2')).closest('tr') as HTMLElement;
    expect(within(row).getByText(/Monthly: \$58\.00/)).toHaveTextContent('Monthly: $58.00 → $49.00');
    expect(within(row).getByText(/Yearly: \$580\.00/)).toBeInTheDocument();
    expect(within(row).getByText('Popular')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('Workflows')).toBeInTheDocument();
    expect(within(row).getByText('members 6 · channels 4 · AI agents unlimited')).toBeInTheDocument();
    expect(
      within((await screen.findByText('plan-1')).closest('tr') as HTMLElement).getByText('Hidden'),
    ).toBeInTheDocument();
    expect(screen.queryByText('New plan')).not.toBeInTheDocument();
    expect(screen.queryByText('Delete')).not.toBeInTheDocument();
  });

  it('creates a plan with exactly the contract body, after the contract’s validation messages', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/admin/subscription-plans': [ok([]), ok([PRO])],
      'POST /v1/admin/subscription-plans': [ok(PRO)],
    });
    await renderApp(PAGE);
    expect(await screen.findByText('No plans are offered yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await findButton('New plan'));
    const drawer = await findPanel('New plan');
    await user.click(await findButton('Save', drawer));
    expect(await within(drawer).findByText('plan tag is required')).toBeInTheDocument();
    expect(within(drawer).getByText('plan name is required')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByLabelText('Tag'), { target: { value: 'Pro Plan' } });
    expect(
      await within(drawer).findByText('plan tag may only hold lower-case letters, digits, - and _'),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/v1/admin/subscription-plans')).toHaveLength(0);

    fireEvent.change(within(drawer).getByLabelText('Tag'), { target: { value: 'pro' } });
    fireEvent.change(within(drawer).getByLabelText('Name'), { target: { value: 'Pro' } });
    await user.clear(within(drawer).getByLabelText('Monthly price'));
    await user.type(within(drawer).getByLabelText('Monthly price'), '58');
    await user.clear(within(drawer).getByLabelText('Yearly price'));
    await user.type(within(drawer).getByLabelText('Yearly price'), '580.5');
    await user.type(within(drawer).getByLabelText('Discounted monthly price'), '49');
    await user.clear(within(drawer).getByLabelText('Wallet multiplier'));
    await user.type(within(drawer).getByLabelText('Wallet multiplier'), '1.1');
    await user.type(within(drawer).getByLabelText('Members'), '10');
    await user.click(within(drawer).getByLabelText('Workflows'));
    await user.click(within(drawer).getByLabelText('Popular'));
    await user.click(await findButton('Save', drawer));
    await waitFor(() => expect(callsTo('POST', '/v1/admin/subscription-plans')).toHaveLength(1));
    expect(callsTo('POST', '/v1/admin/subscription-plans')[0]?.body).toEqual({
      tag: 'pro',
      name: 'Pro',
      currency: 'usd',
      monthly_price_cents: 5800,
      yearly_price_cents: 58050,
      discounted_monthly_price_cents: 4900,
      discounted_yearly_price_cents: null,
      wallet_multiplier: 1.1,
      popular: true,
      hidden: false,
      member_limit: 10,
      channel_limit: null,
      ai_agent_limit: null,
      features: ['workflow'],
    });
    expect(await screen.findByText('plan-2')).toBeInTheDocument();
  });

  it('edits a plan with its values filled in', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/admin/subscription-plans': [ok([PRO])],
      [`PUT /v1/admin/subscription-plans/${PRO.id}`]: [ok({ ...PRO, hidden: true })],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(within((await screen.findByText('plan-2')).closest('tr') as HTMLElement).getByText('Edit'));
    const drawer = await findPanel('Edit plan');
    expect(within(drawer).getByLabelText('Tag')).toHaveValue('plan-2');
    expect(within(drawer).getByLabelText('Discounted monthly price')).toHaveValue('49.00');
    await user.click(within(drawer).getByLabelText('Hidden'));
    await user.click(await findButton('Save', drawer));
    await waitFor(() => expect(callsTo('PUT', `/v1/admin/subscription-plans/${PRO.id}`)).toHaveLength(1));
    expect(callsTo('PUT', `/v1/admin/subscription-plans/${PRO.id}`)[0]?.body).toMatchObject({
      tag: 'plan-2',
      hidden: true,
    });
  });

  it('deletes after confirmation; a plan with subscribers is refused and hiding suggested', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/admin/subscription-plans': [ok([PRO, OLD]), ok([PRO])],
      [`DELETE /v1/admin/subscription-plans/${PRO.id}`]: [
        fail(409, 'a plan with subscribers cannot be deleted, only hidden'),
      ],
      [`DELETE /v1/admin/subscription-plans/${OLD.id}`]: [ok({ id: OLD.id })],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(within((await screen.findByText('plan-2')).closest('tr') as HTMLElement).getByText('Delete'));
    const dialog = await findPanel('Delete the plan?');
    expect(within(dialog).getByText(/Pro has 3 subscribers/)).toBeInTheDocument();
    await user.click(await findButton('Delete', dialog));
    expect(
      await within(dialog).findByText(
        'a plan with subscribers cannot be deleted, only hidden Hide the plan instead (Edit → Hidden) to stop offering it.',
      ),
    ).toBeInTheDocument();
    await user.click(await findButton('Cancel', dialog));

    await user.click(within((await screen.findByText('plan-1')).closest('tr') as HTMLElement).getByText('Delete'));
    await user.click(await findButton('Delete', await findPanel('Delete the plan?')));
    await waitFor(() => expect(callsTo('DELETE', `/v1/admin/subscription-plans/${OLD.id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('plan-1')).not.toBeInTheDocument());
  });
});
