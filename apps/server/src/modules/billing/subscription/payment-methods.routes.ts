import { paymentMethodEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../../context.ts';
import { memberOf } from '../../../platform/auth/guards.ts';
import { routeOf } from '../../../platform/http/endpoint-route.ts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import { ownerOrAdmin } from './guard.ts';
import { createPaymentMethodsService } from './payment-methods.service.ts';

/** The organization's cards (owner or admin): added through a SetupIntent Stripe.js confirms. */
export async function paymentMethodsRoutes(app: AppInstance, ctx: AppContext) {
  const service = createPaymentMethodsService(ctx);
  const tags = ['billing'];
  const preHandler = ownerOrAdmin(ctx);
  const who = (request: Parameters<typeof preHandler>[0]) => {
    const member = memberOf(request);
    return [member.workspaceId, member.user.id] as const;
  };

  app.route({
    ...routeOf(paymentMethodEndpoints.setupIntent, tags),
    preHandler,
    handler: async (request) => ok(await service.setupIntent(...who(request))),
  });
  app.route({
    ...routeOf(paymentMethodEndpoints.add, tags),
    preHandler,
    handler: async (request) => ok(await service.add(...who(request), request.body.payment_method_id)),
  });
  app.route({
    ...routeOf(paymentMethodEndpoints.list, tags),
    preHandler,
    handler: async (request) => ok(await service.list(...who(request))),
  });
  app.route({
    ...routeOf(paymentMethodEndpoints.setDefault, tags),
    preHandler,
    handler: async (request) => ok(await service.setDefault(...who(request), request.params.id)),
  });
  app.route({
    ...routeOf(paymentMethodEndpoints.remove, tags),
    preHandler,
    handler: async (request) => ok(await service.remove(...who(request), request.params.id)),
  });
}
