import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { factsOf, messagesStored } from '../announce.ts';
import { type ConversationRow, conversations, messages } from '../conversations.tables.ts';
import { sendRetryJob } from './outbound.service.ts';
import { deliver } from './send-message.ts';

/**
 * A text the desk or an AI agent sends by itself (no member: `sender_member_id` null) into a conversation the customer has just
 * written in, through the agents' path: stored, sent to Graph at once (retried by `messages.send` when Graph is
 * unreachable or throttles) and announced as `message.stored`.
 */
export async function sendSystemText(
  ctx: AppContext,
  tx: Tx,
  conversation: ConversationRow,
  channelType: Parameters<typeof factsOf>[1],
  text: string,
  /** an AI agent's answer: the agent and the articles it drew on */
  agent?: { id: string; sources: { article_id: string; title: string }[] },
) {
  const [stored] = await tx
    .insert(messages)
    .values({
      workspaceId: conversation.workspaceId,
      conversationId: conversation.id,
      channelId: conversation.channelId,
      direction: 'outbound',
      type: 'text',
      text,
      content: {},
      status: 'wait_to_send',
      senderMemberId: null,
      senderAgentId: agent?.id ?? null,
      sources: agent?.sources ?? null,
    })
    .returning();
  await tx
    .update(conversations)
    .set({ lastMessageAt: new Date(), lastMessagePreview: text.slice(0, 200), updatedAt: new Date() })
    .where(eq(conversations.id, conversation.id));
  if ((await deliver(ctx, tx, stored!, false)) === 'retry')
    await ctx.jobs.enqueue(sendRetryJob, { message_id: stored!.id }, { tx });
  const [now] = await tx.select().from(messages).where(eq(messages.id, stored!.id));
  await messagesStored(ctx.events, tx, conversation.workspaceId, [
    { message: now!, conversation: factsOf(conversation, channelType) },
  ]);
  return now!;
}
