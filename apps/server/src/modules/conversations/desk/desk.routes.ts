import { conversationActionEndpoints, conversationLabelEndpoints, translate } from '@omnichat/contracts';
import type { AppContext } from '../../../context.ts';
import { memberOf } from '../../../platform/auth/guards.ts';
import { routeOf } from '../../../platform/http/endpoint-route.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { localeOf } from '../../../platform/http/error-handler.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import type { ConversationsService } from '../conversations.service.ts';
import { createDeskService } from './desk.service.ts';
import { createLabelsService } from './labels.service.ts';

/**
 * Conversation labels (read with `conversation_read`, kept by whoever manages the inbox's channels:
 * `channel_write`), and the thread's actions beyond assigning and closing: snooze, labels, bulk actions
 * (`conversation_write`).
 */
export async function deskRoutes(app: AppInstance, ctx: AppContext, conversations: ConversationsService) {
  const desk = createDeskService(ctx, conversations);
  const labels = createLabelsService(ctx);
  const read = ctx.guards.member('conversation_read');
  const write = ctx.guards.member('conversation_write');
  const manage = ctx.guards.member('channel_write');
  const group = ['conversations'];

  app.route({
    ...routeOf(conversationLabelEndpoints.list, group),
    preHandler: read,
    handler: async (request) => ok(await labels.list(memberOf(request).workspaceId)),
  });
  app.route({
    ...routeOf(conversationLabelEndpoints.create, group),
    preHandler: manage,
    handler: async (request) => ok(await labels.create(memberOf(request).workspaceId, request.body)),
  });
  app.route({
    ...routeOf(conversationLabelEndpoints.update, group),
    preHandler: manage,
    handler: async (request) => ok(await labels.update(memberOf(request).workspaceId, request.params.id, request.body)),
  });
  app.route({
    ...routeOf(conversationLabelEndpoints.remove, group),
    preHandler: manage,
    handler: async (request) => {
      await labels.remove(memberOf(request).workspaceId, request.params.id);
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });
  app.route({
    ...routeOf(conversationActionEndpoints.snooze, group),
    preHandler: write,
    handler: async (request) => ok(await desk.snooze(memberOf(request), request.params.id, request.body.until)),
  });
  app.route({
    ...routeOf(conversationActionEndpoints.setLabels, group),
    preHandler: write,
    handler: async (request) => ok(await desk.setLabels(memberOf(request), request.params.id, request.body.label_ids)),
  });
  app.route({
    ...routeOf(conversationActionEndpoints.bulk, group),
    preHandler: write,
    handler: async (request) => ok(await desk.bulk(memberOf(request), request.body)),
  });
}
