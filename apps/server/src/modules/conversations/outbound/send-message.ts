import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { GraphError } from '../../../integrations/meta/graph-client.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { type ChannelRow, channels } from '../../channels/index.ts';
import { type CustomerRow, customers } from '../../customers/index.ts';
import { type ConversationRow, conversations, type MessageRow, messages } from '../conversations.tables.ts';
import { toWebchatMessage, type VisitorStreams, visitorKey } from '../visitor-streams.ts';

/** WhatsApp's "re-engagement message" refusal: the 24-hour window had closed after all. */
const REENGAGEMENT_REQUIRED = 131047;

/** What Graph is sent for a text, in each product's shape, and where. */
function requestOf(channel: ChannelRow, customer: CustomerRow, text: string) {
  if (channel.type === 'whatsapp')
    return {
      path: `${channel.phoneNumberId}/messages`,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        // a customer added by hand has a phone; WhatsApp's id for a number is its digits
        to: customer.whatsappId ?? customer.phone?.replace(/^\+/, ''),
        type: 'text',
        text: { body: text },
      },
    };
  return {
    path: `${channel.pageId}/messages`,
    body: {
      recipient: { id: channel.type === 'instagram' ? customer.instagramId : customer.facebookId },
      messaging_type: 'RESPONSE',
      message: { text },
    },
  };
}

export type Delivery = 'sent' | 'failed' | 'retry';

/**
 * Sends a stored outbound text through Graph and records the outcome in the caller's transaction: `sent` with
 * Meta's id; `failed` with Meta's code and title (a rejected token also flags the channel for re-authorisation, a
 * closed window ends the session); `retry` when Graph was unreachable or throttled, the message still waiting.
 */
export async function deliverText(
  ctx: AppContext,
  visitors: VisitorStreams,
  tx: Tx,
  message: MessageRow,
  finalAttempt: boolean,
): Promise<Delivery> {
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

  // web chat: the reply goes to the visitor's open widgets (and waits in their thread for the next visit)
  if (channel.type === 'webchat') {
    await record({ status: 'sent' });
    ctx.database.afterCommit(() => visitors.send(visitorKey(channel.id, customer.id), toWebchatMessage(message)));
    return 'sent';
  }
  const { path, body } = requestOf(channel, customer, message.text ?? '');
  try {
    const answer = await ctx.graph.post<{ messages?: { id: string }[]; message_id?: string }>(
      path,
      ctx.secrets.open(channel.accessTokenSealed ?? ''),
      body,
    );
    await record({ status: 'sent', externalId: answer.messages?.[0]?.id ?? answer.message_id ?? null });
    return 'sent';
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    if (error.transient && !finalAttempt) return 'retry';
    await record({ status: 'failed', errorCode: error.code, errorTitle: error.title });
    if (error.tokenRejected)
      await tx
        .update(channels)
        .set({ status: 'needs_reauth', updatedAt: new Date() })
        .where(eq(channels.id, channel.id));
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
