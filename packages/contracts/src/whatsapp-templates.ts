import { z } from 'zod';
import { messageResultSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { pageField, pageSizeField } from './fields.ts';

/** Meta's limits on a template's parts ("Create templates": header 60, body 1,024, footer 60, 10 buttons). */
export const TEMPLATE_LIMITS = {
  nameMax: 512,
  headerTextMax: 60,
  bodyMax: 1024,
  footerMax: 60,
  buttonsMax: 10,
  buttonTextMax: 25,
  mediaMaxBytes: 16 * 1024 * 1024,
} as const;

export const TEMPLATE_CATEGORIES = ['marketing', 'utility', 'transactional'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_HEADER_TYPES = ['none', 'text', 'image', 'video', 'document'] as const;
export type TemplateHeaderType = (typeof TEMPLATE_HEADER_TYPES)[number];
/** Meta's review states, lowercased. */
export const TEMPLATE_STATUSES = ['pending', 'approved', 'rejected', 'paused', 'disabled'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
/** Meta lets only these be edited ("Edit templates"). */
export const TEMPLATE_EDITABLE_STATUSES: readonly TemplateStatus[] = ['approved', 'rejected', 'paused'];

/** The `{{1}}`, `{{2}}`, ... of a text, in order of first use, each once. */
export const placeholdersOf = (text: string) => [
  ...new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1]!)),
];

const headerSchema = z
  .object({
    type: z.enum(TEMPLATE_HEADER_TYPES, { error: 'template_header_type_required' }),
    text: z.string().trim().max(TEMPLATE_LIMITS.headerTextMax).optional(),
    /** an upload of `POST /v1/whatsapp-templates/media` */
    attachment_id: z.uuid({ error: 'template_header_media_required' }).optional(),
  })
  .superRefine((header, context) => {
    if (header.type === 'text' && !header.text)
      context.addIssue({ code: 'custom', path: ['text'], message: 'template_header_text_required' });
    if (['image', 'video', 'document'].includes(header.type) && !header.attachment_id)
      context.addIssue({ code: 'custom', path: ['attachment_id'], message: 'template_header_media_required' });
  });
export type TemplateHeader = z.output<typeof headerSchema>;

const parameterSchema = z.object({
  key: z
    .string({ error: 'template_parameter_key_required' })
    .trim()
    .min(1, { error: 'template_parameter_key_required' })
    .max(20),
  value: z
    .string({ error: 'template_parameter_value_required' })
    .trim()
    .min(1, { error: 'template_parameter_value_required' })
    .max(200),
});

const buttonText = z.string().trim().min(1, { error: 'template_button_invalid' }).max(TEMPLATE_LIMITS.buttonTextMax);
/** Buttons in Meta's shapes: quick reply, URL (an `example` for a `{{1}}` in it), phone number. */
export const templateButtonSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('QUICK_REPLY'), text: buttonText }),
    z.object({
      type: z.literal('URL'),
      text: buttonText,
      url: z.url({ error: 'template_button_invalid' }).max(2000),
      example: z.array(z.string().max(2000)).max(1).optional(),
    }),
    z.object({
      type: z.literal('PHONE_NUMBER'),
      text: buttonText,
      phone_number: z
        .string()
        .trim()
        .regex(/^\+?[0-9]{5,20}$/, { error: 'template_button_invalid' }),
    }),
  ],
  { error: 'template_button_invalid' },
);
export type TemplateButton = z.output<typeof templateButtonSchema>;

