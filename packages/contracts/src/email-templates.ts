import { z } from 'zod';
import { messageResultSchema } from './auth.ts';
import { ATTACHMENT_MEDIA_TYPES } from './conversations.ts';
import { endpoint } from './endpoint.ts';
import { pageField, pageSizeField } from './fields.ts';
import { CUSTOMER_VARIABLES } from './workflow-variables.ts';

/**
 * E-mail templates (SPEC 3 "Email template (subject, body, recipients, attachments)", issue 27 item 7): what a
 * workflow's `action.send_email` step sends, with variables such as `{{customer.first_name}}` in the subject, the
 * body and the recipients.
 */
export const EMAIL_TEMPLATE_LIMITS = {
  nameMax: 100,
  /** RFC 5322's longest line */
  subjectMax: 998,
  /** the rich-text body, in bytes of its HTML */
  bodyMaxBytes: 200 * 1024,
  recipientsMax: 20,
  recipientMax: 254,
  attachmentsMax: 10,
  attachmentMaxBytes: 10 * 1024 * 1024,
} as const;

/** The file types an attachment may have: those of a conversation's files. */
export const EMAIL_ATTACHMENT_TYPES = ATTACHMENT_MEDIA_TYPES;

/** The variables the editor offers: the customer's fields and the triggering message's text. */
export const EMAIL_TEMPLATE_VARIABLES = [...CUSTOMER_VARIABLES, 'message.text'] as const;

const ADDRESS = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;
const ONE_VARIABLE = /^\{\{\s*[\w.-]+\s*\}\}$/;

/** A recipient is an address or one variable that becomes one (`{{customer.email}}`). */
export const isEmailRecipient = (value: string) => ADDRESS.test(value) || ONE_VARIABLE.test(value);

/** UTF-8 bytes of a text (no TextEncoder: the contracts compile without the DOM's types). */
function byteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

const nameField = z
  .string({ error: 'email_template_name_required' })
  .trim()
  .min(1, { error: 'email_template_name_required' })
  .max(EMAIL_TEMPLATE_LIMITS.nameMax - 1, { error: 'email_template_name_max' });
const subjectField = z
  .string({ error: 'email_template_subject_required' })
  .trim()
  .min(1, { error: 'email_template_subject_required' })
  .max(EMAIL_TEMPLATE_LIMITS.subjectMax, { error: 'email_template_subject_max' })
  .refine((subject) => !/[\r\n]/.test(subject), { error: 'email_template_subject_line' });
const bodyField = z
  .string()
  .refine((html) => byteLength(html) <= EMAIL_TEMPLATE_LIMITS.bodyMaxBytes, { error: 'email_template_body_max' });
const recipientsField = z
  .array(
    z
      .string()
      .trim()
      .max(EMAIL_TEMPLATE_LIMITS.recipientMax, { error: 'email_template_recipient_invalid' })
      .refine(isEmailRecipient, { error: 'email_template_recipient_invalid' }),
  )
  .max(EMAIL_TEMPLATE_LIMITS.recipientsMax, { error: 'email_template_recipients_max' })
  .transform((recipients) => [...new Set(recipients)]);
const attachmentIdsField = z
  .array(z.uuid())
  .max(EMAIL_TEMPLATE_LIMITS.attachmentsMax, { error: 'email_template_attachments_max' })
  .transform((ids) => [...new Set(ids)]);

/** A template as POST and PUT take it (PUT replaces it whole). */
export const emailTemplateBodySchema = z.object({
  name: nameField,
  subject: subjectField,
  /** rich text: sanitised on save (an allow-list of tags and attributes) */
  body_html: bodyField.default(''),
  /** addresses, or variables that become one; a workflow's step may add one more */
  recipients: recipientsField.default([]),
  /** uploads from POST /v1/email-templates/attachments */
  attachment_ids: attachmentIdsField.default([]),
});
export type EmailTemplateBody = z.input<typeof emailTemplateBodySchema>;

export const emailAttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});
export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;

export const emailTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  body_html: z.string(),
  recipients: z.array(z.string()),
  attachments: z.array(emailAttachmentSchema),
  created_at: z.number(),
  updated_at: z.number(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplatePreviewBodySchema = z.object({
  customer_id: z.uuid({ error: 'not_found' }),
});
export const emailTemplatePreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  to: z.array(z.string()),
  /** variables named that the customer has no value for: left empty */
  missing_variables: z.array(z.string()),
});
export type EmailTemplatePreview = z.infer<typeof emailTemplatePreviewSchema>;

const templateParams = z.object({ id: z.uuid({ error: 'not_found' }) });

export const emailTemplateEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/email-templates',
    query: z.object({ page: pageField, size: pageSizeField }),
    response: z.array(emailTemplateSchema),
    paged: true,
    summary: "The organization's e-mail templates, by name",
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/email-templates',
    body: emailTemplateBodySchema,
    response: emailTemplateSchema,
    summary: 'Create an e-mail template; its body is sanitised',
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/email-templates/:id',
    params: templateParams,
    response: emailTemplateSchema,
    summary: 'An e-mail template',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/email-templates/:id',
    params: templateParams,
    body: emailTemplateBodySchema,
    response: emailTemplateSchema,
    summary: 'Replace an e-mail template',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/email-templates/:id',
    params: templateParams,
    response: messageResultSchema,
    summary: 'Delete an e-mail template (workflows that send it fail at that step)',
  }),
  preview: endpoint({
    method: 'POST',
    path: '/v1/email-templates/:id/preview',
    params: templateParams,
    body: emailTemplatePreviewBodySchema,
    response: emailTemplatePreviewSchema,
    summary: 'The template rendered for a customer, with the variables it has no value for',
  }),
  /** multipart/form-data with a `file` part; registered by hand, as other uploads */
  upload: endpoint({
    method: 'POST',
    path: '/v1/email-templates/attachments',
    response: emailAttachmentSchema,
    summary: 'Upload a file to attach to e-mail templates (at most 10 MB)',
  }),
};
