import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render.tsx';
import { asSystemAdmin, findButton } from '../admin-test-helpers.ts';

const STRIPE = [
  { key: 'billing.enabled', value: 'false' },
  { key: 'stripe.publishable_key', value: 'pk_test_1' },
  { key: 'stripe.secret_key', value: '********' },
  { key: 'stripe.webhook_secret', value: '********' },
];

describe('Stripe settings page', () => {
  it('switches billing on beside the keys', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/system-setting': [ok(STRIPE)],
      'PUT /v1/system-setting': (call) => ok((call.body as { settings: unknown[] }).settings),
    });
    await renderApp('/admin/settings/stripe');
    const billing = await screen.findByLabelText('Billing on');
    await waitFor(() => expect(screen.getByLabelText('Stripe publishable key')).toHaveValue('pk_test_1'));
    expect(billing).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(billing);
    await user.click(await findButton('Save settings'));
    await waitFor(() => expect(callsTo('PUT', '/v1/system-setting')).toHaveLength(1));
    expect(callsTo('PUT', '/v1/system-setting')[0]?.body).toEqual({
      settings: [{ key: 'billing.enabled', value: 'true' }],
    });
    expect(billing).toBeChecked();
  });

  it('tests the connection with the saved key or a typed one, showing the mode or the error', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/system-setting': [ok(STRIPE)],
      'POST /v1/admin/billing/stripe/test': [
        ok({ ok: true, livemode: false }),
        fail(400, 'Invalid API Key provided: sk_bad'),
      ],
    });
    await renderApp('/admin/settings/stripe');
    const user = userEvent.setup();
    await user.click(await findButton('Test connection'));
    const success = await screen.findByText('Stripe accepted the key');
    expect(
      within(success.closest('.ant-alert') as HTMLElement).getByText('Test mode: no real charges.'),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/v1/admin/billing/stripe/test')[0]?.body).toEqual({});

    await user.type(screen.getByLabelText('Secret key to test (optional)'), 'sk_bad');
    await user.click(await findButton('Test connection'));
    expect(await screen.findByText('Invalid API Key provided: sk_bad')).toBeInTheDocument();
    expect(screen.getByText('Stripe could not be reached with this key')).toBeInTheDocument();
    expect(callsTo('POST', '/v1/admin/billing/stripe/test')[1]?.body).toEqual({ secret_key: 'sk_bad' });
  });
});
