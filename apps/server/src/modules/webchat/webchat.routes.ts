import { WEBCHAT_EVENTS_PATH, WEBCHAT_FILE_PATH, WIDGET_KEY_PATTERN, webchatEndpoints } from '@omnichat/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import { sendStoredFile } from '../../platform/http/served-file.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import type { ChannelRow } from '../channels/index.ts';
import { newVisitorKey, underBase, VisitorStreams, visitorKey, write } from './visitor-streams.ts';
import { createWebchatService } from './webchat.service.ts';
import { originVerdict } from './webchat-origins.ts';
import { visitorUploadRoute } from './webchat-uploads.ts';

/**
 * Any site may embed the widget, or the sites the channel lists (`allowed_origins`): its calls carry a visitor
 * token, never cookies. `Access-Control-Allow-Origin` is decided per request by `originVerdict`.
 */
const CORS = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, last-event-id, x-locale',
  'access-control-max-age': '86400',
};

/**
 * The web-chat widget's public API (`/public/v1/webchat/:key/...`), over `webchat.service.ts`. A visitor's message
 * reaches the agents, and the agents' replies, a closed conversation and an agent typing reach the visitor's event
 * stream (`streams`) by the listeners of `visitor-listeners.ts`.
 */
export async function webchatRoutes(app: AppInstance, ctx: AppContext) {
  const { abuseLimits } = ctx;
  const streams = new VisitorStreams(ctx.cluster);
  // widgets reconnect by themselves, maybe to another process
  app.addHook('preClose', async () => streams.closeAll());
  const service = createWebchatService(ctx);
  const group = ['webchat'];

  const appOrigin = new URL(ctx.config.publicUrl).origin;
  /** Each request's channel, found (by the key in its path) before anything else runs. */
  const channelOfRequest = new WeakMap<FastifyRequest, ChannelRow>();

  function channelOf(request: FastifyRequest): ChannelRow {
    const channel = channelOfRequest.get(request);
    if (!channel) throw notFound();
    return channel;
  }
  /** The widget API's address of a channel, under which its files are found. */
  const baseOf = (channel: ChannelRow) => `${ctx.config.publicUrl}/public/v1/webchat/${channel.widgetKey}`;

  const bearer = (request: FastifyRequest) => /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];

  await app.register(async (plugin) => {
    const scope = plugin as AppInstance;
    scope.addHook('onRequest', async (request, reply) => {
      reply.headers(CORS);
      // the API answers other sites; helmet's same-origin default would hide its answers from the widget
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('vary', 'Origin');
      const key = (request.params as { key?: unknown }).key;
      const channel = typeof key === 'string' && WIDGET_KEY_PATTERN.test(key) ? await service.channelOfKey(key) : null;
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
      handler: async (request) => ok(await service.config(channelOf(request))),
    });

    scope.route({
      ...routeOf(webchatEndpoints.start, group),
      handler: async (request) => {
        await abuseLimits.hit('webchat_visitor', request.ip, request.params.key);
        return ok(await service.start(channelOf(request), request.body, localeOf(request)));
      },
    });

    scope.route({
      ...routeOf(webchatEndpoints.messages, group),
      handler: async (request) => {
        const channel = channelOf(request);
        const messages = await service.thread(channel, bearer(request), request.query.after_seq);
        return ok(messages.map((message) => underBase(message, baseOf(channel))));
      },
    });

    scope.route({
      ...routeOf(webchatEndpoints.send, group),
      handler: async (request) => {
        const channel = channelOf(request);
        const sent = await service.send(channel, bearer(request), request.ip, request.body, localeOf(request));
        return ok(underBase(sent, baseOf(channel)));
      },
    });

    scope.route({
      ...routeOf(webchatEndpoints.conversation, group),
      handler: async (request) => ok(await service.conversation(channelOf(request), bearer(request))),
    });

    scope.route({
      ...routeOf(webchatEndpoints.rate, group),
      handler: async (request) => ok(await service.rate(channelOf(request), bearer(request), request.body)),
    });

    scope.route({
      ...routeOf(webchatEndpoints.contact, group),
      handler: async (request) => {
        const channel = channelOf(request);
        const { email } = request.body;
        const left = await service.contact(channel, bearer(request), request.ip, email, localeOf(request));
        return ok(underBase(left, baseOf(channel)));
      },
    });

    scope.get(WEBCHAT_FILE_PATH, {
      schema: {
        tags: group,
        summary:
          "A file of the visitor's thread (theirs or an agent's), for that visitor only: token as bearer or `token`",
        params: z.object({ key: z.string().max(64), id: z.uuid() }),
        querystring: z.object({ token: z.string().max(100).optional() }),
      },
      handler: async (request, reply) => {
        const token = bearer(request) ?? request.query.token;
        const file = await service.fileOf(channelOf(request), token, request.params.id);
        return sendStoredFile(reply, { ...file, cacheControl: 'private, max-age=3600' });
      },
    });

    await visitorUploadRoute(scope, group, channelOf, (request, channel, file) =>
      service.upload(channel, bearer(request), request.ip, file),
    );

    scope.get(WEBCHAT_EVENTS_PATH, {
      schema: {
        tags: group,
        summary:
          "The visitor's thread live, as server-sent events (`message`, `status`, `typing`); `token` is the visitor token",
        params: z.object({ key: z.string().max(64) }),
        querystring: z.object({ token: z.string().max(100), after_seq: z.coerce.number().int().min(0).default(0) }),
      },
      handler: async (request, reply: FastifyReply) => {
        const channel = channelOf(request);
        const lastEventId = Number(request.headers['last-event-id']);
        const afterSeq = Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : request.query.after_seq;
        const visitor = await service.visitor(channel, request.query.token);
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
        const base = baseOf(channel);
        // a visitor who has not written has no thread yet: the widget listens again once they wrote
        if (!visitor.customerId) {
          streams.open(newVisitorKey(channel.id, visitor.id), reply.raw, base);
          return;
        }
        // listening first, then catching up: a message in between arrives twice, and the widget keeps one
        streams.open(visitorKey(channel.id, visitor.customerId), reply.raw, base);
        const missed = await service.threadOfCustomer(channel, visitor.customerId, afterSeq);
        for (const message of missed) write(reply.raw, base, { event: 'message', data: message });
      },
    });
  });
}
