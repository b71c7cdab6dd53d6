import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  isWithinHours,
  type Locale,
  type MessageKey,
  translate,
  WEBCHAT_FILE_TYPES,
  WEBCHAT_LIMITS,
  type WebchatConfig,
  type WebchatConversation,
  type WebchatMessage,
  type webchatSendBodySchema,
  type webchatVisitorBodySchema,
} from '@omnichat/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { workspaces } from '../../platform/identity/workspaces.tables.ts';
import { type ChannelRow, channels, widgetOf } from '../channels/index.ts';
import {
  customerMessage,
  customerThread,
  latestConversation,
  type MessageRow,
  rateConversation,
  storeCustomerText,
} from '../conversations/index.ts';
import { addVisitorEmail, customerOfVisitor, toE164 } from '../customers/index.ts';
import { fromRow } from './visitor-messages.ts';
import { type WebchatVisitorRow, webchatUploads, webchatVisitors } from './webchat.tables.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type StartBody = z.output<typeof webchatVisitorBodySchema>;
type SendBody = z.output<typeof webchatSendBodySchema>;

const REQUIRED_KEYS: Record<'name' | 'email' | 'phone', MessageKey> = {
  name: 'webchat_name_required',
  email: 'webchat_email_required',
  phone: 'webchat_phone_required',
};

export type WebchatService = ReturnType<typeof createWebchatService>;

/**
 * The web-chat widget's visitors and their threads. The widget key finds the channel; a visitor token (kept in the
 * visitor's browser, stored here as a hash) finds the visitor. A visitor becomes a customer with their first
 * message, or with their pre-chat answers.
 */
