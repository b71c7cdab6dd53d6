import { createHash, randomBytes } from 'node:crypto';
import { WEBCHAT_EVENTS_PATH, WEBCHAT_LIMITS, WIDGET_KEY_PATTERN, webchatEndpoints } from '@omnichat/contracts';
import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { type ChannelRow, channels } from '../channels/index.ts';
import { customerOfVisitor } from '../customers/index.ts';
import { announceReceived } from './announce.ts';
import { type ConversationRow, conversations, type MessageRow, messages } from './conversations.tables.ts';
import { addMessage, openConversation } from './threads.ts';
import { toWebchatMessage, type VisitorStreams, visitorKey, write } from './visitor-streams.ts';
import { webchatVisitors } from './webchat.tables.ts';
import { originVerdict } from './webchat-origins.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Any site may embed the widget, or the sites the channel lists (`allowed_origins`): its calls carry a visitor
 * token, never cookies. `Access-Control-Allow-Origin` is decided per request by `originVerdict`.
 */
const CORS = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, last-event-id',
  'access-control-max-age': '86400',
};

/**
 * The web-chat widget's public API (`/public/v1/webchat/:key/...`). The widget key finds the channel; a visitor
 * token (kept in the visitor's browser, stored here as a hash) finds the visitor and the customer they write as.
 * A visitor's message is stored like an inbound Meta message and pushed to the agents with `pushed`; agents'
 * replies reach the visitor's event stream through `streams`.
 */
