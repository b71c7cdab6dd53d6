import { CANNED_REPLY_LIMITS, type CannedReply, type cannedReplyBodySchema } from '@omnichat/contracts';
import { and, asc, count, eq, ilike, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { MemberPrincipal } from '../../../platform/auth/guards.ts';
import { toUnixSeconds } from '../../../platform/db/columns.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { type CannedReplyRow, cannedReplies } from './canned-replies.tables.ts';

type Body = z.output<typeof cannedReplyBodySchema>;

const toDto = (row: CannedReplyRow): CannedReply => ({
  id: row.id,
  shortcut: row.shortcut,
  text: row.text,
  created_at: toUnixSeconds(row.createdAt),
  updated_at: toUnixSeconds(row.updatedAt),
});

/** A shortcut another reply of the organization has is a 409 on the shortcut field. */
async function checkShortcut(tx: Tx, shortcut: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: cannedReplies.id })
    .from(cannedReplies)
    .where(and(eq(cannedReplies.shortcut, shortcut), exceptId ? ne(cannedReplies.id, exceptId) : undefined));
  if (taken) throw new AppError(409, 'canned_shortcut_taken', {}, { shortcut: { key: 'canned_shortcut_taken' } });
}

/** The organization's canned replies, with one shortcut each and at most `CANNED_REPLY_LIMITS.perOrganization`. */
export function createCannedRepliesService({ database }: AppContext) {
  async function list(member: MemberPrincipal, query: { keyword?: string }): Promise<CannedReply[]> {
    const like = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%` : null;
    const rows = await database.withWorkspace(member.workspaceId, (tx) =>
      tx
        .select()
        .from(cannedReplies)
        .where(like ? or(ilike(cannedReplies.shortcut, like), ilike(cannedReplies.text, like)) : undefined)
        .orderBy(asc(cannedReplies.shortcut)),
    );
    return rows.map(toDto);
  }

  async function create(member: MemberPrincipal, body: Body): Promise<CannedReply> {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const [kept] = await tx.select({ n: count() }).from(cannedReplies);
      if ((kept?.n ?? 0) >= CANNED_REPLY_LIMITS.perOrganization)
        throw new AppError(409, 'canned_reply_limit', { limit: CANNED_REPLY_LIMITS.perOrganization });
      await checkShortcut(tx, body.shortcut);
      const [created] = await tx
        .insert(cannedReplies)
        .values({ workspaceId: member.workspaceId, ...body, createdByMemberId: member.member.id })
        .returning();
      return toDto(created!);
    });
  }

  async function update(member: MemberPrincipal, id: string, body: Body): Promise<CannedReply> {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await checkShortcut(tx, body.shortcut, id);
      const [updated] = await tx
        .update(cannedReplies)
        .set({ ...body, updatedAt: new Date() })
        .where(eq(cannedReplies.id, id))
        .returning();
      if (!updated) throw notFound();
      return toDto(updated);
    });
  }

  async function remove(member: MemberPrincipal, id: string): Promise<void> {
    const [removed] = await database.withWorkspace(member.workspaceId, (tx) =>
      tx.delete(cannedReplies).where(eq(cannedReplies.id, id)).returning({ id: cannedReplies.id }),
    );
    if (!removed) throw notFound();
  }

  return { list, create, update, remove };
}
