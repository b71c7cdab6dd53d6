import {
  type EmailAttachment,
  type EmailTemplate,
  type EmailTemplatePreview,
  type emailTemplateBodySchema,
  isEmailRecipient,
  renderVariables,
  translate,
  type VariableScope,
  valueAt,
  variablesIn,
} from '@omnichat/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { totalOf, totalOver } from '../../platform/db/paging.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { MailAttachment } from '../../platform/mail/mailer.ts';
import { customers, tagsOf, toCustomerDto } from '../customers/index.ts';
import {
  type EmailAttachmentRow,
  type EmailTemplateRow,
  emailAttachments,
  emailTemplates,
} from './email-templates.tables.ts';
import { escapeHtml, htmlToText, sanitizeHtml } from './sanitize-html.ts';

type TemplateInput = z.output<typeof emailTemplateBodySchema>;

/**
 * Why a template cannot be sent (it was deleted, or it has no recipient): permanent, so a workflow's run fails at
 * its step with this reason instead of retrying. `message` is the English text, for the execution log.
 */
export class EmailTemplateError extends AppError {
  readonly permanent = true;
  constructor(status: number, key: 'email_template_not_found' | 'email_template_no_recipient') {
    super(status, key);
    this.message = translate(key, 'en');
  }
}

const toAttachmentDto = (row: EmailAttachmentRow): EmailAttachment => ({
  id: row.id,
  name: row.filename,
  size: row.size,
  content_type: row.mediaType,
});

const toTemplateDto = (row: EmailTemplateRow, attachments: Map<string, EmailAttachmentRow>): EmailTemplate => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  body_html: row.bodyHtml,
  recipients: row.recipients,
  // an upload that is gone (never, as uploads are not deleted yet) is left out rather than failing the read
  attachments: row.attachmentIds.flatMap((id) => {
    const found = attachments.get(id);
    return found ? [toAttachmentDto(found)] : [];
  }),
  created_at: toUnixSeconds(row.createdAt),
  updated_at: toUnixSeconds(row.updatedAt),
});

