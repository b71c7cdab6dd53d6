import { conversationEndpoints, TYPING_ACTION, type TypingPush, typingSchema } from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { forbidden } from '../../platform/errors.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { cannedReplyRoutes } from './canned/canned-replies.routes.ts';
import { createConversationsService, toMessageDto } from './conversations.service.ts';
import type { MessageRow } from './conversations.tables.ts';
import type { Applied } from './inbound/apply-events.ts';
import { defineMediaFetch } from './inbound/fetch-media.ts';
import { createOutboundService } from './outbound/outbound.service.ts';
import { startConversation } from './start-conversation.ts';
import { VisitorStreams } from './visitor-streams.ts';
import { webchatRoutes } from './webchat.routes.ts';
import { webhookIngestRoutes } from './webhook-ingest.ts';

/**
 * Conversations and their messages (`conversation_read`), and Meta's deliveries that fill them. What a delivery
 * changed is pushed to the organization's sockets of members who may read conversations.
 */
export async function conversationsRoutes(app: AppInstance, ctx: AppContext) {
  const service = createConversationsService(ctx);
  const read = ctx.guards.member('conversation_read');
  const group = ['conversations'];

  const push = (action: 'conversation.message' | 'conversation.message_status', message: MessageRow) =>
    ctx.sockets.toWorkspace(message.workspaceId, action, toMessageDto(message), { permission: 'conversation_read' });
  const fetchMedia = defineMediaFetch(ctx, (message) => push('conversation.message_status', message));
  await webhookIngestRoutes(
    app,
    ctx,
    ({ messages, statuses }: Applied) => {
      for (const { message } of messages) push('conversation.message', message);
      for (const message of statuses) push('conversation.message_status', message);
    },
    fetchMedia,
  );
  const visitors = new VisitorStreams(ctx.cluster);
  // widgets reconnect by themselves, maybe to another process
  app.addHook('preClose', async () => visitors.closeAll());
  await webchatRoutes(app, ctx, visitors, (message) => push('conversation.message', message));
  const outbound = createOutboundService(ctx, app.log, service, push, visitors);
  /** agents' lists refetch a conversation whose assignment or status changed, once the change is committed */
  const changed = (workspaceId: string, id: string) =>
    ctx.database.afterCommit(() =>
      ctx.sockets.toWorkspace(workspaceId, 'conversation.changed', { id }, { permission: 'conversation_read' }),
    );
  const write = ctx.guards.member('conversation_write');
  await cannedReplyRoutes(app, ctx);
  // an agent typing: the others who may read the conversation see it (the client stops showing it after a pause)
  ctx.sockets.on(TYPING_ACTION, {
    schema: typingSchema,
    handle: async ({ conversation_id, typing }, { principal }) => {
      if (principal.kind !== 'member' || !principal.permissions.includes('conversation_write')) throw forbidden();
      await ctx.database.withWorkspace(principal.workspaceId, (tx) => service.visible(tx, principal, conversation_id));
      const push: TypingPush = {
        conversation_id,
        typing,
        member_id: principal.member.id,
        display_name: principal.user.displayName,
      };
      ctx.sockets.toWorkspace(principal.workspaceId, TYPING_ACTION, push, { permission: 'conversation_read' });
      return { ok: true };
    },
  });
  ctx.sockets.on('conversation.catch_up', {
    schema: z.object({
      after_seq: z.number().int().min(0),
      since: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(500).default(200),
    }),
    handle: ({ after_seq, since, limit }, { principal }) => {
      if (principal.kind !== 'member' || !principal.permissions.includes('conversation_read')) throw forbidden();
      return service.catchUp(principal, after_seq, since, limit);
    },
  });

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
      const id = await startConversation(ctx.database, member, request.body);
      changed(member.workspaceId, id);
      return ok(await service.get(member, id));
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
      return reply
        .header('content-type', file.type)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(file.stream);
    },
  });
  app.route({
    ...routeOf(conversationEndpoints.send, group),
    preHandler: write,
    handler: async (request) => ok(await outbound.send(memberOf(request), request.params.id, request.body)),
  });
  app.route({
    ...routeOf(conversationEndpoints.assign, group),
    preHandler: write,
    handler: async (request) => {
      const conversation = await service.assign(memberOf(request), request.params.id, request.body);
      changed(memberOf(request).workspaceId, conversation.id);
      return ok(conversation);
    },
  });
  app.route({
    ...routeOf(conversationEndpoints.setStatus, group),
    preHandler: write,
    handler: async (request) => {
      const conversation = await service.setStatus(memberOf(request), request.params.id, request.body.status);
      changed(memberOf(request).workspaceId, conversation.id);
      return ok(conversation);
    },
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
