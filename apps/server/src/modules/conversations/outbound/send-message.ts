import type { MessageTemplate } from '@omnichat/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { GraphError } from '../../../integrations/meta/graph-client.ts';
import * as messaging from '../../../integrations/meta/messaging.ts';
import * as whatsapp from '../../../integrations/meta/whatsapp.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { type ChannelRow, channelNeedsReauth, channels } from '../../channels/index.ts';
import { type CustomerRow, customers } from '../../customers/index.ts';
import { SESSION_MS } from '../conversations.service.ts';
import { type ConversationRow, conversations, type MessageRow, messages } from '../conversations.tables.ts';
import { mediaLinks } from './media-links.ts';

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

/** What the stored message says: its text or caption, its file's public link, a template. */
type Outgoing = { message: MessageRow; link: string | null };
/** One call to Graph, answering Meta's id of what it sent. */
type Send = () => Promise<{ messageId: string | null }>;

/** WhatsApp's message of each kind: media by link, templates by name and language, else text. */
function whatsappSend(ctx: AppContext, token: string, customer: CustomerRow, channel: ChannelRow, outgoing: Outgoing) {
  const { message, link } = outgoing;
  const content = message.content as { template?: MessageTemplate; filename?: string };
  // a customer added by hand has a phone; WhatsApp's id for a number is its digits
  const recipient = {
    phoneNumberId: channel.phoneNumberId ?? '',
    to: customer.whatsappId ?? customer.phone?.replace(/^\+/, '') ?? '',
  };
  const { template } = content;
  if (message.type === 'template' && template)
    return () => whatsapp.sendTemplate(ctx.graph, token, { ...recipient, ...template });
  if (MEDIA.has(message.type) && link)
    return () =>
      whatsapp.sendMedia(ctx.graph, token, {
        ...recipient,
        kind: message.type as whatsapp.MediaKind,
        media: { link },
        caption: message.text,
        filename: content.filename,
      });
  return () => whatsapp.sendText(ctx.graph, token, { ...recipient, body: message.text ?? '' });
}

/**
 * What Graph is sent for a stored message, in each product's shape. Messenger and Instagram answer with the
 * HUMAN_AGENT tag once 24 hours have passed since the customer's last message; an attachment there carries no
 * caption, which follows as a text of its own.
 */
function sendsOf(
  ctx: AppContext,
  token: string,
  { channel, customer, conversation }: { channel: ChannelRow; customer: CustomerRow; conversation: ConversationRow },
  outgoing: Outgoing,
): Send[] {
  if (channel.type === 'whatsapp') return [whatsappSend(ctx, token, customer, channel, outgoing)];
  const { message, link } = outgoing;
  const recipient: messaging.Recipient = {
    pageId: channel.pageId ?? '',
    recipientId: (channel.type === 'instagram' ? customer.instagramId : customer.facebookId) ?? '',
    ...(replyWindow(channel.type, conversation.lastInboundAt) === 'open'
      ? { messagingType: 'RESPONSE' }
      : { messagingType: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }),
  };
  const text = (body: string) => () => messaging.sendText(ctx.graph, token, { ...recipient, text: body });
  if (!MEDIA.has(message.type) || !link) return [text(message.text ?? '')];
  const kind = message.type === 'document' ? 'file' : (message.type as messaging.AttachmentKind);
  const attachment = () => messaging.sendAttachment(ctx.graph, token, { ...recipient, kind, url: link });
  return message.text ? [attachment, text(message.text)] : [attachment];
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
  const { channel, conversation } = found;
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
  const token = ctx.secrets.open(channel.accessTokenSealed ?? '');
  const [first, ...rest] = sendsOf(ctx, token, found, { message, link });
  try {
    const sent: Partial<MessageRow> = { status: 'sent', externalId: (await first!()).messageId };
    for (const follow of rest) {
      try {
        sent.content = { ...message.content, caption_external_id: (await follow()).messageId };
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
    // on WhatsApp only templates may go now; Messenger's and Instagram's window is already judged by replyWindow
    if (error.outsideWindow && channel.type === 'whatsapp') await endSession(tx, conversation);
    return 'failed';
  }
}

/** The free-reply window is over: only templates may be sent until the customer writes again. */
const endSession = (tx: Tx, conversation: ConversationRow) =>
  tx
    .update(conversations)
    .set({ lastInboundAt: sql`now() - interval '24 hours'`, updatedAt: new Date() })
    .where(eq(conversations.id, conversation.id));
