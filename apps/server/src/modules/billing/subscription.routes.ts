import { subscriptionEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { currentSubscription } from './subscription.service.ts';

/** The organization's subscription, as any member sees it (the menus' plan locks read it). */
export function subscriptionRoutes(app: AppInstance, ctx: AppContext) {
  app.route({
    ...routeOf(subscriptionEndpoints.current, ['billing: subscription']),
    preHandler: ctx.guards.member(),
    handler: async (request) => ok(await currentSubscription(ctx, memberOf(request).workspaceId)),
  });
}
