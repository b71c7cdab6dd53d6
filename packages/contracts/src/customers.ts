import { z } from 'zod';
import { messageResultSchema } from './auth.ts';
import { isCountryCode } from './countries.ts';
import { endpoint } from './endpoint.ts';
import { emailField, pageField, pageSizeField } from './fields.ts';
import { LIMITS } from './limits.ts';
import { LOCALES } from './locales.ts';

export const CUSTOMER_LIMITS = {
  nameMax: LIMITS.personNameMax - 1,
  displayNameMax: LIMITS.displayNameMax - 1,
  textMax: 200,
  noteMax: 5000,
  tagNameMax: LIMITS.uniqueTagMax - 1,
  tagsPerOrganization: 1000,
  tagsPerCustomer: 100,
  fieldsPerOrganization: 50,
  fieldOptionsMax: 100,
  fieldTextMax: 1000,
  bulkCustomersMax: 1000,
} as const;

/** The colours a tag takes (Ant Design's preset palette): a new tag's, in turn, when none is chosen. */
export const TAG_COLORS = [
  '#1677ff',
  '#52c41a',
  '#fa8c16',
  '#eb2f96',
  '#722ed1',
  '#13c2c2',
  '#fadb14',
  '#f5222d',
  '#2f54eb',
];

export const SALUTATIONS = ['mr', 'mrs', 'ms', 'dr', 'prof'] as const;
export const CUSTOMER_SOURCES = ['manual', 'import', 'whatsapp', 'messenger', 'instagram', 'webchat', 'api'] as const;
export const CUSTOMER_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'single_select', 'multi_select'] as const;
export type CustomerFieldType = (typeof CUSTOMER_FIELD_TYPES)[number];
/** Columns a customer list sorts by (`?sort=`). */
export const CUSTOMER_SORTS = [
  'display_name',
  'first_name',
  'last_name',
  'company',
  'email',
  'phone',
  'created_at',
  'updated_at',
] as const;

/** Optional text: trimmed, at most `max` (the generic "at most" message unless `error` names one); '' and null clear it. */
const optionalText = (max: number, error?: 'display_name_max') =>
  z
    .string()
    .trim()
    .max(max, error && { error })
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

const personName = (required: 'first_name_required' | 'last_name_required', max: 'first_name_max' | 'last_name_max') =>
  z.string({ error: required }).trim().min(1, { error: required }).max(CUSTOMER_LIMITS.nameMax, { error: max });

/** A value of a custom field as it travels: its type is checked against the field's definition on the server. */
export const customFieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;

const customerFields = {
  salutation: z.enum(SALUTATIONS, { error: 'salutation_invalid' }).nullable().optional(),
  /** defaults to first and last name */
  display_name: optionalText(CUSTOMER_LIMITS.displayNameMax, 'display_name_max'),
  company: optionalText(CUSTOMER_LIMITS.textMax),
  email: z
    .union([z.literal(''), emailField])
    .nullable()
    .optional()
    .transform((value) => (value ? value.toLowerCase() : value === '' ? null : value)),
  /** normalised to E.164 on the server (read in the organization's default country without a country code) */
  phone: optionalText(40),
  whatsapp_id: optionalText(40),
  facebook_id: optionalText(64),
  instagram_id: optionalText(64),
  address_line1: optionalText(CUSTOMER_LIMITS.textMax),
  address_line2: optionalText(CUSTOMER_LIMITS.textMax),
  city: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || isCountryCode(value), { error: 'country_invalid' })
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  source: z.enum(CUSTOMER_SOURCES, { error: 'request_invalid' }).optional(),
  note: optionalText(CUSTOMER_LIMITS.noteMax),
  tag_ids: z.array(z.uuid()).max(CUSTOMER_LIMITS.tagsPerCustomer, { error: 'too_many_tags' }).optional(),
  /** values by field key; a key that is not a field of the organization is refused */
  custom_fields: z.record(z.string().max(40), customFieldValueSchema).optional(),
  /** true: no marketing templates (broadcasts skip them); also set when they write an opt-out keyword */
  marketing_opt_out: z.boolean({ error: 'marketing_opt_out_invalid' }).optional(),
};

export const createCustomerBodySchema = z.object({
  first_name: personName('first_name_required', 'first_name_max'),
  last_name: personName('last_name_required', 'last_name_max'),
  ...customerFields,
});
export type CreateCustomerBody = z.input<typeof createCustomerBodySchema>;

/** Fields left out stay as they are; null or '' clears an optional one. */
export const updateCustomerBodySchema = z.object({
  first_name: personName('first_name_required', 'first_name_max').optional(),
  last_name: personName('last_name_required', 'last_name_max').optional(),
  ...customerFields,
});
export type UpdateCustomerBody = z.input<typeof updateCustomerBodySchema>;

