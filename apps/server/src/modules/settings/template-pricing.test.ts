import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { createSecretBox } from '../../platform/secrets/secret-box.ts';
import { createSettingsService } from './settings.service.ts';
import { createTemplatePricing, priceTable } from './template-pricing.ts';

const URL = '/v1/system-setting/omnichannel/template-prices';
const US = '+12025550123';
const CA = '+14165550123';
const GB = '+447400123456';
const HK = '+85291234567';
const FR = '+33612345678';

describe('template price table (routes)', () => {
  let t: TestApp;
  let superToken: string;
  beforeEach(async () => {
    t = await createTestApp();
    superToken = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
  });
  afterEach(() => t.close());

  const put = (token: string, rows: unknown) =>
    t.app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload: { rows } });
  const get = async () => json(await t.app.inject({ method: 'GET', url: URL, headers: bearer(superToken) }));
  const pricing = () =>
    createTemplatePricing(createSettingsService(t.database, createSecretBox(t.config.SECRETS_KEY!)));

  it('is empty at first (free), stores the table and prices recipients from it', async () => {
    expect((await get()).data).toEqual({ rows: [] });
    expect(await (await pricing()).estimate('marketing', [US, HK])).toEqual({
      total_cents: 0,
      by_country: { US: { count: 1, unit_cents: 0, total_cents: 0 }, HK: { count: 1, unit_cents: 0, total_cents: 0 } },
    });
    const rows = [
      { category: 'marketing', country: 'US', price_cents: 250 },
      { category: 'marketing', country: 'default', price_cents: 700 },
      { category: 'utility', country: 'US', price_cents: 40 },
    ];
    const saved = await put(superToken, rows);
    expect(saved.statusCode).toBe(200);
    expect(json(saved).data).toEqual({ rows });
    expect((await get()).data).toEqual({ rows });
    // the generic settings list answers the same table as JSON text
    const raw = json(
      await t.app.inject({
        method: 'GET',
        url: '/v1/system-setting?keys=omnichannel.template.prices',
        headers: bearer(superToken),
      }),
    ).data;
    expect(JSON.parse(raw[0].value)).toEqual(rows);
    const prices = pricing();
    expect(await prices.templatePrice('marketing', US)).toBe(250);
    expect(await prices.templatePrice('marketing', HK)).toBe(700);
    expect(await prices.templatePrice('utility', HK)).toBe(0);
    expect(await prices.templatePrice('transactional', US)).toBe(0);
  });

  it('refuses bad rows with the field path of each', async () => {
    const response = await put(superToken, [
      { category: 'promo', country: 'US', price_cents: 1 },
      { category: 'utility', country: 'XX', price_cents: 1 },
      { category: 'utility', country: 'US', price_cents: -1 },
      { category: 'utility', country: 'HK', price_cents: 1.5 },
    ]);
    expect(response.statusCode).toBe(400);
    const fields = json(response).fields;
    expect(Object.keys(fields).sort()).toEqual(
      ['rows.0.category', 'rows.1.country', 'rows.2.price_cents', 'rows.3.price_cents'].sort(),
    );
    expect(fields['rows.1.country']).toBe('country must be a two-letter ISO 3166 code');
    const twice = await put(superToken, [
      { category: 'marketing', country: 'HK', price_cents: 5 },
      { category: 'utility', country: 'HK', price_cents: 5 },
      { category: 'marketing', country: 'HK', price_cents: 6 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(json(twice).fields).toEqual({ 'rows.2.country': 'this category already has a price for this country' });
    expect((await get()).data).toEqual({ rows: [] });
  });

  it('validates the table sent through the generic settings route too', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v1/system-setting',
      headers: bearer(superToken),
      payload: {
        settings: [{ key: 'omnichannel.template.prices', value: '[{"category":"marketing","country":"US"}]' }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(json(response).fields)).toEqual(['settings.0.value']);
    expect((await get()).data).toEqual({ rows: [] });
  });

  it('refuses admins without the admin flag, organization users and strangers, and changes nothing', async () => {
    await put(superToken, [{ category: 'marketing', country: 'default', price_cents: 9 }]);
    const plain = await loginAdmin(t, (await createAdmin(t, { permissions: ['workspace_management_write'] })).username);
    const owner = await createOwner(t);
    for (const token of [plain, owner.token, owner.userToken]) {
      expect((await put(token, [])).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: URL, headers: bearer(token) })).statusCode).toBe(403);
    }
    expect((await put('', [])).statusCode).toBe(401);
    expect((await get()).data).toEqual({ rows: [{ category: 'marketing', country: 'default', price_cents: 9 }] });
  });
});

describe('priceTable', () => {
  const table = priceTable([
    { category: 'marketing', country: 'US', price_cents: 250 },
    { category: 'marketing', country: 'CA', price_cents: 300 },
    { category: 'marketing', country: 'GB', price_cents: 500 },
    { category: 'marketing', country: 'default', price_cents: 1000 },
    { category: 'utility', country: 'HK', price_cents: 80 },
  ]);

  it('finds the country of E.164 numbers and WhatsApp ids, sharing calling codes included', () => {
    expect(
      [US, CA, GB, HK, FR, '85291234567', '+447781123456', '+77012345678', '+79123456789'].map(table.countryOf),
    ).toEqual(['US', 'CA', 'GB', 'HK', 'FR', 'HK', 'GG', 'KZ', 'RU']);
    expect(table.countryOf('not a phone')).toBeNull();
    expect(table.countryOf('+999123456789')).toBeNull();
  });

  it('estimates by country, an unknown country or number falling to the default row', () => {
    expect(table.estimate('marketing', [US, US, CA, GB, HK, FR, '+999123456789'])).toEqual({
      total_cents: 250 * 2 + 300 + 500 + 1000 + 1000 + 1000,
      by_country: {
        US: { count: 2, unit_cents: 250, total_cents: 500 },
        CA: { count: 1, unit_cents: 300, total_cents: 300 },
        GB: { count: 1, unit_cents: 500, total_cents: 500 },
        HK: { count: 1, unit_cents: 1000, total_cents: 1000 },
        FR: { count: 1, unit_cents: 1000, total_cents: 1000 },
        unknown: { count: 1, unit_cents: 1000, total_cents: 1000 },
      },
    });
    // no default row for utility: countries without a row are free
    expect(table.estimate('utility', [HK, US]).total_cents).toBe(80);
    expect(priceTable([]).estimate('marketing', [US, HK]).total_cents).toBe(0);
  });

  it('prices 100,000 numbers in integer cents', () => {
    const phones = Array.from({ length: 100_000 }, (_, index) =>
      index % 2 ? `+1202555${String(index % 10_000).padStart(4, '0')}` : `+8529${String(1_000_000 + index).slice(-7)}`,
    );
    const estimate = table.estimate('marketing', phones);
    expect(estimate.by_country.US).toEqual({ count: 50_000, unit_cents: 250, total_cents: 12_500_000 });
    expect(estimate.by_country.HK).toEqual({ count: 50_000, unit_cents: 1000, total_cents: 50_000_000 });
    expect(Number.isInteger(estimate.total_cents)).toBe(true);
  });
});
