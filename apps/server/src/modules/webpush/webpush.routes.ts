import { translate, webPushEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { userOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { createWebPushService } from './webpush.service.ts';

/** Web Push (`/v1/web-push`): any signed-in user subscribes their browsers, with or without an organization. */
export async function webPushRoutes(app: AppInstance, ctx: AppContext) {
  const webPush = createWebPushService(ctx);
  const user = ctx.guards.user();
  const group = ['web-push'];

  app.route({
    ...routeOf(webPushEndpoints.publicKey, group),
    preHandler: user,
    handler: async () => ok({ publicKey: await webPush.publicKey() }),
  });
  app.route({
    ...routeOf(webPushEndpoints.checkSubscription, group),
    preHandler: user,
    handler: async (request) =>
      ok({ subscribed: await webPush.isSubscribed(userOf(request).user.id, request.body.endpoint) }),
  });
  app.route({
    ...routeOf(webPushEndpoints.register, group),
    preHandler: user,
    handler: async (request) => {
      await webPush.register(userOf(request).user.id, request.body);
      return ok({ message: translate('save_success', localeOf(request)) });
    },
  });
  app.route({
    ...routeOf(webPushEndpoints.unsubscribe, group),
    preHandler: user,
    handler: async (request) => {
      await webPush.unsubscribe(userOf(request).user.id, request.body.endpoint);
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });
}
