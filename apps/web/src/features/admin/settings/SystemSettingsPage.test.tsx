import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render.tsx';
import { asSystemAdmin, findButton } from '../admin-test-helpers.ts';

describe('system settings page', () => {
  it('sends emptied limits as "" and permissions as a JSON array', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/system-setting': [
        ok([
          { key: 'system.mode', value: 'platform' },
          { key: 'system.name', value: 'OmniChat' },
          { key: 'defaults.workspace.max_seats', value: '25' },
          { key: 'defaults.team.permissions', value: '["conversation_read"]' },
        ]),
      ],
      'PUT /v1/system-setting': (call) => ok((call.body as { settings: unknown[] }).settings),
    });
    await renderApp('/admin/settings/system');
    const seats = await screen.findByLabelText('Maximum seats');
    await waitFor(() => expect(seats).toHaveValue('25'));
    expect(screen.getByLabelText('System name')).toHaveValue('OmniChat');
    const user = userEvent.setup();
    await user.clear(seats);
    fireEvent.change(screen.getByLabelText('Trial days'), { target: { value: '7' } });
    const teamBoxes = screen.getAllByLabelText('Customers Write');
    await user.click(teamBoxes[1]!);
    await user.click(await findButton('Save settings'));
    await waitFor(() => expect(callsTo('PUT', '/v1/system-setting')).toHaveLength(1));
    expect(callsTo('PUT', '/v1/system-setting')[0]?.body).toEqual({
      settings: [
        { key: 'defaults.workspace.max_seats', value: '' },
        { key: 'defaults.workspace.trial_days', value: '7' },
        { key: 'defaults.team.permissions', value: '["conversation_read","customer_read","customer_write"]' },
      ],
    });
  });

  it('the Stripe page, now in use, has no later-features note and saves nothing unchanged', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/system-setting': [
        ok([
          { key: 'stripe.publishable_key', value: 'pk_test' },
          { key: 'stripe.secret_key', value: '********' },
        ]),
      ],
    });
    await renderApp('/admin/settings/stripe');
    expect(await screen.findByLabelText('Billing on')).not.toBeChecked();
    expect(screen.queryByText(/Features of a later release use these settings/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Stripe secret key')).toHaveValue('********'));
    expect(screen.getByLabelText('Stripe webhook secret')).toHaveValue('');
    await userEvent.setup().click(await findButton('Save settings'));
    expect(await screen.findByText('Nothing has changed.')).toBeInTheDocument();
    expect(callsTo('PUT', '/v1/system-setting')).toHaveLength(0);
  });
});
