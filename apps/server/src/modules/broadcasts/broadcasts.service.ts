import { type broadcastBodySchema, placeholdersOf } from '@omnichat/contracts';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import type { Tx } from '../../platform/db/database.ts';
import { totalOf, totalOver } from '../../platform/db/paging.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { channels } from '../channels/index.ts';
import { createTemplatePricing } from '../settings/index.ts';
import { whatsappTemplates } from '../templates/index.ts';
import { audienceNamesAnyone, priceRecipients, resolveAudience } from './audience.ts';
import { progressOf, toDto, toRecipientDto } from './broadcast-dto.ts';
import { type BroadcastRow, broadcastRecipients, broadcasts } from './broadcasts.tables.ts';
import { pushProgress } from './progress-push.ts';
import { broadcastSendJob } from './sender.ts';
import { releaseRest, reserveForStart } from './wallet-charge.ts';

type Body = z.output<typeof broadcastBodySchema>;
type Page = { page: number; size: number };
/** a client's "now" may be a few seconds behind the server's */
const SEND_AT_SLACK_MS = 5_000;

/** Starts the sender job for the broadcast's current run: at `send_at`, or at once. */
export async function startSender(ctx: AppContext, tx: Tx, row: BroadcastRow) {
  await ctx.jobs.enqueue(
    broadcastSendJob,
    { broadcast_id: row.id },
    { tx, workspaceId: row.workspaceId, runAt: row.sendAt, idempotencyKey: `${row.id}:${row.run}` },
  );
}

