import { cannedReplyEndpoints, translate } from '@omnichat/contracts';
import type { AppContext } from '../../../context.ts';
import { memberOf } from '../../../platform/auth/guards.ts';
import { routeOf } from '../../../platform/http/endpoint-route.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { localeOf } from '../../../platform/http/error-handler.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import { createCannedRepliesService } from './canned-replies.service.ts';

/**
 * Canned replies (`/v1/canned-replies`): agents who read conversations pick them in the composer by typing "/"
 * and a shortcut; agents who may reply (conversation_write) keep the list.
 */
export async function cannedReplyRoutes(app: AppInstance, ctx: AppContext) {
  const service = createCannedRepliesService(ctx);
  const read = ctx.guards.member('conversation_read');
  const write = ctx.guards.member('conversation_write');
  const group = ['canned-replies'];

  app.route({
    ...routeOf(cannedReplyEndpoints.list, group),
    preHandler: read,
    handler: async (request) => ok(await service.list(memberOf(request), request.query)),
  });

  app.route({
    ...routeOf(cannedReplyEndpoints.create, group),
    preHandler: write,
    handler: async (request) => ok(await service.create(memberOf(request), request.body)),
  });

  app.route({
    ...routeOf(cannedReplyEndpoints.update, group),
    preHandler: write,
    handler: async (request) => ok(await service.update(memberOf(request), request.params.id, request.body)),
  });

  app.route({
    ...routeOf(cannedReplyEndpoints.remove, group),
    preHandler: write,
    handler: async (request) => {
      await service.remove(memberOf(request), request.params.id);
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });
}