export const customerTagSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string(),
});
export type CustomerTag = z.infer<typeof customerTagSchema>;

export const customerSchema = z.object({
  id: z.uuid(),
  salutation: z.enum(SALUTATIONS).nullable(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp_id: z.string().nullable(),
  facebook_id: z.string().nullable(),
  instagram_id: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  source: z.enum(CUSTOMER_SOURCES),
  note: z.string().nullable(),
  tags: z.array(customerTagSchema),
  custom_fields: z.record(z.string(), customFieldValueSchema),
  marketing_opt_out: z.boolean(),
  /** when they last opted out (unix seconds); null while they have not */
  marketing_opt_out_at: z.number().int().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;

/** Comma-separated ids in a query, at most `max`. */
const uuidList = (max: number, error: 'too_many_tags' | 'too_many_customers') =>
  z
    .string()
    .max(max * 37)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.uuid({ error: 'request_invalid' })).max(max, { error }));

/** `custom_fields` of a list query: a JSON object of field key → the value to match (any of a list). */
const customFieldFilter = z
  .string()
  .max(4000)
  .transform((value, context) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'request_invalid' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().max(40), z.union([customFieldValueSchema, z.array(z.union([z.number(), z.boolean()]))])));

/** The filters of a customer list, also used by bulk tagging and export ("all matching"). */
export const customerFilterSchema = z.object({
  keyword: z.string().trim().max(100).optional(),
  tags: uuidList(CUSTOMER_LIMITS.tagsPerCustomer, 'too_many_tags').optional(),
  tag_mode: z.enum(['any', 'all'], { error: 'request_invalid' }).default('any'),
  custom_fields: customFieldFilter.optional(),
  /** `true`: only those who opted out of marketing; `false`: only those who did not */
  marketing_opt_out: z
    .enum(['true', 'false'], { error: 'request_invalid' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});
export type CustomerFilter = z.output<typeof customerFilterSchema>;

export const customerListQuerySchema = customerFilterSchema.extend({
  page: pageField,
  size: pageSizeField,
  sort: z.enum(CUSTOMER_SORTS, { error: 'request_invalid' }).optional(),
  asc: z.enum(['true', 'false'], { error: 'request_invalid' }).optional(),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

const tagNameField = z
  .string({ error: 'tag_required' })
  .trim()
  .min(1, { error: 'tag_required' })
  .max(CUSTOMER_LIMITS.tagNameMax, { error: 'tag_max' });
const colorField = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'color_invalid' });

export const customerTagBodySchema = z.object({ name: tagNameField, color: colorField.optional() });
export const updateCustomerTagBodySchema = z.object({ name: tagNameField.optional(), color: colorField.optional() });
export const customerTagWithCountSchema = customerTagSchema.extend({ customer_count: z.number().int() });

export const bulkTagsBodySchema = z
  .object({
    /** the chosen customers; or `filter` for every customer matching the list's filters */
    customer_ids: z.array(z.uuid()).max(CUSTOMER_LIMITS.bulkCustomersMax, { error: 'too_many_customers' }).optional(),
    filter: customerFilterSchema.optional(),
    add_tag_ids: z.array(z.uuid()).max(CUSTOMER_LIMITS.tagsPerCustomer, { error: 'too_many_tags' }).default([]),
    remove_tag_ids: z.array(z.uuid()).max(CUSTOMER_LIMITS.tagsPerCustomer, { error: 'too_many_tags' }).default([]),
  })
  .refine((body) => (body.customer_ids === undefined) !== (body.filter === undefined), {
    error: 'customers_or_filter',
    path: ['customer_ids'],
  });
export const bulkTagsResultSchema = z.object({ updated: z.number().int() });

/** The customer's own fields, as an import maps a file's columns onto them (custom fields add their keys). */
export const CUSTOMER_COLUMNS = [
  'salutation',
  'first_name',
  'last_name',
  'display_name',
  'company',
  'email',
  'phone',
  'whatsapp_id',
  'facebook_id',
  'instagram_id',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'zip',
  'country',
  'note',
  'tags',
] as const;
export type CustomerColumn = (typeof CUSTOMER_COLUMNS)[number];

const fieldKeyField = z
  .string({ error: 'field_key_invalid' })
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'field_key_invalid' })
  .refine((key) => !(CUSTOMER_COLUMNS as readonly string[]).includes(key), { error: 'field_key_reserved' });
const fieldLabelField = z
  .string({ error: 'field_label_required' })
  .trim()
  .min(1, { error: 'field_label_required' })
  .max(LIMITS.displayNameMax - 1, { error: 'field_label_max' });