async function attachmentsOf(tx: Tx, ids: string[]): Promise<Map<string, EmailAttachmentRow>> {
  if (!ids.length) return new Map();
  const rows = await tx.select().from(emailAttachments).where(inArray(emailAttachments.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

async function findTemplate(tx: Tx, id: string, lock = false): Promise<EmailTemplateRow | undefined> {
  const query = tx.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Each attachment must be an upload of the organization (row-level security hides the others'). */
async function assertAttachments(tx: Tx, ids: string[]) {
  const found = await attachmentsOf(tx, ids);
  if (found.size !== ids.length)
    throw new AppError(
      400,
      'email_template_attachment_unknown',
      {},
      { attachment_ids: { key: 'email_template_attachment_unknown' } },
    );
}

const columnsOf = (body: TemplateInput) => ({
  name: body.name,
  subject: body.subject,
  bodyHtml: sanitizeHtml(body.body_html),
  recipients: body.recipients,
  attachmentIds: body.attachment_ids,
});

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** valid addresses, each once */
  to: string[];
  attachments: (EmailAttachment & { storage_key: string })[];
  /** variables named that have no value in the scope (absent, null or empty): rendered empty */
  missing: string[];
}

const ADDRESS_SEPARATORS = /[,;\s]+/;

/**
 * The template `templateId` of the transaction's organization rendered with `scope` (`{customer, message, …}`):
 * variables replaced (HTML-escaped in the body), recipients rendered and checked, plus `extraTo` (an address or
 * variables too). Throws EmailTemplateError `email_template_not_found` when the template no longer exists.
 */
export async function renderEmailTemplate(
  tx: Tx,
  templateId: string,
  scope: VariableScope,
  extraTo?: string,
): Promise<RenderedEmail> {
  const row = await findTemplate(tx, templateId);
  if (!row) throw new EmailTemplateError(404, 'email_template_not_found');
  const named = new Set<string>();
  const render = (text: string, encode?: (value: string) => string) => {
    for (const variable of variablesIn(text)) named.add(variable);
    return renderVariables(text, scope, encode).text;
  };
  // a header is one line: a value with line breaks must not add headers
  const subject = render(row.subject)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const html = render(row.bodyHtml, escapeHtml);
  const to = new Set<string>();
  for (const recipient of [...row.recipients, ...(extraTo?.trim() ? [extraTo] : [])]) {
    for (const address of render(recipient).split(ADDRESS_SEPARATORS)) {
      const candidate = address.trim();
      // a rendered value must be an address itself, not another variable
      if (candidate && !candidate.includes('{') && isEmailRecipient(candidate)) to.add(candidate);
    }
  }
  const found = await attachmentsOf(tx, row.attachmentIds);
  const attachments = row.attachmentIds.flatMap((id) => {
    const attachment = found.get(id);
    return attachment ? [{ ...toAttachmentDto(attachment), storage_key: attachment.mediaKey }] : [];
  });
  const missing = [...named].filter((variable) => {
    const value = valueAt(scope, variable);
    return value === undefined || value === null || value === '';
  });
  return { subject, html, text: htmlToText(html), to: [...to], attachments, missing };
}

/**
 * Renders the template and queues it through the platform's mail queue (the SMTP settings, retried with backoff)
 * in the caller's transaction: the mail leaves only if the caller's change commits. Throws EmailTemplateError
 * when the template is gone or the mail would have no recipient.
 */
export async function sendEmailTemplate(
  ctx: Pick<AppContext, 'mailer'>,
  tx: Tx,
  input: { templateId: string; scope: VariableScope; extraTo?: string },
): Promise<{ to: string[]; subject: string; missing: string[] }> {
  const rendered = await renderEmailTemplate(tx, input.templateId, input.scope, input.extraTo);
  if (!rendered.to.length) throw new EmailTemplateError(400, 'email_template_no_recipient');
  const attachments: MailAttachment[] = rendered.attachments.map((attachment) => ({
    filename: attachment.name,
    content_type: attachment.content_type,
    storage_key: attachment.storage_key,
  }));
  await ctx.mailer.send(
    {
      to: rendered.to.join(', '),
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      ...(attachments.length ? { attachments } : {}),
    },
    { tx },
  );
  return { to: rendered.to, subject: rendered.subject, missing: rendered.missing };
}

/** The routes' side: e-mail templates and their uploads within the member's organization. */
export function createEmailTemplatesService(ctx: AppContext) {
  const { database } = ctx;

  async function dtoOf(tx: Tx, row: EmailTemplateRow) {
    return toTemplateDto(row, await attachmentsOf(tx, row.attachmentIds));
  }

  async function list(member: MemberPrincipal, query: { page: number; size: number }) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const rows = await tx
        .select({ row: emailTemplates, total: totalOver() })
        .from(emailTemplates)
        .orderBy(asc(emailTemplates.name), asc(emailTemplates.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const total = await totalOf(rows, query.page, () => tx.$count(emailTemplates));
      const attachments = await attachmentsOf(tx, [...new Set(rows.flatMap(({ row }) => row.attachmentIds))]);
      const page = { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) };
      return { items: rows.map(({ row }) => toTemplateDto(row, attachments)), page };
    });
  }

  async function get(member: MemberPrincipal, id: string) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const row = await findTemplate(tx, id);
      if (!row) throw notFound();
      return dtoOf(tx, row);
    });
  }

  async function create(member: MemberPrincipal, body: TemplateInput) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await assertAttachments(tx, body.attachment_ids);
      const [row] = await tx
        .insert(emailTemplates)
        .values({ ...columnsOf(body), workspaceId: member.workspaceId })
        .returning();
      return dtoOf(tx, row!);
    });
  }

  async function update(member: MemberPrincipal, id: string, body: TemplateInput) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      if (!(await findTemplate(tx, id, true))) throw notFound();
      await assertAttachments(tx, body.attachment_ids);
      const [row] = await tx
        .update(emailTemplates)
        .set({ ...columnsOf(body), updatedAt: new Date() })
        .where(eq(emailTemplates.id, id))
        .returning();
      return dtoOf(tx, row!);
    });
  }

  async function remove(member: MemberPrincipal, id: string) {
    await database.withWorkspace(member.workspaceId, async (tx) => {
      if (!(await findTemplate(tx, id, true))) throw notFound();
      await tx.delete(emailTemplates).where(eq(emailTemplates.id, id));
    });
  }

  /** The template as the customer would get it; `message.text` and other run-only variables are reported missing. */
  async function preview(member: MemberPrincipal, id: string, customerId: string): Promise<EmailTemplatePreview> {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      if (!(await findTemplate(tx, id))) throw notFound();
      const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
      if (!customer) throw notFound();
      const dto = toCustomerDto(customer, (await tagsOf(tx, [customer.id])).get(customer.id) ?? []);
      const rendered = await renderEmailTemplate(tx, id, { customer: dto });
      return { subject: rendered.subject, html: rendered.html, to: rendered.to, missing_variables: rendered.missing };
    });
  }

  async function upload(
    member: MemberPrincipal,
    file: { bytes: Buffer; filename: string; mediaType: string },
  ): Promise<EmailAttachment> {
    const key = await ctx.storage.put(member.workspaceId, file.bytes);
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const [row] = await tx
        .insert(emailAttachments)
        .values({
          workspaceId: member.workspaceId,
          mediaKey: key,
          mediaType: file.mediaType,
          filename: file.filename,
          size: file.bytes.length,
          uploadedByMemberId: member.member.id,
        })
        .returning();
      return toAttachmentDto(row!);
    });
  }

  return { list, get, create, update, remove, preview, upload };
}
export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
