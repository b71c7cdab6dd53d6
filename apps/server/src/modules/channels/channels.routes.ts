import { channelEndpoints, translate } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { createChannelsService } from './channels.service.ts';
import { channelWebhookRoutes } from './webhook/webhook.routes.ts';

/** Channels (`/v1/channels`): `channel_read` to see them, `channel_write` to connect, change and disconnect. */
export async function channelsRoutes(app: AppInstance, ctx: AppContext) {
  const channels = createChannelsService(ctx);
  const read = ctx.guards.member('channel_read');
  const write = ctx.guards.member('channel_write');
  const group = ['channels'];

  app.route({
    ...routeOf(channelEndpoints.list, group),
    preHandler: read,
    handler: async (request) => ok(await channels.list(memberOf(request).workspaceId)),
  });
  app.route({
    ...routeOf(channelEndpoints.create, group),
    preHandler: write,
    handler: async (request) => ok(await channels.create(memberOf(request).workspaceId, request.body)),
  });
  app.route({
    ...routeOf(channelEndpoints.get, group),
    preHandler: read,
    handler: async (request) => ok(await channels.get(memberOf(request).workspaceId, request.params.id)),
  });
  app.route({
    ...routeOf(channelEndpoints.update, group),
    preHandler: write,
    handler: async (request) =>
      ok(await channels.update(memberOf(request).workspaceId, request.params.id, request.body)),
  });
  app.route({
    ...routeOf(channelEndpoints.remove, group),
    preHandler: write,
    handler: async (request) => {
      await channels.remove(memberOf(request).workspaceId, request.params.id);
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });

  await app.register(async (scope) => channelWebhookRoutes(scope as AppInstance, ctx));
}
