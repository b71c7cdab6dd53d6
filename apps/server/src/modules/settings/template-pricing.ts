import {
  DEFAULT_PRICE_COUNTRY,
  type TemplateCategory,
  type TemplatePriceRow,
  templatePriceTableSchema,
} from '@omnichat/contracts';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import type { SettingsReader } from '../../platform/settings/settings-reader.ts';

export const TEMPLATE_PRICES_KEY = 'omnichannel.template.prices';

/** The stored table; a value that cannot be read (never stored by the routes, which validate it) is empty: free. */
export function parsePriceTable(raw: string): TemplatePriceRow[] {
  if (raw.trim() === '') return [];
  try {
    const parsed = templatePriceTableSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Calling codes (without +) shared by several countries, e.g. 1 (US, CA, the Caribbean), 7 (RU, KZ), 44 (GB, JE, ...). */
const CODE_COUNTRIES = new Map<string, CountryCode[]>();
for (const country of getCountries()) {
  const code = getCountryCallingCode(country);
  CODE_COUNTRIES.set(code, [...(CODE_COUNTRIES.get(code) ?? []), country]);
}
/** digits after the calling code that tell countries sharing it apart (NANP area codes, +44 7781 Guernsey, ...) */
const SHARED_PREFIX_DIGITS = 5;

/**
 * Finds the countries of many E.164 numbers (a leading + optional, as in WhatsApp ids) cheaply: a calling code of one
 * country answers it without parsing; numbers of a shared calling code are parsed once per prefix. Null: unknown.
 */
export function createCountryFinder() {
  const byPrefix = new Map<string, string | null>();
  return function countryOf(phone: string): string | null {
    const digits = phone.replace(/\D/g, '');
    if (digits.length < 4) return null;
    for (const length of [1, 2, 3]) {
      const countries = CODE_COUNTRIES.get(digits.slice(0, length));
      if (!countries) continue;
      if (countries.length === 1) return countries[0] ?? null;
      const prefix = digits.slice(0, length + SHARED_PREFIX_DIGITS);
      const known = byPrefix.get(prefix);
      if (known !== undefined) return known;
      const country = parsePhoneNumberFromString(`+${digits}`)?.country ?? null;
      // an invalid number tells nothing about its neighbours: only a found country is remembered
      if (country) byPrefix.set(prefix, country);
      return country;
    }
    return null;
  };
}

export interface PriceEstimate {
  total_cents: number;
  /** per recipient country (ISO alpha-2, or `unknown` when the number has none): how many and what they cost */
  by_country: Record<string, { count: number; unit_cents: number; total_cents: number }>;
}

/** A loaded price table: prices in integer cents, never floats. */
export function priceTable(rows: readonly TemplatePriceRow[]) {
  const prices = new Map(rows.map((row) => [`${row.category}:${row.country}`, row.price_cents]));
  const countryOf = createCountryFinder();
  /** The price of a template message of `category` to a recipient in `country` (null or unknown: the default row). */
  const priceFor = (category: TemplateCategory, country: string | null): number =>
    (country ? prices.get(`${category}:${country}`) : undefined) ??
    prices.get(`${category}:${DEFAULT_PRICE_COUNTRY}`) ??
    0;
  return {
    countryOf,
    priceFor,
    /** The price of one template message to `phone` (E.164). */
    templatePrice: (category: TemplateCategory, phone: string) => priceFor(category, countryOf(phone)),
    /** The cost of one template message to each of `phones`, grouped by country. */
    estimate(category: TemplateCategory, phones: Iterable<string>): PriceEstimate {
      const counts = new Map<string, number>();
      for (const phone of phones) {
        const country = countryOf(phone) ?? 'unknown';
        counts.set(country, (counts.get(country) ?? 0) + 1);
      }
      const by_country: PriceEstimate['by_country'] = {};
      let total_cents = 0;
      for (const [country, count] of counts) {
        const unit_cents = priceFor(category, country === 'unknown' ? null : country);
        by_country[country] = { count, unit_cents, total_cents: unit_cents * count };
        total_cents += unit_cents * count;
      }
      return { total_cents, by_country };
    },
  };
}
export type PriceTable = ReturnType<typeof priceTable>;

/**
 * Template prices for other modules (broadcasts): `table()` reads the setting once, for pricing many recipients;
 * `templatePrice` and `estimate` read it on each call.
 */
export function createTemplatePricing(settings: SettingsReader) {
  const table = async () =>
    priceTable(parsePriceTable((await settings.values([TEMPLATE_PRICES_KEY]))[TEMPLATE_PRICES_KEY]));
  return {
    table,
    templatePrice: async (category: TemplateCategory, phone: string) => (await table()).templatePrice(category, phone),
    estimate: async (category: TemplateCategory, phones: Iterable<string>) =>
      (await table()).estimate(category, phones),
  };
}
export type TemplatePricing = ReturnType<typeof createTemplatePricing>;