const fieldLabels = z
  .partialRecord(
    z.enum(LOCALES),
    z
      .string()
      .trim()
      .max(LIMITS.displayNameMax - 1, { error: 'field_label_max' }),
  )
  .optional();
const fieldOptions = z
  .array(z.string().trim().min(1).max(100))
  .max(CUSTOMER_LIMITS.fieldOptionsMax)
  .refine((options) => new Set(options).size === options.length, { error: 'field_options_unique' });

export const customerFieldBodySchema = z
  .object({
    key: fieldKeyField,
    type: z.enum(CUSTOMER_FIELD_TYPES, { error: 'request_invalid' }),
    /** the label in every language, unless `labels` names one for a language */
    label: fieldLabelField,
    labels: fieldLabels,
    options: fieldOptions.default([]),
    required: z.boolean().default(false),
    position: z.number().int().min(0).max(1000).optional(),
  })
  .refine((body) => !body.type.endsWith('_select') || body.options.length > 0, {
    error: 'field_options_required',
    path: ['options'],
  });
/** The key and type of a field stay; the rest may change. */
export const updateCustomerFieldBodySchema = z.object({
  label: fieldLabelField.optional(),
  labels: fieldLabels,
  options: fieldOptions.optional(),
  required: z.boolean().optional(),
  position: z.number().int().min(0).max(1000).optional(),
});
export const customerFieldSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  type: z.enum(CUSTOMER_FIELD_TYPES),
  label: z.string(),
  labels: z.partialRecord(z.enum(LOCALES), z.string()),
  options: z.array(z.string()),
  required: z.boolean(),
  position: z.number().int(),
});
export type CustomerField = z.infer<typeof customerFieldSchema>;

const idParams = z.object({ id: z.uuid({ error: 'not_found' }) });
const paged = true;

export const customerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/customers',
    query: customerListQuerySchema,
    response: z.array(customerSchema),
    paged,
    summary: 'Customers: search (name, phone, e-mail, company), tag filter (any or all), custom-field filters, sorting',
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/customers',
    body: createCustomerBodySchema,
    response: customerSchema,
    summary: 'Create a customer; e-mail, phone and channel ids are unique in the organization (409 names the holder)',
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/customers/:id',
    params: idParams,
    response: customerSchema,
    summary: 'One customer with tags and custom fields',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/customers/:id',
    params: idParams,
    body: updateCustomerBodySchema,
    response: customerSchema,
    summary: 'Change a customer: fields left out stay, null clears; tag_ids replaces the tags',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/customers/:id',
    params: idParams,
    response: messageResultSchema,
    summary: 'Delete a customer',
  }),
  bulkTags: endpoint({
    method: 'POST',
    path: '/v1/customers/bulk-tags',
    body: bulkTagsBodySchema,
    response: bulkTagsResultSchema,
    summary: 'Add and remove tags on chosen customers, or on every customer matching a filter',
  }),
};

export const customerTagEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/customer-tags',
    response: z.array(customerTagWithCountSchema),
    summary: "The organization's customer tags by name, with how many customers carry each",
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/customer-tags',
    body: customerTagBodySchema,
    response: customerTagWithCountSchema,
    summary: 'Create a tag (names are unique in the organization, ignoring case)',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/customer-tags/:id',
    params: idParams,
    body: updateCustomerTagBodySchema,
    response: customerTagWithCountSchema,
    summary: 'Rename or recolour a tag',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/customer-tags/:id',
    params: idParams,
    response: messageResultSchema,
    summary: 'Delete a tag (it leaves every customer)',
  }),
};

export const customerFieldEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/customer-fields',
    response: z.array(customerFieldSchema),
    summary: "The organization's custom fields in their order",
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/customer-fields',
    body: customerFieldBodySchema,
    response: customerFieldSchema,
    summary: 'Add a custom field (text, number, date, boolean, single or multiple select)',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/customer-fields/:id',
    params: idParams,
    body: updateCustomerFieldBodySchema,
    response: customerFieldSchema,
    summary: "Change a field's labels, options, required flag or position (its key and type stay)",
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/customer-fields/:id',
    params: idParams,
    response: messageResultSchema,
    summary: "Delete a custom field and every customer's value of it",
  }),
};

export const FILE_FORMATS = ['csv', 'xlsx'] as const;
export const fileFormatQuerySchema = z.object({
  format: z.enum(FILE_FORMATS, { error: 'request_invalid' }).default('csv'),
});
export const exportQuerySchema = customerFilterSchema.extend({
  format: z.enum(FILE_FORMATS, { error: 'request_invalid' }).default('csv'),
  /** the chosen customers (comma separated) instead of everyone matching the filters */
  ids: uuidList(200, 'too_many_customers').optional(),
});

export type BulkTagsBody = z.input<typeof bulkTagsBodySchema>;
