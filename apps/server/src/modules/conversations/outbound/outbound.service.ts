import type { Attachment, Message, sendMessageBodySchema } from '@omnichat/contracts';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { GraphError } from '../../../integrations/meta/graph-client.ts';
import * as whatsapp from '../../../integrations/meta/whatsapp.ts';
import type { MemberPrincipal } from '../../../platform/auth/guards.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { defineJob } from '../../../platform/jobs/job-definition.ts';
import type { AppJob } from '../../../platform/modules/define-module.ts';
import { channels } from '../../channels/index.ts';
import { conversationChanged, factsOf, messagesStored, statusesChanged } from '../announce.ts';
import type { ConversationsService } from '../conversations.service.ts';
import {
  type ConversationRow,
  conversationReads,
  conversations,
  type MessageRow,
  messages,
} from '../conversations.tables.ts';
import { toMessageDto } from '../message-dto.ts';
import { outboundAttachments } from './attachments.tables.ts';
import { deliver, replyWindow } from './send-message.ts';

type SendMessageOutput = z.output<typeof sendMessageBodySchema>;

const SEND_ATTEMPTS = 5;

/** A reply Graph did not take at once, tried again with backoff; the last attempt records the failure. */
export const sendRetryJob = defineJob({
  name: 'messages.send',
  version: 1,
  queue: 'outbound',
  payload: z.object({ message_id: z.uuid() }),
  maxAttempts: SEND_ATTEMPTS,
  handle: ({ message_id }, job: AppJob) =>
    job.inWorkspace(async (tx) => {
      const [waiting] = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.id, message_id), eq(messages.status, 'wait_to_send')));
      if (!waiting) return;
      if ((await deliver(job.app, tx, waiting, job.attempt >= SEND_ATTEMPTS)) === 'retry')
        throw new Error('Graph is unreachable or throttling: the message waits for the next attempt');
      const [now] = await tx.select().from(messages).where(eq(messages.id, message_id));
      await statusesChanged(job.app.events, tx, now!.workspaceId, [now!]);
    }),
});

/**
 * Replies and read marks. A message (text, file or template) is stored, then sent to Graph at once; when Graph
 * is unreachable or throttles, a job tries again with backoff, and the last attempt records the failure. Each
 * message is a `message.stored` with its state after the first attempt; a later attempt's outcome a
 * `message.status_changed`.
 */
export type OutboundService = ReturnType<typeof createOutboundService>;

