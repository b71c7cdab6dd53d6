import { TEMPLATE_EDITABLE_STATUSES, type WhatsappTemplate } from '@omnichat/contracts';
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { GraphError } from '../../integrations/meta/graph-client.ts';
import * as whatsapp from '../../integrations/meta/whatsapp.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { totalOf, totalOver } from '../../platform/db/paging.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { channels } from '../channels/index.ts';
import { type Body, categoryOf, componentsOf, metaCategoryOf, statusOf, storedOf } from './meta-shapes.ts';
import { type TemplateRow, whatsappTemplateMedia, whatsappTemplates } from './templates.tables.ts';

export const toDto = (row: TemplateRow): WhatsappTemplate => ({
  id: row.id,
  channel_id: row.channelId,
  name: row.name,
  language: row.language,
  category: row.category,
  status: row.status,
  rejected_reason: row.rejectedReason,
  quality: row.quality,
  external_id: row.externalId,
  header: row.header,
  body: row.body,
  footer: row.footer,
  parameters: row.parameters,
  buttons: row.buttons as Record<string, unknown>[],
  created_at: toUnixSeconds(row.createdAt),
  updated_at: toUnixSeconds(row.updatedAt),
});

/** Graph's refusal as our 4xx carrying Meta's message; Meta away is a 502. */
export function refusalOf(error: unknown): unknown {
  if (!(error instanceof GraphError)) return error;
  if (error.unavailable) return new AppError(502, 'channel_graph_unreachable');
  const reason = error.code === null ? error.title : `${error.title} (${error.code})`;
  return new AppError(422, 'template_meta_refused', { reason });
}

type ListQuery = { channel_id?: string; status?: string; keyword?: string; page: number; size: number };

