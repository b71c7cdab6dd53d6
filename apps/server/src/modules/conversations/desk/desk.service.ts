import type { BulkConversationsResult, bulkConversationsBodySchema, Conversation } from '@omnichat/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { MemberPrincipal } from '../../../platform/auth/guards.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ConversationsService } from '../conversations.service.ts';
import { actorOf } from './activities.ts';
import { assignConversation } from './assignment.ts';
import { changeLabels } from './labels.service.ts';
import { changeStatus, snooze } from './status.ts';

type BulkBody = z.output<typeof bulkConversationsBodySchema>;

/** The thread header's actions beyond assign and close: snooze, labels, and bulk actions on chosen conversations. */
export function createDeskService(ctx: AppContext, conversations: ConversationsService) {
  const { database } = ctx;

  const snoozeOne = (member: MemberPrincipal, id: string, until: number | null): Promise<Conversation> =>
    database.withWorkspace(member.workspaceId, async (tx) => {
      const row = await conversations.visible(tx, member, id);
      await snooze(ctx, tx, member.workspaceId, row, until === null ? null : new Date(until * 1000), actorOf(member));
      return conversations.reread(tx, member, id);
    });

  const setLabels = (member: MemberPrincipal, id: string, labelIds: string[]): Promise<Conversation> =>
    database.withWorkspace(member.workspaceId, async (tx) => {
      const row = await conversations.visible(tx, member, id);
      await changeLabels(ctx.events, tx, member.workspaceId, row, labelIds, actorOf(member));
      return conversations.reread(tx, member, id);
    });

  /**
   * One action on each chosen conversation, all in one transaction: a conversation the member may not see is
   * counted as skipped and left alone; a refusal that concerns the whole input (an unknown assignee or label)
   * refuses the whole request, and nothing changes.
   */
  const bulk = (member: MemberPrincipal, body: BulkBody): Promise<BulkConversationsResult> =>
    database.withWorkspace(member.workspaceId, async (tx) => {
      const actor = actorOf(member);
      const result: BulkConversationsResult = { done: [], skipped: 0 };
      for (const id of [...new Set(body.ids)]) {
        const row = await conversations.visible(tx, member, id).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        });
        if (!row) {
          result.skipped += 1;
          continue;
        }
        if (body.action === 'assign') await assignConversation(ctx.events, tx, member.workspaceId, id, body, actor);
        else if (body.action === 'label')
          await changeLabels(ctx.events, tx, member.workspaceId, row, body.label_ids, actor, 'add');
        else await changeStatus(ctx.events, tx, member.workspaceId, row, 'closed', actor);
        result.done.push(id);
      }
      return result;
    });

  return { snooze: snoozeOne, setLabels, bulk };
}
