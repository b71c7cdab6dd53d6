import { conversationEndpoints, TYPING_ACTION, type TypingPush, typingSchema } from '@omnichat/contracts';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { forbidden } from '../../platform/errors.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { sendStoredFile } from '../../platform/http/served-file.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { cannedReplyRoutes } from './canned/canned-replies.routes.ts';
import { audienceOf, createConversationsService, toMessageDto } from './conversations.service.ts';
import { type ConversationRow, conversations, type MessageRow } from './conversations.tables.ts';

type PushAction = 'conversation.message' | 'conversation.message_status';

import type { Applied } from './inbound/apply-events.ts';
import { defineMediaFetch } from './inbound/fetch-media.ts';
import { outboundMediaRoutes } from './outbound/attachments.routes.ts';
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

  type Assignment = Pick<ConversationRow, 'id' | 'assigneeMemberId' | 'teamId' | 'allTeams'>;
  const assignmentsOf = (workspaceId: string, ids: string[]) =>
    ctx.database.withWorkspace(workspaceId, (tx) =>
      tx
        .select({
          id: conversations.id,
          assigneeMemberId: conversations.assigneeMemberId,
          teamId: conversations.teamId,
          allTeams: conversations.allTeams,
        })
        .from(conversations)
        .where(inArray(conversations.id, [...new Set(ids)])),
    );
  /**
   * A message reaches the agents who may see its conversation (`audienceOf`); when the caller does not have the
   * conversation at hand, its assignment is read first.
   */
  const push = (action: PushAction, message: MessageRow, conversation?: Assignment) => {
    const send = (to: Assignment) =>
      ctx.sockets.toWorkspace(message.workspaceId, action, toMessageDto(message), audienceOf(to));
    if (conversation) return send(conversation);
    assignmentsOf(message.workspaceId, [message.conversationId])
      .then(([found]) => found && send(found))
      .catch((error) => app.log.error({ err: error }, 'a message push failed'));
  };
  const fetchMedia = defineMediaFetch(ctx, (message) => push('conversation.message_status', message));
  await webhookIngestRoutes(
    app,
    ctx,
    ({ messages, statuses }: Applied) => {
      for (const { message, conversation } of messages) push('conversation.message', message, conversation);
      if (!statuses.length) return;
      // one read of the assignments for a delivery's statuses
      assignmentsOf(
        statuses[0]!.workspaceId,
        statuses.map((message) => message.conversationId),
      )
        .then((found) => {
          const byId = new Map(found.map((row) => [row.id, row]));
          for (const message of statuses) {
            const conversation = byId.get(message.conversationId);
            if (conversation) push('conversation.message_status', message, conversation);
          }
        })
        .catch((error) => app.log.error({ err: error }, 'a status push failed'));
    },
    fetchMedia,
  );
  const visitors = new VisitorStreams(ctx.cluster);
  // widgets reconnect by themselves, maybe to another process
  app.addHook('preClose', async () => visitors.closeAll());
  await webchatRoutes(app, ctx, visitors, (message, conversation) =>
    push('conversation.message', message, conversation),
  );
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
      const { conversation } = await ctx.database.withWorkspace(principal.workspaceId, (tx) =>
        service.visible(tx, principal, conversation_id),
      );
      const push: TypingPush = {
        conversation_id,
        typing,
        member_id: principal.member.id,
        display_name: principal.user.displayName,
      };
      ctx.sockets.toWorkspace(principal.workspaceId, TYPING_ACTION, push, audienceOf(conversation));
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
      return sendStoredFile(reply, { ...file, cacheControl: 'private, max-age=86400' });
    },
  });
  app.route({
    ...routeOf(conversationEndpoints.send, group),
    preHandler: write,
    handler: async (request) => ok(await outbound.send(memberOf(request), request.params.id, request.body)),
  });
  // files agents send: their upload, and the signed link Meta fetches them by
  await outboundMediaRoutes(app, ctx, service);
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
