import { CANNED_REPLY_LIMITS, type CannedReply, cannedReplyEndpoints, translate } from '@omnichat/contracts';
import { and, asc, count, eq, ilike, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { memberOf } from '../../../platform/auth/guards.ts';
import { toUnixSeconds } from '../../../platform/db/columns.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { routeOf } from '../../../platform/http/endpoint-route.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { localeOf } from '../../../platform/http/error-handler.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import { type CannedReplyRow, cannedReplies } from './canned-replies.tables.ts';

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

/**
 * Canned replies (`/v1/canned-replies`): agents who read conversations pick them in the composer by typing "/"
 * and a shortcut; agents who may reply (conversation_write) keep the list.
 */
export async function cannedReplyRoutes(app: AppInstance, ctx: AppContext) {
  const read = ctx.guards.member('conversation_read');
  const write = ctx.guards.member('conversation_write');
  const group = ['canned-replies'];
  const inWorkspace = <T>(workspaceId: string, work: (tx: Tx) => Promise<T>) =>
    ctx.database.withWorkspace(workspaceId, work);

  app.route({
    ...routeOf(cannedReplyEndpoints.list, group),
    preHandler: read,
    handler: async (request) => {
      const like = request.query.keyword ? `%${request.query.keyword.replace(/[\\%_]/g, '\\$&')}%` : null;
      const rows = await inWorkspace(memberOf(request).workspaceId, (tx) =>
        tx
          .select()
          .from(cannedReplies)
          .where(like ? or(ilike(cannedReplies.shortcut, like), ilike(cannedReplies.text, like)) : undefined)
          .orderBy(asc(cannedReplies.shortcut)),
      );
      return ok(rows.map(toDto));
    },
  });

  app.route({
    ...routeOf(cannedReplyEndpoints.create, group),
    preHandler: write,
    handler: async (request) => {
      const member = memberOf(request);
      const row = await inWorkspace(member.workspaceId, async (tx) => {
        const [kept] = await tx.select({ n: count() }).from(cannedReplies);
        if ((kept?.n ?? 0) >= CANNED_REPLY_LIMITS.perOrganization)
          throw new AppError(409, 'canned_reply_limit', { limit: CANNED_REPLY_LIMITS.perOrganization });
        await checkShortcut(tx, request.body.shortcut);
        const [created] = await tx
          .insert(cannedReplies)
          .values({ workspaceId: member.workspaceId, ...request.body, createdByMemberId: member.member.id })
          .returning();
        return created!;
      });
      return ok(toDto(row));
    },
  });

  app.route({
    ...routeOf(cannedReplyEndpoints.update, group),
    preHandler: write,
    handler: async (request) => {
      const row = await inWorkspace(memberOf(request).workspaceId, async (tx) => {
        await checkShortcut(tx, request.body.shortcut, request.params.id);
        const [updated] = await tx
          .update(cannedReplies)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(cannedReplies.id, request.params.id))
          .returning();
        if (!updated) throw notFound();
        return updated;
      });
      return ok(toDto(row));
    },
  });

  app.route({
    ...routeOf(cannedReplyEndpoints.remove, group),
    preHandler: write,
    handler: async (request) => {
      const [removed] = await inWorkspace(memberOf(request).workspaceId, (tx) =>
        tx.delete(cannedReplies).where(eq(cannedReplies.id, request.params.id)).returning({ id: cannedReplies.id }),
      );
      if (!removed) throw notFound();
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });
}