/** WhatsApp templates: submitted to Meta, read back from it, their review by webhook (see `template-fields.ts`). */
export function createTemplatesService(ctx: AppContext) {
  const { database, graph, secrets } = ctx;

  /** The organization's WhatsApp channel with its business account and token. */
  async function channelOf(tx: Tx, channelId: string) {
    const [channel] = await tx.select().from(channels).where(eq(channels.id, channelId));
    if (!channel) throw new AppError(404, 'not_found', {}, { channel_id: { key: 'not_found' } });
    if (channel.type !== 'whatsapp' || !channel.businessAccountId || !channel.accessTokenSealed)
      throw new AppError(
        400,
        'template_channel_not_whatsapp',
        {},
        { channel_id: { key: 'template_channel_not_whatsapp' } },
      );
    return { channel, wabaId: channel.businessAccountId, token: secrets.open(channel.accessTokenSealed) };
  }

  async function find(tx: Tx, id: string) {
    const [row] = await tx.select().from(whatsappTemplates).where(eq(whatsappTemplates.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** The media header's upload handle (an upload of this channel), null for other headers. */
  async function handleOf(tx: Tx, body: Body): Promise<string | null> {
    if (!['image', 'video', 'document'].includes(body.header.type)) return null;
    const [media] = await tx
      .select()
      .from(whatsappTemplateMedia)
      .where(
        and(
          eq(whatsappTemplateMedia.id, body.header.attachment_id ?? ''),
          eq(whatsappTemplateMedia.channelId, body.channel_id),
        ),
      );
    if (!media)
      throw new AppError(
        400,
        'template_media_not_found',
        {},
        { 'header.attachment_id': { key: 'template_media_not_found' } },
      );
    return media.handle;
  }

  const fieldsOf = (body: Body) => ({
    header: body.header,
    body: body.body,
    footer: body.footer || null,
    parameters: body.parameters,
    buttons: body.buttons ?? [],
  });

  async function list(member: MemberPrincipal, query: ListQuery) {
    const like = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%` : null;
    const where = and(
      query.channel_id ? eq(whatsappTemplates.channelId, query.channel_id) : undefined,
      query.status ? eq(whatsappTemplates.status, query.status as TemplateRow['status']) : undefined,
      like ? or(ilike(whatsappTemplates.name, like), ilike(whatsappTemplates.body, like)) : undefined,
    );
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const rows = await tx
        .select({ row: whatsappTemplates, total: totalOver() })
        .from(whatsappTemplates)
        .where(where)
        .orderBy(desc(whatsappTemplates.createdAt), desc(whatsappTemplates.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const total = await totalOf(rows, query.page, () => tx.$count(whatsappTemplates, where));
      const page = { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) };
      return { items: rows.map(({ row }) => toDto(row)), page };
    });
  }

  async function get(member: MemberPrincipal, id: string) {
    return toDto(await database.withWorkspace(member.workspaceId, (tx) => find(tx, id)));
  }

  /** Meta first: nothing is stored unless Meta took the template. */
  async function create(member: MemberPrincipal, body: Body) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const { wabaId, token } = await channelOf(tx, body.channel_id);
      const [clash] = await tx
        .select({ id: whatsappTemplates.id })
        .from(whatsappTemplates)
        .where(
          and(
            eq(whatsappTemplates.channelId, body.channel_id),
            eq(whatsappTemplates.name, body.name),
            eq(whatsappTemplates.language, body.language),
          ),
        );
      if (clash) throw new AppError(409, 'conflict', {}, { name: { key: 'conflict' } });
      const handle = await handleOf(tx, body);
      const created = await whatsapp
        .createTemplate(graph, token, {
          wabaId,
          name: body.name,
          language: body.language,
          category: metaCategoryOf(body.category),
          components: componentsOf(body, handle),
        })
        .catch((error: unknown) => {
          throw refusalOf(error);
        });
      const [row] = await tx
        .insert(whatsappTemplates)
        .values({
          workspaceId: member.workspaceId,
          channelId: body.channel_id,
          externalId: created.id,
          name: body.name,
          language: body.language,
          category: categoryOf(created.category, body.category),
          status: statusOf(created.status),
          ...fieldsOf(body),
        })
        .returning();
      return toDto(row!);
    });
  }

  /** Meta's edit rules: approved, rejected or paused only; channel, name and language stay. */
  async function update(member: MemberPrincipal, id: string, body: Body) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const row = await find(tx, id);
      if (!TEMPLATE_EDITABLE_STATUSES.includes(row.status) || !row.externalId)
        throw new AppError(409, 'template_not_editable');
      const { token } = await channelOf(tx, row.channelId);
      const kept = { ...body, channel_id: row.channelId };
      const handle = await handleOf(tx, kept);
      // Meta takes a new category only for a rejected template
      const category = row.status === 'rejected' ? metaCategoryOf(body.category) : undefined;
      await whatsapp
        .editTemplate(graph, token, { templateId: row.externalId, components: componentsOf(kept, handle), category })
        .catch((error: unknown) => {
          throw refusalOf(error);
        });
      const [updated] = await tx
        .update(whatsappTemplates)
        .set({
          ...fieldsOf(kept),
          category: category ? body.category : row.category,
          status: 'pending',
          rejectedReason: null,
          updatedAt: new Date(),
        })
        .where(eq(whatsappTemplates.id, id))
        .returning();
      return toDto(updated!);
    });
  }

  /** Deleted at Meta by name and id; one Meta no longer has is deleted here all the same. */
  async function remove(member: MemberPrincipal, id: string) {
    await database.withWorkspace(member.workspaceId, async (tx) => {
      const row = await find(tx, id);
      const { wabaId, token } = await channelOf(tx, row.channelId);
      try {
        await whatsapp.deleteTemplate(graph, token, {
          wabaId,
          name: row.name,
          templateId: row.externalId ?? undefined,
        });
      } catch (error) {
        const gone = error instanceof GraphError && !error.unavailable && !error.tokenRejected && error.code === 100;
        if (!gone) throw refusalOf(error);
      }
      await tx.delete(whatsappTemplates).where(eq(whatsappTemplates.id, id));
    });
  }

  /** Every template of the account, upserted by (channel, name, language) with Meta's status. */
  async function sync(member: MemberPrincipal, channelId: string) {
    const { wabaId, token } = await database.withWorkspace(member.workspaceId, (tx) => channelOf(tx, channelId));
    const templates = await whatsapp.allTemplates(graph, token, wabaId).catch((error: unknown) => {
      throw refusalOf(error);
    });
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const existing = await tx.select().from(whatsappTemplates).where(eq(whatsappTemplates.channelId, channelId));
      const byKey = new Map(existing.map((row) => [`${row.name}\n${row.language}`, row]));
      let created = 0;
      let updated = 0;
      for (const template of templates) {
        const row = byKey.get(`${template.name}\n${template.language}`);
        const fields = {
          externalId: template.id,
          status: statusOf(template.status),
          category: categoryOf(template.category, row?.category),
          ...storedOf(template),
        };
        if (row) {
          // a media header's sample stays ours: Meta answers only its URL
          const header = row.header.type === fields.header.type ? row.header : fields.header;
          await tx
            .update(whatsappTemplates)
            .set({ ...fields, header, updatedAt: new Date() })
            .where(eq(whatsappTemplates.id, row.id));
          updated++;
        } else {
          await tx.insert(whatsappTemplates).values({
            workspaceId: member.workspaceId,
            channelId,
            name: template.name,
            language: template.language,
            ...fields,
          });
          created++;
        }
      }
      return { created, updated };
    });
  }

  /** A header sample uploaded to Meta, kept with its handle: answers the attachment id templates name. */
  async function keepMedia(
    member: MemberPrincipal,
    media: { channelId: string; storageKey: string; fileName: string; mediaType: string; size: number; handle: string },
  ) {
    const [row] = await database.withWorkspace(member.workspaceId, (tx) =>
      tx
        .insert(whatsappTemplateMedia)
        .values({ workspaceId: member.workspaceId, ...media })
        .returning({ id: whatsappTemplateMedia.id }),
    );
    return row!.id;
  }

  return { list, get, create, update, remove, sync, channelOf, keepMedia };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