export function createWebchatService(ctx: AppContext) {
  const { database, abuseLimits, events, storage } = ctx;

  /** The web-chat channel of a widget key, or null. */
  async function channelOfKey(key: string): Promise<ChannelRow | null> {
    const [channel] = await database.unsafeCrossTenant('the web-chat widget finds its channel by its key', (tx) =>
      tx.select().from(channels).where(eq(channels.widgetKey, key)),
    );
    return channel?.type === 'webchat' ? channel : null;
  }

  async function organizationOf(tx: Tx, workspaceId: string) {
    const [row] = await tx
      .select({ timeZone: workspaces.timeZone, country: workspaces.defaultCountry })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return row ?? { timeZone: 'UTC', country: null };
  }

  /** What the widget shows: the channel's look and questions, and whether it is within business hours now. */
  const config = (channel: ChannelRow): Promise<WebchatConfig> =>
    database.withWorkspace(channel.workspaceId, async (tx) => {
      const widget = widgetOf(channel)!;
      const { timeZone } = await organizationOf(tx, channel.workspaceId);
      return {
        name: channel.name,
        title: widget.title ?? channel.name,
        color: widget.color,
        greeting: widget.greeting,
        agent_name: widget.agent_name,
        agent_avatar: widget.agent_avatar,
        pre_chat: widget.pre_chat,
        business_hours: widget.business_hours,
        time_zone: timeZone,
        online: isWithinHours(widget.business_hours, timeZone),
        offline_message: widget.offline_message,
        file_types: [...WEBCHAT_FILE_TYPES],
        file_max_bytes: WEBCHAT_LIMITS.fileMaxBytes,
        widget,
      };
    });

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

  /** The visitor's customer, made now when they have none: the name they gave, else a readable one in `locale`. */
  async function customerOf(tx: Tx, channel: ChannelRow, visitor: WebchatVisitorRow, locale: Locale) {
    if (visitor.customerId) return visitor.customerId;
    const customer = await customerOfVisitor(tx, channel.workspaceId, {
      name: visitor.name,
      email: visitor.email,
      phone: visitor.phone,
      fallbackName: translate('webchat_visitor_name', locale, { number: randomInt(1000, 10_000) }),
    });
    await tx.update(webchatVisitors).set({ customerId: customer.id }).where(eq(webchatVisitors.id, visitor.id));
    visitor.customerId = customer.id;
    return customer.id;
  }

  /** The visitor's thread after `afterSeq`, oldest first, without the agents' private notes. */
  async function threadOf(tx: Tx, channel: ChannelRow, customerId: string | null, afterSeq: number) {
    if (!customerId) return [];
    const rows = await customerThread(tx, channel, customerId, { afterSeq, limit: WEBCHAT_LIMITS.history });
    return Promise.all(rows.map(withSize));
  }

  /** A file sent before sizes were kept with the message gets its size from the storage. */
  async function withSize(row: MessageRow): Promise<WebchatMessage> {
    const message = fromRow(row);
    if (!message.attachment || message.attachment.size !== null || !row.mediaKey) return message;
    const file = await storage.open(row.mediaKey);
    file?.stream.destroy();
    return { ...message, attachment: { ...message.attachment, size: file?.size ?? null } };
  }

  /**
   * A new visitor; the token is theirs to keep. The channel's required pre-chat answers must be given (400, nothing
   * stored); with any answer, they become a customer now (else with their first message).
   */
  async function start(channel: ChannelRow, body: StartBody, locale: Locale) {
    const { pre_chat } = widgetOf(channel)!;
    for (const field of ['name', 'email', 'phone'] as const)
      if (pre_chat[field] === 'required' && !body[field]) throw fieldError(field, REQUIRED_KEYS[field]);
    const given = (field: 'name' | 'email' | 'phone') => body[field];
    const token = randomBytes(32).toString('base64url');
    const visitor = await database.withWorkspace(channel.workspaceId, async (tx) => {
      const phoneText = given('phone');
      const phone = phoneText ? toE164(phoneText, (await organizationOf(tx, channel.workspaceId)).country) : null;
      if (phoneText && !phone) throw fieldError('phone', 'phone_invalid');
      const [row] = await tx
        .insert(webchatVisitors)
        .values({
          workspaceId: channel.workspaceId,
          channelId: channel.id,
          tokenHash: hashOf(token),
          name: given('name') ?? null,
          email: given('email')?.toLowerCase() ?? null,
          phone,
        })
        .returning();
      if (row!.name || row!.email || row!.phone) await customerOf(tx, channel, row!, locale);
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
   * The visitor writes a text, or sends a file they uploaded with an optional caption: stored once per client id
   * like an inbound Meta message, and a `message.stored` (which takes it to the agents and the visitor's other
   * widgets). Their first message makes them a customer. A retried send answers the message stored first.
   */
  async function send(
    channel: ChannelRow,
    token: string | undefined,
    ip: string,
    body: SendBody,
    locale: Locale,
  ): Promise<WebchatMessage> {
    const stored = await database.withWorkspace(channel.workspaceId, async (tx) => {
      const visitor = await visitorOf(tx, channel, token);
      await abuseLimits.hit('webchat_message', ip, visitor.id);
      let file: { mediaKey: string; mediaType: string; filename: string; size: number } | undefined;
      if (body.attachment_id) {
        const [upload] = await tx
          .select()
          .from(webchatUploads)
          .where(and(eq(webchatUploads.id, body.attachment_id), eq(webchatUploads.visitorId, visitor.id)));
        if (!upload) throw fieldError('attachment_id', 'attachment_unknown');
        file = upload;
      }
      const customerId = await customerOf(tx, channel, visitor, locale);
      const message = await storeCustomerText(events, tx, channel, customerId, {
        text: body.text || null,
        externalId: body.client_id,
        file,
      });
      if (!message) throw new AppError(409, 'request_invalid');
      return message;
    });
    return withSize(stored);
  }

  /** A file the visitor uploads, to send next with `attachment_id` (its type already checked, at most 20 MB). */
  async function upload(
    channel: ChannelRow,
    token: string | undefined,
    ip: string,
    file: { bytes: Buffer; filename: string; mediaType: string },
  ) {
    return database.withWorkspace(channel.workspaceId, async (tx) => {
      const visitor = await visitorOf(tx, channel, token);
      await abuseLimits.hit('webchat_message', ip, visitor.id);
      const key = await storage.put(channel.workspaceId, file.bytes);
      const [row] = await tx
        .insert(webchatUploads)
        .values({
          workspaceId: channel.workspaceId,
          visitorId: visitor.id,
          mediaKey: key,
          mediaType: file.mediaType,
          filename: file.filename,
          size: file.bytes.length,
        })
        .returning();
      return { id: row!.id, content_type: row!.mediaType, filename: row!.filename, size: row!.size };
    });
  }

  /** A file of the visitor's own thread (theirs or an agent's), else 404: another visitor never gets it. */
  const fileOf = (channel: ChannelRow, token: string | undefined, messageId: string) =>
    database.withWorkspace(channel.workspaceId, async (tx) => {
      const visitor = await visitorOf(tx, channel, token);
      if (!visitor.customerId) throw notFound();
      const message = await customerMessage(tx, channel, visitor.customerId, messageId);
      if (!message?.mediaKey || !message.mediaType || message.type === 'note') throw notFound();
      const stored = await storage.open(message.mediaKey);
      if (!stored) throw notFound();
      const filename = (message.content as { filename?: unknown }).filename;
      return { ...stored, type: message.mediaType, filename: typeof filename === 'string' ? filename : 'file' };
    });

  const toConversation = (row: { id: string; status: 'open' | 'closed'; csatScore: number | null }) =>
    ({ id: row.id, status: row.status, csat_score: row.csatScore }) satisfies WebchatConversation;

  /** The visitor's latest conversation, or null before they wrote. */
  const conversation = (channel: ChannelRow, token: string | undefined) =>
    database.withWorkspace(channel.workspaceId, async (tx) => {
      const { customerId } = await visitorOf(tx, channel, token);
      const latest = customerId ? await latestConversation(tx, channel, customerId) : null;
      return latest ? toConversation(latest) : null;
    });

  /** The visitor rates their closed conversation (404 before they wrote or for another's, 409 while open). */
  const rate = (
    channel: ChannelRow,
    token: string | undefined,
    body: { score: number; comment?: string; conversation_id?: string },
  ) =>
    database.withWorkspace(channel.workspaceId, async (tx) => {
      const { customerId } = await visitorOf(tx, channel, token);
      if (!customerId) throw notFound();
      const rated = await rateConversation(ctx.events, tx, channel, customerId, {
        score: body.score,
        comment: body.comment ?? null,
        conversationId: body.conversation_id,
      });
      return toConversation(rated);
    });

  /**
   * Outside business hours the visitor leaves an e-mail to be answered at: kept on the visitor and their customer
   * (when no other customer has it), and written in their conversation so the agents see it.
   */
  async function contact(channel: ChannelRow, token: string | undefined, ip: string, email: string, locale: Locale) {
    const address = email.toLowerCase();
    const stored = await database.withWorkspace(channel.workspaceId, async (tx) => {
      const visitor = await visitorOf(tx, channel, token);
      await abuseLimits.hit('webchat_message', ip, visitor.id);
      await tx.update(webchatVisitors).set({ email: address }).where(eq(webchatVisitors.id, visitor.id));
      const customerId = await customerOf(tx, channel, { ...visitor, email: address }, locale);
      await addVisitorEmail(tx, customerId, address);
      const message = await storeCustomerText(events, tx, channel, customerId, {
        text: translate('webchat_email_left', locale, { email: address }),
        externalId: `contact:${randomUUID()}`,
      });
      return message!;
    });
    return fromRow(stored);
  }

  return {
    channelOfKey,
    config,
    start,
    visitor,
    thread,
    threadOfCustomer,
    send,
    upload,
    fileOf,
    conversation,
    rate,
    contact,
  };
}
