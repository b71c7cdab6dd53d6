import { z } from 'zod';
import { isCountryCode } from './countries.ts';
import { endpoint } from './endpoint.ts';
import { TEMPLATE_CATEGORIES } from './whatsapp-templates.ts';

/** The row that prices a recipient whose country has no row of its own. */
export const DEFAULT_PRICE_COUNTRY = 'default';
/** The most one template message may cost: $10,000.00 in cents. */
export const MAX_TEMPLATE_PRICE_CENTS = 1_000_000;
export const MAX_TEMPLATE_PRICE_ROWS = 1000;

export const templatePriceRowSchema = z.object({
  category: z.enum(TEMPLATE_CATEGORIES),
  /** ISO 3166-1 alpha-2 (upper case), or `default` for every other country */
  country: z
    .string()
    .refine((value) => value === DEFAULT_PRICE_COUNTRY || isCountryCode(value), { error: 'country_invalid' }),
  /** USD cents (SPEC 3: money is integer cents); 0 is free */
  price_cents: z.number().int().min(0).max(MAX_TEMPLATE_PRICE_CENTS),
});
export type TemplatePriceRow = z.infer<typeof templatePriceRowSchema>;

/** The price table: at most one row per category and country. Stored as the setting `omnichannel.template.prices`. */
export const templatePriceTableSchema = z
  .array(templatePriceRowSchema)
  .max(MAX_TEMPLATE_PRICE_ROWS)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const key = `${row.category}:${row.country}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'country'], message: 'price_row_duplicate' });
      seen.add(key);
    });
  });

export const templatePricesBodySchema = z.object({ rows: templatePriceTableSchema });
export const templatePricesSchema = z.object({ rows: z.array(templatePriceRowSchema) });
export type TemplatePrices = z.infer<typeof templatePricesSchema>;

export const templatePriceEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/v1/system-setting/omnichannel/template-prices',
    response: templatePricesSchema,
    summary: 'The price of a template message by category and country, in USD cents (system admin)',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/system-setting/omnichannel/template-prices',
    body: templatePricesBodySchema,
    response: templatePricesSchema,
    summary: 'Replace the template price table (system admin); a missing or zero price is free',
  }),
};
