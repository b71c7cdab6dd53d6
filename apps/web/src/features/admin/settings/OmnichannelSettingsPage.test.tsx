import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render.tsx';
import { asSystemAdmin, findButton } from '../admin-test-helpers.ts';

const PRICES = '/v1/system-setting/omnichannel/template-prices';
const US_MARKETING = { category: 'marketing', country: 'US', price_cents: 250 };

const stub = (put: NonNullable<Parameters<typeof asSystemAdmin>[0]>[string]) =>
  asSystemAdmin({
    'GET /v1/system-setting': [ok([{ key: 'omnichannel.meta.app_id', value: '123' }])],
    [`GET ${PRICES}`]: [ok({ rows: [US_MARKETING] })],
    [`PUT ${PRICES}`]: put,
  });

const option = (text: string) => screen.findByText(text, { selector: '.ant-select-item-option-content' });

describe('omnichannel settings page: template prices', () => {
  it('adds a price for a country found by name and saves the table in cents', async () => {
    const { callsTo } = stub((call) => ok(call.body));
    await renderApp('/admin/settings/omnichannel');
    await waitFor(() => expect(screen.getAllByLabelText('Price')[0]).toHaveValue('2.50'));
    const user = userEvent.setup();
    await user.click(await findButton('Add price'));
    await waitFor(() => expect(screen.getAllByLabelText('Price')).toHaveLength(2));
    await user.click(screen.getAllByLabelText('Category')[1]!);
    await user.click(await option('Utility'));
    await user.type(screen.getAllByLabelText('Country')[1]!, 'Hong Kong');
    await user.click(await option('Hong Kong SAR China (HK)'));
    const price = screen.getAllByLabelText('Price')[1]!;
    await user.clear(price);
    await user.type(price, '0.8');
    await user.click(await findButton('Save prices'));
    await waitFor(() => expect(callsTo('PUT', PRICES)).toHaveLength(1));
    expect(callsTo('PUT', PRICES)[0]?.body).toEqual({
      rows: [US_MARKETING, { category: 'utility', country: 'HK', price_cents: 80 }],
    });
  });

  it('marks a second price for one category and country, and shows the server refusal under its row', async () => {
    const { callsTo } = stub([
      fail(400, 'price cents must be at most 1000000', 'trace-1', {
        'rows.0.price_cents': 'price cents must be at most 1000000',
      }),
    ]);
    await renderApp('/admin/settings/omnichannel');
    await waitFor(() => expect(screen.getAllByLabelText('Price')[0]).toHaveValue('2.50'));
    const user = userEvent.setup();
    await user.click(await findButton('Add price'));
    await waitFor(() => expect(screen.getAllByLabelText('Country')).toHaveLength(2));
    await user.type(screen.getAllByLabelText('Country')[1]!, 'United States');
    await user.click(await option('United States (US)'));
    await user.click(await findButton('Save prices'));
    expect(await screen.findByText('this category already has a price for this country')).toBeInTheDocument();
    expect(callsTo('PUT', PRICES)).toHaveLength(0);

    await user.click(screen.getAllByLabelText('Remove this price')[1]!);
    await user.click(await findButton('Save prices'));
    // under the row it names, once: not toasted, not repeated under the list
    await waitFor(() =>
      expect(screen.getAllByTestId('price-row')[0]).toHaveTextContent('price cents must be at most 1000000'),
    );
    expect(screen.getAllByText('price cents must be at most 1000000')).toHaveLength(1);
    expect(callsTo('PUT', PRICES)).toHaveLength(1);
  });
});