export async function webchatRoutes(
  app: AppInstance,
  ctx: AppContext,
  streams: VisitorStreams,
  pushed: (message: MessageRow, conversation: ConversationRow) => void,
) {
  const { database, abuseLimits } = ctx;
  const group = ['webchat'];

  const appOrigin = new URL(ctx.config.publicUrl).origin;
  /** Each request's channel, found (by the key in its path) before anything else runs. */
  const channelOfRequest = new WeakMap<FastifyRequest, ChannelRow>();

  async function findChannel(key: string): Promise<ChannelRow | null> {
    const [channel] = await database.unsafeCrossTenant('the web-chat widget finds its channel by its key', (tx) =>
      tx.select().from(channels).where(eq(channels.widgetKey, key)),
    );
    return channel?.type === 'webchat' ? channel : null;
  }
  function channelOf(request: FastifyRequest): ChannelRow {
    const channel = channelOfRequest.get(request);
    if (!channel) throw notFound();
    return channel;
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
  const bearer = (request: FastifyRequest) => /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];

  /** The visitor's thread after `afterSeq`, oldest first, without the agents' private notes. */
  async function threadOf(tx: Tx, channel: ChannelRow, customerId: string, afterSeq: number) {
    const rows = await tx
      .select()
      .from(messages)
      .where(
        and(
          inArray(
            messages.conversationId,
            tx
              .select({ id: conversations.id })
              .from(conversations)
              .where(and(eq(conversations.channelId, channel.id), eq(conversations.customerId, customerId))),
          ),
          ne(messages.type, 'note'),
          gt(messages.seq, afterSeq),
        ),
      )
      .orderBy(desc(messages.seq))
      .limit(WEBCHAT_LIMITS.history);
    return rows.reverse().map(toWebchatMessage);
  }

  await app.register(async (plugin) => {
    const scope = plugin as AppInstance;
    scope.addHook('onRequest', async (request, reply) => {
      reply.headers(CORS);
      // the API answers other sites; helmet's same-origin default would hide its answers from the widget
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('vary', 'Origin');
      const key = (request.params as { key?: unknown }).key;
      const channel = typeof key === 'string' && WIDGET_KEY_PATTERN.test(key) ? await findChannel(key) : null;
      if (channel) channelOfRequest.set(request, channel);
      // refused before anything is read or stored, preflight included
      const verdict = originVerdict(channel?.allowedOrigins ?? [], request.headers.origin, appOrigin);
      if (verdict.allowOrigin) reply.header('access-control-allow-origin', verdict.allowOrigin);
      if (!verdict.allowed) throw new AppError(403, 'webchat_origin_refused');
    });
    const preflight = async (_request: FastifyRequest, reply: FastifyReply) => reply.code(204).send();
    scope.options('/public/v1/webchat/:key', { schema: { hide: true } }, preflight);
    scope.options('/public/v1/webchat/:key/*', { schema: { hide: true } }, preflight);

    scope.route({
      ...routeOf(webchatEndpoints.config, group),
      handler: async (request) => ok({ name: channelOf(request).name }),
    });

    scope.route({
      ...routeOf(webchatEndpoints.start, group),
      handler: async (request) => {
        await abuseLimits.hit('webchat_visitor', request.ip, request.params.key);
        const channel = channelOf(request);
        const token = randomBytes(32).toString('base64url');
        const visitor = await database.withWorkspace(channel.workspaceId, async (tx) => {
          const customer = await customerOfVisitor(tx, channel.workspaceId, request.body.name);
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
        return ok({ visitor_id: visitor.id, visitor_token: token });
      },
    });

    scope.route({
      ...routeOf(webchatEndpoints.messages, group),
      handler: async (request) => {
        const channel = channelOf(request);
        return ok(
          await database.withWorkspace(channel.workspaceId, async (tx) => {
            const visitor = await visitorOf(tx, channel, bearer(request));
            return threadOf(tx, channel, visitor.customerId, request.query.after_seq);
          }),
        );
      },
    });

    scope.route({
      ...routeOf(webchatEndpoints.send, group),
      handler: async (request) => {
        const channel = channelOf(request);
        const { text, client_id } = request.body;
        const stored = await database.withWorkspace(channel.workspaceId, async (tx) => {
          const visitor = await visitorOf(tx, channel, bearer(request));
          await abuseLimits.hit('webchat_message', request.ip, visitor.id);
          const conversation = await openConversation(tx, channel, visitor.customerId);
          const added = await addMessage(tx, channel, conversation, {
            direction: 'inbound',
            type: 'text',
            text,
            status: 'received',
            externalId: client_id,
            sentAt: new Date(),
          });
          if (added) {
            await announceReceived(ctx, tx, [added]);
            const key = visitorKey(channel.id, visitor.customerId);
            database.afterCommit(() => {
              pushed(added.message, added.conversation);
              streams.send(key, toWebchatMessage(added.message));
            });
            return added.message;
          }
          // a retried send: the message stored the first time, if it is this visitor's
          const [again] = await tx
            .select()
            .from(messages)
            .where(and(eq(messages.channelId, channel.id), eq(messages.externalId, client_id)));
          if (again?.conversationId !== conversation.id) throw new AppError(409, 'request_invalid');
          return again;
        });
        return ok(toWebchatMessage(stored));
      },
    });

    scope.get(WEBCHAT_EVENTS_PATH, {
      schema: {
        tags: group,
        summary: "The visitor's thread live, as server-sent events (`event: message`); `token` is the visitor token",
        params: z.object({ key: z.string().max(64) }),
        querystring: z.object({ token: z.string().max(100), after_seq: z.coerce.number().int().min(0).default(0) }),
      },
      handler: async (request, reply: FastifyReply) => {
        const channel = channelOf(request);
        const lastEventId = Number(request.headers['last-event-id']);
        const afterSeq = Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : request.query.after_seq;
        const visitor = await database.withWorkspace(channel.workspaceId, (tx) =>
          visitorOf(tx, channel, request.query.token),
        );
        // the headers set so far (CORS as decided for this page) go out with the hijacked answer
        const set = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
        reply.hijack();
        reply.raw.writeHead(200, {
          ...Object.fromEntries(set),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        reply.raw.write('retry: 2000\n\n');
        // listening first, then catching up: a message in between arrives twice, and the widget keeps one
        streams.open(visitorKey(channel.id, visitor.customerId), reply.raw);
        const missed = await database.withWorkspace(channel.workspaceId, (tx) =>
          threadOf(tx, channel, visitor.customerId, afterSeq),
        );
        for (const message of missed) write(reply.raw, message);
      },
    });
  });
}
