import type { MessageTemplate } from '@omnichat/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { GraphError } from '../../../integrations/meta/graph-client.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { type ChannelRow, channels } from '../../channels/index.ts';
import { type CustomerRow, customers } from '../../customers/index.ts';
import { channelNeedsReauth } from '../announce.ts';
import { SESSION_MS } from '../conversations.service.ts';
import { type ConversationRow, conversations, type MessageRow, messages } from '../conversations.tables.ts';
import { mediaLinks } from './media-links.ts';

/** WhatsApp's "re-engagement message" refusal: the 24-hour window had closed after all. */
const REENGAGEMENT_REQUIRED = 131047;

/** After 24 hours Messenger and Instagram take an agent's reply for 6 days more with the HUMAN_AGENT tag. */
const HUMAN_AGENT_MS = 7 * 24 * 3600 * 1000;

/**
 * Where the customer's reply window stands: `open` for 24 hours after their last message (web chat always);
 * then, on Messenger and Instagram only, `human_agent` until 7 days; `closed` after (or when they never wrote).
 */
export function replyWindow(
  channelType: ChannelRow['type'],
  lastInboundAt: Date | null,
  now = Date.now(),
): 'open' | 'human_agent' | 'closed' {
  if (channelType === 'webchat') return 'open';
  const since = lastInboundAt ? now - lastInboundAt.getTime() : Number.POSITIVE_INFINITY;
  if (since < SESSION_MS) return 'open';
  return channelType !== 'whatsapp' && since < HUMAN_AGENT_MS ? 'human_agent' : 'closed';
}

/** The outbound message kinds that carry an uploaded file. */
const MEDIA = new Set(['image', 'video', 'audio', 'document']);

type Send = { path: string; body: Record<string, unknown> };
/** What the stored message says: its text or caption, its file's public link, a template. */
type Outgoing = { message: MessageRow; link: string | null };

/** WhatsApp's message object of each kind (Cloud API "Messages"): media by link, templates by name and language. */
function whatsappMessage({ message, link }: Outgoing): Record<string, unknown> {
  const content = message.content as { template?: MessageTemplate; filename?: string };
  if (message.type === 'template' && content.template) {
    const { name, language, components } = content.template;
    return { type: 'template', template: { name, language: { code: language }, ...(components && { components }) } };
  }
  if (MEDIA.has(message.type) && link) {
    const media: Record<string, unknown> = { link };
    // an audio message has no caption
    if (message.text && message.type !== 'audio') media.caption = message.text;
    if (message.type === 'document' && content.filename) media.filename = content.filename;
    return { type: message.type, [message.type]: media };
  }
  return { type: 'text', text: { body: message.text ?? '' } };
}

/**
 * What Graph is sent for a stored message, in each product's shape, and where. Messenger and Instagram answer
 * with `MESSAGE_TAG`/`HUMAN_AGENT` once 24 hours have passed since the customer's last message; an attachment
 * there carries no caption, which follows as a text of its own.
 */
function requestsOf(channel: ChannelRow, customer: CustomerRow, conversation: ConversationRow, outgoing: Outgoing) {
  const { message, link } = outgoing;
  if (channel.type === 'whatsapp')
    return [
      {
        path: `${channel.phoneNumberId}/messages`,
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          // a customer added by hand has a phone; WhatsApp's id for a number is its digits
          to: customer.whatsappId ?? customer.phone?.replace(/^\+/, ''),
          ...whatsappMessage(outgoing),
        },
      },
    ];
  const envelope = {
    recipient: { id: channel.type === 'instagram' ? customer.instagramId : customer.facebookId },
    ...(replyWindow(channel.type, conversation.lastInboundAt) === 'open'
      ? { messaging_type: 'RESPONSE' }
      : { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }),
  };
  const send = (body: Record<string, unknown>): Send => ({ path: `${channel.pageId}/messages`, body });
  if (!MEDIA.has(message.type) || !link) return [send({ ...envelope, message: { text: message.text ?? '' } })];
  const type = message.type === 'document' ? 'file' : message.type;
  const attachment = send({
    ...envelope,
    message: { attachment: { type, payload: { url: link, is_reusable: true } } },
  });
  return message.text ? [attachment, send({ ...envelope, message: { text: message.text } })] : [attachment];
}

export type Delivery = 'sent' | 'failed' | 'retry';

/**
 * Sends a stored outbound message (text, file or template) through Graph and records the outcome in the caller's
 * transaction: `sent` with Meta's id; `failed` with Meta's code and title (a rejected token also flags the channel
 * for re-authorisation, a closed window ends the session); `retry` when Graph was unreachable or throttled, the
 * message still waiting. A file goes by a fresh public link that works for 24 hours. On Messenger and Instagram a
 * caption follows its file as a second text: once the file is sent, the caption's failure is only noted in
 * `content.caption_error` (sending the file again would repeat it).
 */
export async function deliver(ctx: AppContext, tx: Tx, message: MessageRow, finalAttempt: boolean): Promise<Delivery> {
  const [found] = await tx
    .select({ channel: channels, customer: customers, conversation: conversations })
    .from(conversations)
    .innerJoin(channels, eq(channels.id, conversations.channelId))
    .innerJoin(customers, eq(customers.id, conversations.customerId))
    .where(eq(conversations.id, message.conversationId));
  if (!found) return 'failed';
  const { channel, customer, conversation } = found;
  const record = (changes: Partial<MessageRow>) =>
    tx
      .update(messages)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(messages.id, message.id));

  // web chat: sent once stored; its `message.stored` takes it to the visitor's open widgets (and it waits in their
  // thread for the next visit)
  if (channel.type === 'webchat') {
    await record({ status: 'sent' });
    return 'sent';
  }
  const link =
    message.mediaKey && message.mediaType ? (await mediaLinks(ctx)).url(message.mediaKey, message.mediaType) : null;
  const [first, ...rest] = requestsOf(channel, customer, conversation, { message, link });
  const token = ctx.secrets.open(channel.accessTokenSealed ?? '');
  type Answer = { messages?: { id: string }[]; message_id?: string };
  const idOf = (answer: Answer) => answer.messages?.[0]?.id ?? answer.message_id ?? null;
  try {
    const answer = await ctx.graph.post<Answer>(first!.path, token, first!.body);
    const sent: Partial<MessageRow> = { status: 'sent', externalId: idOf(answer) };
    for (const follow of rest) {
      try {
        const caption = await ctx.graph.post<Answer>(follow.path, token, follow.body);
        sent.content = { ...message.content, caption_external_id: idOf(caption) };
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        sent.content = { ...message.content, caption_error: { code: error.code, title: error.title } };
      }
    }
    await record(sent);
    return 'sent';
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    if (error.transient && !finalAttempt) return 'retry';
    await record({ status: 'failed', errorCode: error.code, errorTitle: error.title });
    if (error.tokenRejected) await channelNeedsReauth(ctx, tx, channel);
    if (error.code === REENGAGEMENT_REQUIRED) await endSession(tx, conversation);
    return 'failed';
  }
}

/** The free-reply window is over: only templates may be sent until the customer writes again. */
const endSession = (tx: Tx, conversation: ConversationRow) =>
  tx
    .update(conversations)
    .set({ lastInboundAt: sql`now() - interval '24 hours'`, updatedAt: new Date() })
    .where(eq(conversations.id, conversation.id));
