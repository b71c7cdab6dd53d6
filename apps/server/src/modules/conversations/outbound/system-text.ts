import type { MessageTemplate } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { factsOf, messagesStored } from '../announce.ts';
import { type ConversationRow, conversations, messages } from '../conversations.tables.ts';
import { sendRetryJob } from './outbound.service.ts';
import { deliver } from './send-message.ts';

/** What the system sends by itself: a text, a WhatsApp template, or a private note (stored, never sent). */
export type SystemOutgoing =
  | { type: 'text'; text: string }
  | { type: 'template'; template: MessageTemplate }
  | { type: 'note'; text: string };

/**
 * A text the desk or an AI agent sends by itself (no member: `sender_member_id` null) into a conversation the customer has just
 * written in, through the agents' path: stored, sent to Graph at once (retried by `messages.send` when Graph is
 * unreachable or throttles) and announced as `message.stored`.
 */
export function sendSystemText(
  ctx: AppContext,
  tx: Tx,
  conversation: ConversationRow,
  channelType: Parameters<typeof factsOf>[1],
  text: string,
  /** an AI agent's answer: the agent and the articles it drew on */
  agent?: { id: string; sources: { article_id: string; title: string }[] },
) {
  return sendSystemMessage(ctx, tx, conversation, channelType, { type: 'text', text }, agent);
}

/** `sendSystemText` for any system message (a workflow's text, template or note); a note is stored, not sent. */
export async function sendSystemMessage(
  ctx: AppContext,
  tx: Tx,
  conversation: ConversationRow,
  channelType: Parameters<typeof factsOf>[1],
  outgoing: SystemOutgoing,
  agent?: { id: string; sources: { article_id: string; title: string }[] },
) {
  const text = outgoing.type === 'template' ? `[template] ${outgoing.template.name}` : outgoing.text;
  const [stored] = await tx
    .insert(messages)
    .values({
      workspaceId: conversation.workspaceId,
      conversationId: conversation.id,
      channelId: conversation.channelId,
      direction: 'outbound',
      type: outgoing.type,
      text,
      content: outgoing.type === 'template' ? { template: outgoing.template } : {},
      status: outgoing.type === 'note' ? 'sent' : 'wait_to_send',
      senderMemberId: null,
      senderAgentId: agent?.id ?? null,
      sources: agent?.sources ?? null,
    })
    .returning();
  if (outgoing.type !== 'note') {
    await tx
      .update(conversations)
      .set({ lastMessageAt: new Date(), lastMessagePreview: text.slice(0, 200), updatedAt: new Date() })
      .where(eq(conversations.id, conversation.id));
    if ((await deliver(ctx, tx, stored!, false)) === 'retry')
      await ctx.jobs.enqueue(sendRetryJob, { message_id: stored!.id }, { tx });
  }
  const [now] = await tx.select().from(messages).where(eq(messages.id, stored!.id));
  await messagesStored(ctx.events, tx, conversation.workspaceId, [
    { message: now!, conversation: factsOf(conversation, channelType) },
  ]);
  return now!;
}
