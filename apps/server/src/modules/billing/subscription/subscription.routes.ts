import { subscriptionEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../../context.ts';
import { memberOf } from '../../../platform/auth/guards.ts';
import { routeOf } from '../../../platform/http/endpoint-route.ts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import { currentSubscription } from './current.ts';
import { ownerOrAdmin } from './guard.ts';
import { createSubscriptionService } from './subscription.service.ts';

/**
 * The organization's subscription: any member reads it (the menus' plan locks follow it); the owner or an admin
 * changes it. Every answer is `currentSubscription`'s.
 */
export async function subscriptionRoutes(app: AppInstance, ctx: AppContext) {
  const service = createSubscriptionService(ctx);
  const tags = ['billing'];
  const preHandler = ownerOrAdmin(ctx);

  app.route({
    ...routeOf(subscriptionEndpoints.current, tags),
    preHandler: ctx.guards.member(),
    handler: async (request) => ok(await currentSubscription(ctx, memberOf(request).workspaceId)),
  });
  app.route({
    ...routeOf(subscriptionEndpoints.change, tags),
    preHandler,
    handler: async (request) => {
      const member = memberOf(request);
      return ok(await service.change(member.workspaceId, member.user.id, request.body));
    },
  });
  app.route({
    ...routeOf(subscriptionEndpoints.cancel, tags),
    preHandler,
    handler: async (request) => ok(await service.cancel(memberOf(request).workspaceId)),
  });
  app.route({
    ...routeOf(subscriptionEndpoints.resume, tags),
    preHandler,
    handler: async (request) => ok(await service.resume(memberOf(request).workspaceId)),
  });
  app.route({
    ...routeOf(subscriptionEndpoints.withdrawDowngrade, tags),
    preHandler,
    handler: async (request) => ok(await service.withdrawDowngrade(memberOf(request).workspaceId)),
  });
  app.route({
    ...routeOf(subscriptionEndpoints.invoices, tags),
    preHandler,
    handler: async (request) => ok(await service.invoices(memberOf(request).workspaceId)),
  });
}