/** Broadcasts: created with their recipients, paused, resumed and cancelled; the sender is in `sender.ts`. */
export function createBroadcastsService(ctx: AppContext) {
  const { database } = ctx;
  const pricing = createTemplatePricing(ctx.settings);

  async function find(tx: Tx, id: string, lock = false) {
    const query = tx.select().from(broadcasts).where(eq(broadcasts.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound();
    return row;
  }

  const dtoOf = async (tx: Tx, row: BroadcastRow) => toDto(row, (await progressOf(tx, [row.id])).get(row.id));

  async function create(member: MemberPrincipal, body: Body) {
    const now = Date.now();
    if (body.send_at !== undefined && body.send_at * 1000 < now - SEND_AT_SLACK_MS)
      throw new AppError(400, 'broadcast_send_at_past', {}, { send_at: { key: 'broadcast_send_at_past' } });
    if (!audienceNamesAnyone(body.audience))
      throw new AppError(400, 'broadcast_audience_empty', {}, { audience: { key: 'broadcast_audience_empty' } });
    const table = await pricing.table();
    const created = await database.withWorkspace(member.workspaceId, async (tx) => {
      const [channel] = await tx.select().from(channels).where(eq(channels.id, body.channel_id));
      if (!channel) throw new AppError(404, 'not_found', {}, { channel_id: { key: 'not_found' } });
      if (channel.type !== 'whatsapp' || !channel.phoneNumberId)
        throw new AppError(
          400,
          'broadcast_channel_not_whatsapp',
          {},
          { channel_id: { key: 'broadcast_channel_not_whatsapp' } },
        );
      const [template] = await tx
        .select()
        .from(whatsappTemplates)
        .where(and(eq(whatsappTemplates.id, body.template_id), eq(whatsappTemplates.channelId, channel.id)));
      if (template?.status !== 'approved')
        throw new AppError(
          422,
          'broadcast_template_not_approved',
          {},
          { template_id: { key: 'broadcast_template_not_approved' } },
        );
      const wanted = [...new Set(placeholdersOf(template.body))].sort();
      const given = [...new Set(body.parameters.map((p) => p.key))].sort();
      if (given.length !== body.parameters.length || wanted.join() !== given.join())
        throw new AppError(
          400,
          'broadcast_parameters_mismatch',
          {},
          { parameters: { key: 'broadcast_parameters_mismatch' } },
        );
      const sendAt =
        body.send_at !== undefined && body.send_at * 1000 > now ? new Date(body.send_at * 1000) : new Date(now);
      const scheduled = sendAt.getTime() > now;
      const [row] = await tx
        .insert(broadcasts)
        .values({
          workspaceId: member.workspaceId,
          name: body.name,
          channelId: channel.id,
          templateId: template.id,
          templateName: template.name,
          templateLanguage: template.language,
          templateCategory: template.category,
          parameters: body.parameters,
          audience: body.audience,
          status: scheduled ? 'scheduled' : 'sending',
          sendAt,
          startedAt: scheduled ? null : new Date(now),
          createdByMemberId: member.member.id,
        })
        .returning();
      await resolveAudience(tx, {
        workspaceId: member.workspaceId,
        broadcastId: row!.id,
        audience: body.audience,
        category: template.category,
      });
      const progress = (await progressOf(tx, [row!.id])).get(row!.id)!;
      if (!progress.total)
        throw new AppError(400, 'broadcast_audience_empty', {}, { audience: { key: 'broadcast_audience_empty' } });
      const cost = await priceRecipients(tx, row!.id, template.category, table);
      const [priced] = await tx
        .update(broadcasts)
        .set({ estimatedCostCents: cost })
        .where(eq(broadcasts.id, row!.id))
        .returning();
      // one that sends now holds its cost now: a wallet that cannot cover it refuses it, naming what is missing
      if (!scheduled) await reserveForStart(ctx, tx, priced!);
      await startSender(ctx, tx, priced!);
      return toDto(priced!, progress);
    });
    return created;
  }

  async function list(member: MemberPrincipal, query: Page & { status?: BroadcastRow['status'] }) {
    const where = query.status ? eq(broadcasts.status, query.status) : undefined;
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const rows = await tx
        .select({ row: broadcasts, total: totalOver() })
        .from(broadcasts)
        .where(where)
        .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const total = await totalOf(rows, query.page, () => tx.$count(broadcasts, where));
      const progress = await progressOf(
        tx,
        rows.map(({ row }) => row.id),
      );
      const page = { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) };
      return { items: rows.map(({ row }) => toDto(row, progress.get(row.id))), page };
    });
  }

  const get = (member: MemberPrincipal, id: string) =>
    database.withWorkspace(member.workspaceId, async (tx) => dtoOf(tx, await find(tx, id)));

  /**
   * Pauses a sending or scheduled broadcast. The sender's claim of a batch holds the broadcast's row (FOR SHARE)
   * while it marks the batch `sending`, so once this UPDATE commits no batch is claimed: no send starts after it.
   */
  async function pause(member: MemberPrincipal, id: string) {
    const dto = await database.withWorkspace(member.workspaceId, async (tx) => {
      const row = await find(tx, id, true);
      if (row.status !== 'sending' && row.status !== 'scheduled') throw new AppError(409, 'broadcast_state_conflict');
      const [paused] = await tx
        .update(broadcasts)
        .set({ status: 'paused', statusReason: null, updatedAt: new Date() })
        .where(eq(broadcasts.id, id))
        .returning();
      return dtoOf(tx, paused!);
    });
    pushProgress(ctx, member.workspaceId, dto);
    return dto;
  }

  /** Resumes a paused broadcast under a new run (a new sender job), scheduled again if its time is still ahead. */
  async function resume(member: MemberPrincipal, id: string) {
    const dto = await database.withWorkspace(member.workspaceId, async (tx) => {
      const row = await find(tx, id, true);
      if (row.status !== 'paused') throw new AppError(409, 'broadcast_state_conflict');
      const scheduled = row.sendAt.getTime() > Date.now();
      const [resumed] = await tx
        .update(broadcasts)
        .set({
          status: scheduled ? 'scheduled' : 'sending',
          statusReason: null,
          run: row.run + 1,
          startedAt: row.startedAt ?? (scheduled ? null : new Date()),
          updatedAt: new Date(),
        })
        .where(eq(broadcasts.id, id))
        .returning();
      if (resumed!.status === 'sending') await reserveForStart(ctx, tx, resumed!);
      await startSender(ctx, tx, resumed!);
      return dtoOf(tx, resumed!);
    });
    pushProgress(ctx, member.workspaceId, dto);
    return dto;
  }

  /** Cancels a broadcast that has not ended: its pending recipients end `cancelled` (as pause, no send starts after). */
  async function cancel(member: MemberPrincipal, id: string) {
    const dto = await database.withWorkspace(member.workspaceId, async (tx) => {
      const row = await find(tx, id, true);
      if (!['sending', 'scheduled', 'paused'].includes(row.status)) throw new AppError(409, 'broadcast_state_conflict');
      await tx
        .update(broadcastRecipients)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(broadcastRecipients.broadcastId, id), eq(broadcastRecipients.status, 'pending')));
      const [cancelled] = await tx
        .update(broadcasts)
        .set({ status: 'cancelled', completedAt: new Date(), updatedAt: new Date() })
        .where(eq(broadcasts.id, id))
        .returning();
      await releaseRest(ctx, tx, cancelled!);
      return dtoOf(tx, cancelled!);
    });
    pushProgress(ctx, member.workspaceId, dto);
    return dto;
  }

  async function jobs(member: MemberPrincipal, id: string, query: Page & { status?: 'pending' | 'processed' }) {
    const open = ['pending', 'sending'] as const;
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await find(tx, id);
      const where = and(
        eq(broadcastRecipients.broadcastId, id),
        query.status === 'pending'
          ? inArray(broadcastRecipients.status, [...open])
          : query.status === 'processed'
            ? notInArray(broadcastRecipients.status, [...open])
            : undefined,
      );
      const rows = await tx
        .select({ row: broadcastRecipients, total: totalOver() })
        .from(broadcastRecipients)
        .where(where)
        .orderBy(broadcastRecipients.id)
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const total = await totalOf(rows, query.page, () => tx.$count(broadcastRecipients, where));
      const page = { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) };
      return { items: rows.map(({ row }) => toRecipientDto(row)), page };
    });
  }

  async function cancelJob(member: MemberPrincipal, id: string, jobId: string) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await find(tx, id);
      const [cancelled] = await tx
        .update(broadcastRecipients)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(
          and(
            eq(broadcastRecipients.id, jobId),
            eq(broadcastRecipients.broadcastId, id),
            eq(broadcastRecipients.status, 'pending'),
          ),
        )
        .returning();
      if (cancelled) return toRecipientDto(cancelled);
      const [exists] = await tx
        .select({ id: broadcastRecipients.id })
        .from(broadcastRecipients)
        .where(and(eq(broadcastRecipients.id, jobId), eq(broadcastRecipients.broadcastId, id)));
      if (!exists) throw notFound();
      throw new AppError(409, 'broadcast_job_not_pending');
    });
  }

  return { create, list, get, pause, resume, cancel, jobs, cancelJob };
}