export const templateBodySchema = z
  .object({
    channel_id: z.uuid({ error: 'template_channel_required' }),
    name: z
      .string({ error: 'template_name_required' })
      .trim()
      .min(1, { error: 'template_name_required' })
      .regex(/^[a-z0-9_]{1,512}$/, { error: 'template_name_invalid' }),
    category: z.enum(TEMPLATE_CATEGORIES, { error: 'template_category_required' }),
    /** Meta's language code (`en_US`, `zh_HK`, `pt_BR`, `ar`) */
    language: z
      .string({ error: 'template_language_required' })
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Za-z]{2,4})?$/, { error: 'template_language_required' }),
    header: headerSchema.default({ type: 'none' }),
    body: z
      .string({ error: 'template_body_required' })
      .trim()
      .min(1, { error: 'template_body_required' })
      .max(TEMPLATE_LIMITS.bodyMax),
    footer: z.string().trim().max(TEMPLATE_LIMITS.footerMax).optional(),
    parameters: z.array(parameterSchema).max(100).default([]),
    buttons: z.array(templateButtonSchema).max(TEMPLATE_LIMITS.buttonsMax).optional(),
  })
  .superRefine((body, context) => {
    // Meta's positional placeholders: {{1}}..{{n}}, each with one example value
    const used = placeholdersOf(body.body)
      .map(Number)
      .sort((a, b) => a - b);
    const keys = body.parameters.map((p) => p.key).sort((a, b) => Number(a) - Number(b));
    const numbered = used.every((n, i) => n === i + 1);
    if (!numbered || keys.length !== used.length || keys.some((key, i) => key !== String(used[i])))
      context.addIssue({ code: 'custom', path: ['parameters'], message: 'template_parameters_mismatch' });
  });
export type TemplateBody = z.input<typeof templateBodySchema>;

export const templateSchema = z.object({
  id: z.uuid(),
  channel_id: z.uuid(),
  name: z.string(),
  language: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  status: z.enum(TEMPLATE_STATUSES),
  rejected_reason: z.string().nullable(),
  /** Meta's quality rating (GREEN, YELLOW, RED, UNKNOWN), null until Meta tells one */
  quality: z.string().nullable(),
  /** Meta's template id, as text (up to 16+ digits) */
  external_id: z.string().nullable(),
  header: z.object({
    type: z.enum(TEMPLATE_HEADER_TYPES),
    text: z.string().optional(),
    attachment_id: z.string().optional(),
  }),
  body: z.string(),
  footer: z.string().nullable(),
  parameters: z.array(z.object({ key: z.string(), value: z.string() })),
  buttons: z.array(z.record(z.string(), z.unknown())),
  created_at: z.number(),
  updated_at: z.number(),
});
export type WhatsappTemplate = z.infer<typeof templateSchema>;

export const templateListQuerySchema = z.object({
  channel_id: z.uuid({ error: 'request_invalid' }).optional(),
  status: z.enum(TEMPLATE_STATUSES, { error: 'request_invalid' }).optional(),
  keyword: z.string().trim().max(100).optional(),
  page: pageField,
  size: pageSizeField,
});

const idParams = z.object({ id: z.uuid({ error: 'not_found' }) });

export const templateEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/whatsapp-templates',
    query: templateListQuerySchema,
    response: z.array(templateSchema),
    paged: true,
    summary: "The organization's WhatsApp templates, newest first; by channel, status, and a keyword in name or body",
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/whatsapp-templates',
    body: templateBodySchema,
    response: templateSchema,
    summary: "Submit a template to Meta for the channel's business account; stored only once Meta took it",
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/whatsapp-templates/:id',
    params: idParams,
    response: templateSchema,
    summary: 'A template',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/whatsapp-templates/:id',
    params: idParams,
    body: templateBodySchema,
    response: templateSchema,
    summary: 'Edit a template (approved, rejected or paused): resubmitted to Meta; its channel, name and language stay',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/whatsapp-templates/:id',
    params: idParams,
    response: messageResultSchema,
    summary: 'Delete a template here and at Meta',
  }),
  sync: endpoint({
    method: 'POST',
    path: '/v1/whatsapp-templates/sync',
    body: z.object({ channel_id: z.uuid({ error: 'template_channel_required' }) }),
    response: z.object({ created: z.number().int(), updated: z.number().int() }),
    summary: "Read every template of the channel's business account from Meta, storing new ones and updating the rest",
  }),
};

/** `POST /v1/whatsapp-templates/media` (multipart: `file`, `channel_id`): a header sample, uploaded to Meta. */
export const TEMPLATE_MEDIA_PATH = '/v1/whatsapp-templates/media';
export const templateMediaSchema = z.object({ attachment_id: z.uuid(), file_name: z.string(), type: z.string() });