export function createOutboundService(
  ctx: AppContext,
  log: FastifyBaseLogger,
  conversationsService: ConversationsService,
) {
  const { database, events, jobs, graph, secrets } = ctx;

  /** The message row a send body stores: text, a file uploaded to this conversation, or a WhatsApp template. */
  async function outgoingOf(
    tx: Tx,
    conversation: ConversationRow,
    body: SendMessageOutput,
  ): Promise<Pick<MessageRow, 'type' | 'text' | 'content' | 'mediaKey' | 'mediaType'>> {
    if (body.type === 'text') return { type: 'text', text: body.text, content: {}, mediaKey: null, mediaType: null };
    if (body.type === 'template')
      return {
        type: 'template',
        text: `[template] ${body.template.name}`,
        content: { template: body.template },
        mediaKey: null,
        mediaType: null,
      };
    const [attachment] = await tx
      .select()
      .from(outboundAttachments)
      .where(
        and(eq(outboundAttachments.id, body.attachment_id), eq(outboundAttachments.conversationId, conversation.id)),
      );
    if (!attachment) throw fieldError('attachment_id', 'attachment_unknown');
    // a document may be any accepted file; an image, video or audio message must be one
    if (body.type !== 'document' && !attachment.mediaType.startsWith(`${body.type}/`))
      throw fieldError('type', 'attachment_type_mismatch');
    return {
      type: body.type,
      text: body.caption || null,
      content: { attachment_id: attachment.id, filename: attachment.filename, size: attachment.size },
      mediaKey: attachment.mediaKey,
      mediaType: attachment.mediaType,
    };
  }

  /**
   * Stores an agent's message and sends it. WhatsApp takes text and files for 24 hours after the customer's last
   * message and templates at any time; Messenger and Instagram take text and files for 7 days (tagged as a human
   * agent's after 24 hours) and no templates; web chat takes text and files at any time.
   */
  async function send(member: MemberPrincipal, id: string, body: SendMessageOutput): Promise<Message> {
    const sent = await database.withWorkspace(member.workspaceId, async (tx) => {
      const { conversation, channelType } = await conversationsService.visible(tx, member, id);
      const [channel] = await tx.select().from(channels).where(eq(channels.id, conversation.channelId));
      if (channel!.status === 'needs_reauth') throw new AppError(409, 'channel_needs_reauth');
      if (body.type === 'template') {
        if (channel!.type !== 'whatsapp') throw fieldError('type', 'template_whatsapp_only');
      } else {
        const window = replyWindow(channel!.type, conversation.lastInboundAt);
        if (window === 'closed')
          throw new AppError(400, channel!.type === 'whatsapp' ? 'template_required' : 'messaging_window_closed');
      }
      const outgoing = await outgoingOf(tx, conversation, body);

      const [stored] = await tx
        .insert(messages)
        .values({
          workspaceId: member.workspaceId,
          conversationId: conversation.id,
          channelId: conversation.channelId,
          direction: 'outbound',
          ...outgoing,
          status: 'wait_to_send',
          senderMemberId: member.member.id,
        })
        .returning();
      const preview = (outgoing.text ?? `[${outgoing.type}]`).slice(0, 200);
      await tx
        .update(conversations)
        .set({ lastMessageAt: new Date(), lastMessagePreview: preview, updatedAt: new Date() })
        .where(eq(conversations.id, conversation.id));
      if ((await deliver(ctx, tx, stored!, false)) === 'retry')
        await jobs.enqueue(sendRetryJob, { message_id: stored!.id }, { tx });
      const [now] = await tx.select().from(messages).where(eq(messages.id, stored!.id));
      await messagesStored(events, tx, member.workspaceId, [
        { message: now!, conversation: factsOf(conversation, channelType) },
      ]);
      return now!;
    });
    return toMessageDto(sent);
  }

  /** A private note: in the thread for the agents, never sent to Meta, outside the 24-hour window too. */
  async function note(member: MemberPrincipal, id: string, text: string): Promise<Message> {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const { conversation, channelType } = await conversationsService.visible(tx, member, id);
      const [stored] = await tx
        .insert(messages)
        .values({
          workspaceId: member.workspaceId,
          conversationId: conversation.id,
          channelId: conversation.channelId,
          direction: 'outbound',
          type: 'note',
          text,
          status: 'sent',
          senderMemberId: member.member.id,
        })
        .returning();
      await messagesStored(events, tx, member.workspaceId, [
        { message: stored!, conversation: factsOf(conversation, channelType) },
      ]);
      return toMessageDto(stored!);
    });
  }

  /**
   * The member opened the conversation: everything in it counts as read for them, and on WhatsApp the customer's
   * last message is marked read (blue ticks). Graph's refusal is logged; the read still counts.
   */
  async function markRead(member: MemberPrincipal, id: string) {
    const lastInbound = await database.withWorkspace(member.workspaceId, async (tx) => {
      const { conversation, channelType } = await conversationsService.visible(tx, member, id);
      const [last] = await tx
        .select({ seq: max(messages.seq) })
        .from(messages)
        .where(eq(messages.conversationId, conversation.id));
      await tx
        .insert(conversationReads)
        .values({
          workspaceId: member.workspaceId,
          conversationId: conversation.id,
          memberId: member.member.id,
          lastReadSeq: last?.seq ?? 0,
        })
        .onConflictDoUpdate({
          target: [conversationReads.conversationId, conversationReads.memberId],
          set: { lastReadSeq: sql`greatest(${conversationReads.lastReadSeq}, excluded.last_read_seq)` },
        });
      await conversationChanged(
        events,
        tx,
        member.workspaceId,
        'read',
        factsOf(conversation, channelType),
        member.member.id,
      );
      const [channel] = await tx.select().from(channels).where(eq(channels.id, conversation.channelId));
      if (channel?.type !== 'whatsapp') return null;
      const [inbound] = await tx
        .select({ externalId: messages.externalId })
        .from(messages)
        .where(and(eq(messages.conversationId, conversation.id), eq(messages.direction, 'inbound')))
        .orderBy(desc(messages.seq))
        .limit(1);
      return inbound?.externalId ? { channel, messageId: inbound.externalId } : null;
    });
    if (lastInbound) {
      const { channel, messageId } = lastInbound;
      await whatsapp
        .markRead(graph, secrets.open(channel.accessTokenSealed ?? ''), {
          phoneNumberId: channel.phoneNumberId ?? '',
          messageId,
        })
        .catch((error: unknown) => {
          if (!(error instanceof GraphError)) throw error;
          log.warn({ err: error, channel: channel.id }, 'WhatsApp did not take the read mark');
        });
    }
    return { unread_count: 0 };
  }

  /** A file an agent uploads into a conversation they may see, to send in it next (`attachment_id`). */
  async function attach(
    member: MemberPrincipal,
    id: string,
    file: { bytes: Buffer; filename: string; mediaType: Attachment['media_type'] },
  ): Promise<Attachment> {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const { conversation } = await conversationsService.visible(tx, member, id);
      const key = await ctx.storage.put(member.workspaceId, file.bytes);
      const [row] = await tx
        .insert(outboundAttachments)
        .values({
          workspaceId: member.workspaceId,
          conversationId: conversation.id,
          mediaKey: key,
          mediaType: file.mediaType,
          filename: file.filename,
          size: file.bytes.length,
          uploadedByMemberId: member.member.id,
        })
        .returning();
      return { attachment_id: row!.id, media_type: file.mediaType, size: file.bytes.length, filename: file.filename };
    });
  }

  return { send, note, markRead, attach };
}
