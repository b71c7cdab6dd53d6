import { createHash, randomBytes } from 'node:crypto';
import { WEBCHAT_LIMITS, type WebchatMessage } from '@omnichat/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type ChannelRow, channels } from '../channels/index.ts';
import { customerThread, storeCustomerText } from '../conversations/index.ts';
import { customerOfVisitor } from '../customers/index.ts';
import { toWebchatMessage } from './visitor-streams.ts';
import { webchatVisitors } from './webchat.tables.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type WebchatService = ReturnType<typeof createWebchatService>;

/**
 * The web-chat widget's visitors and their threads. The widget key finds the channel; a visitor token (kept in the
 * visitor's browser, stored here as a hash) finds the visitor and the customer they write as.
 */
export function createWebchatService(ctx: AppContext) {
  const { database, abuseLimits, events } = ctx;

  /** The web-chat channel of a widget key, or null. */
  async function channelOfKey(key: string): Promise<ChannelRow | null> {
    const [channel] = await database.unsafeCrossTenant('the web-chat widget finds its channel by its key', (tx) =>
      tx.select().from(channels).where(eq(channels.widgetKey, key)),
    );
    return channel?.type === 'webchat' ? channel : null;
  }

  async function visitorOf(tx: Tx, channel: ChannelRow, token: string | undefined) {
    const [visitor] = token
      ? await tx
          .update(webchatVisitors)
          .set({ lastSeenAt: new Date() })
          .where(and(eq(webchatVisitors.tokenHash, hashOf(token)), eq(webchatVisitors.channelId, channel.id)))
          .returning()
      : [];
    if (!visitor) throw new AppError(401, 'webchat_visitor_unknown');
    return visitor;
  }

  /** The visitor's thread after `afterSeq`, oldest first, without the agents' private notes. */
  async function threadOf(tx: Tx, channel: ChannelRow, customerId: string, afterSeq: number) {
    const rows = await customerThread(tx, channel, customerId, { afterSeq, limit: WEBCHAT_LIMITS.history });
    return rows.map(toWebchatMessage);
  }

  /** A new visitor, writing as a new web-chat customer; the token is theirs to keep. */
  async function start(channel: ChannelRow, name: string | undefined) {
    const token = randomBytes(32).toString('base64url');
    const visitor = await database.withWorkspace(channel.workspaceId, async (tx) => {
      const customer = await customerOfVisitor(tx, channel.workspaceId, name);
      const [row] = await tx
        .insert(webchatVisitors)
        .values({
          workspaceId: channel.workspaceId,
          channelId: channel.id,
          customerId: customer.id,
          tokenHash: hashOf(token),
        })
        .returning();
      return row!;
    });
    return { visitor_id: visitor.id, visitor_token: token };
  }

  /** The visitor of `token` (401 for an unknown one), seen now. */
  const visitor = (channel: ChannelRow, token: string | undefined) =>
    database.withWorkspace(channel.workspaceId, (tx) => visitorOf(tx, channel, token));

  /** The thread of the visitor of `token` after `afterSeq`. */
  const thread = (channel: ChannelRow, token: string | undefined, afterSeq: number) =>
    database.withWorkspace(channel.workspaceId, async (tx) =>
      threadOf(tx, channel, (await visitorOf(tx, channel, token)).customerId, afterSeq),
    );

  /** The thread of a visitor already found (a stream catching up). */
  const threadOfCustomer = (channel: ChannelRow, customerId: string, afterSeq: number) =>
    database.withWorkspace(channel.workspaceId, (tx) => threadOf(tx, channel, customerId, afterSeq));

  /**
   * The visitor writes: stored once per `clientId` like an inbound Meta message, and a `message.stored` (which
   * takes it to the agents and the visitor's other widgets). A retried send answers the message stored first.
   */
  async function send(
    channel: ChannelRow,
    token: string | undefined,
    ip: string,
    text: string,
    clientId: string,
  ): Promise<WebchatMessage> {
    const stored = await database.withWorkspace(channel.workspaceId, async (tx) => {
      const visitor = await visitorOf(tx, channel, token);
      await abuseLimits.hit('webchat_message', ip, visitor.id);
      // a retried send answers the message stored the first time, if it is this visitor's
      const message = await storeCustomerText(events, tx, channel, visitor.customerId, { text, externalId: clientId });
      if (!message) throw new AppError(409, 'request_invalid');
      return message;
    });
    return toWebchatMessage(stored);
  }

  return { channelOfKey, start, visitor, thread, threadOfCustomer, send };
}
