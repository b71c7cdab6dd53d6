import { TYPING_ACTION, type TypingPush, typingSchema } from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../platform/errors.ts';
import { socketAction } from '../../platform/modules/define-module.ts';
import type { SocketAction } from '../../platform/realtime/socket-hub.ts';
import { factsOf } from './announce.ts';
import { audienceOf } from './conversation-listeners.ts';
import { createConversationsService } from './conversations.service.ts';

/**
 * An agent typing: the others who may read the conversation see it (the client stops showing it after a pause);
 * and a catch-up of what a reconnecting panel missed.
 */
export function conversationSocketActions(ctx: AppContext): Record<string, SocketAction> {
  const service = createConversationsService(ctx);
  return {
    [TYPING_ACTION]: socketAction({
      schema: typingSchema,
      handle: async ({ conversation_id, typing }, { principal }) => {
        if (principal.kind !== 'member' || !principal.permissions.includes('conversation_write')) throw forbidden();
        const { conversation, channelType } = await ctx.database.withWorkspace(principal.workspaceId, (tx) =>
          service.visible(tx, principal, conversation_id),
        );
        const push: TypingPush = {
          conversation_id,
          typing,
          member_id: principal.member.id,
          display_name: principal.user.displayName,
        };
        const facts = factsOf(conversation, channelType);
        ctx.sockets.toWorkspace(principal.workspaceId, TYPING_ACTION, push, audienceOf(facts));
        // the customer too, where their channel shows it live (web chat)
        ctx.hooks.conversationTyping(ctx.cluster, facts, typing);
        return { ok: true };
      },
    }),
    'conversation.catch_up': socketAction({
      schema: z.object({
        after_seq: z.number().int().min(0),
        since: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(500).default(200),
      }),
      handle: ({ after_seq, since, limit }, { principal }) => {
        if (principal.kind !== 'member' || !principal.permissions.includes('conversation_read')) throw forbidden();
        return service.catchUp(principal, after_seq, since, limit);
      },
    }),
  };
}
