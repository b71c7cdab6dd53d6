import { conversationEndpoints } from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { sendStoredFile } from '../../platform/http/served-file.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { cannedReplyRoutes } from './canned/canned-replies.routes.ts';
import { createConversationsService } from './conversations.service.ts';
import { deskRoutes } from './desk/desk.routes.ts';
import { outboundMediaRoutes } from './outbound/attachments.routes.ts';
import { createOutboundService } from './outbound/outbound.service.ts';
import { startConversation } from './start-conversation.ts';

/**
 * Conversations and their messages (`conversation_read`); Meta's deliveries reach them through the channels
 * module's webhook (the `messages` field, `inbound/messages-field.ts`). What changes is announced by the inbox's
 * events (`message.stored`, `message.status_changed`, `conversation.changed`); the pushes to agents' sockets are
 * their listeners (`conversation-listeners.ts`; the web-chat module's take them to visitors' widgets). Its jobs,
 * listeners, socket actions and hooks are declared in `conversations.module.ts`.
 */
export async function conversationsRoutes(app: AppInstance, ctx: AppContext) {
  const service = createConversationsService(ctx);
  const read = ctx.guards.member('conversation_read');
  const group = ['conversations'];

  const outbound = createOutboundService(ctx, app.log, service);
  const write = ctx.guards.member('conversation_write');
  await cannedReplyRoutes(app, ctx);
  // labels, snooze and bulk actions
  await deskRoutes(app, ctx, service);

  app.route({
    ...routeOf(conversationEndpoints.list, group),
    preHandler: read,
    handler: async (request) => {
      const { items, page } = await service.list(memberOf(request), request.query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(conversationEndpoints.create, group),
    preHandler: write,
    handler: async (request) => {
      const member = memberOf(request);
      return ok(
        await service.get(member, await startConversation(ctx, member, request.body, ctx.hooks.customerOnChannel)),
      );
    },
  });
  app.route({
    ...routeOf(conversationEndpoints.get, group),
    preHandler: read,
    handler: async (request) => ok(await service.get(memberOf(request), request.params.id)),
  });
  app.route({
    ...routeOf(conversationEndpoints.messages, group),
    preHandler: read,
    handler: async (request) => {
      const { items, page } = await service.messages(
        memberOf(request),
        request.params.id,
        request.query.page,
        request.query.size,
      );
      return ok(items, page);
    },
  });
  app.get('/v1/conversations/:id/messages/:message_id/media', {
    schema: {
      tags: group,
      summary: "A received file, to the organization's members who may see its conversation",
      params: z.object({ id: z.uuid(), message_id: z.uuid() }),
    },
    preHandler: read,
    handler: async (request, reply) => {
      const file = await service.media(memberOf(request), request.params.id, request.params.message_id);
      return sendStoredFile(reply, { ...file, cacheControl: 'private, max-age=86400' });
    },
  });
  app.route({
    ...routeOf(conversationEndpoints.send, group),
    preHandler: write,
    handler: async (request) => ok(await outbound.send(memberOf(request), request.params.id, request.body)),
  });
  // files agents send: their upload, and the signed link Meta fetches them by
  await outboundMediaRoutes(app, ctx, outbound);
  app.route({
    ...routeOf(conversationEndpoints.assign, group),
    preHandler: write,
    handler: async (request) => ok(await service.assign(memberOf(request), request.params.id, request.body)),
  });
  app.route({
    ...routeOf(conversationEndpoints.setStatus, group),
    preHandler: write,
    handler: async (request) => ok(await service.setStatus(memberOf(request), request.params.id, request.body.status)),
  });
  app.route({
    ...routeOf(conversationEndpoints.setAi, group),
    preHandler: write,
    handler: async (request) => ok(await service.setAi(memberOf(request), request.params.id, request.body.active)),
  });
  app.route({
    ...routeOf(conversationEndpoints.note, group),
    preHandler: write,
    handler: async (request) => ok(await outbound.note(memberOf(request), request.params.id, request.body.text)),
  });
  app.route({
    ...routeOf(conversationEndpoints.read, group),
    preHandler: read,
    handler: async (request) => ok(await outbound.markRead(memberOf(request), request.params.id)),
  });
}
