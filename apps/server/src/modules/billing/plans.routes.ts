import { planEndpoints, stripeAdminEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { SECRET_MASK } from '../settings/index.ts';
import { auditedPlan, toPlanDto, toPublicPlan } from './plan-dto.ts';
import { createPlansService } from './plans.service.ts';
import { stripeMessage } from './stripe-errors.ts';

/** Plans (system admins with workspace_management_read / _write), the public price list, Stripe's key test. */
export function plansRoutes(app: AppInstance, ctx: AppContext) {
  const { guards, audit } = ctx;
  const plans = createPlansService(ctx);
  const tags = ['billing: plans'];

  app.route({
    ...routeOf(planEndpoints.public, tags),
    handler: async () => ok((await plans.list({ visibleOnly: true })).map(({ plan }) => toPublicPlan(plan))),
  });

  app.route({
    ...routeOf(planEndpoints.list, tags),
    preHandler: guards.admin('workspace_management_read'),
    handler: async () =>
      ok((await plans.list({ visibleOnly: false })).map(({ plan, subscribers }) => toPlanDto(plan, subscribers))),
  });

  app.route({
    ...routeOf(planEndpoints.create, tags),
    preHandler: guards.admin('workspace_management_write'),
    handler: async (request) => {
      const plan = await plans.create(request.body);
      await audit.platform(actorOf(request), {
        action: 'subscription_plan.create',
        targetType: 'subscription_plan',
        targetId: plan.id,
        targetName: plan.name,
        after: auditedPlan(plan),
      });
      return ok(toPlanDto(plan, 0));
    },
  });

  app.route({
    ...routeOf(planEndpoints.update, tags),
    preHandler: guards.admin('workspace_management_write'),
    handler: async (request) => {
      const { before, after, unretired } = await plans.update(request.params.id, request.body);
      if (unretired.length) request.log.warn({ prices: unretired }, 'old Stripe prices of a plan are still active');
      await audit.platform(actorOf(request), {
        action: 'subscription_plan.update',
        targetType: 'subscription_plan',
        targetId: after.id,
        targetName: after.name,
        before: auditedPlan(before),
        after: auditedPlan(after),
      });
      return ok(toPlanDto(after, await plans.subscribersOf(after.id)));
    },
  });

  app.route({
    ...routeOf(planEndpoints.remove, tags),
    preHandler: guards.admin('workspace_management_write'),
    handler: async (request) => {
      const removed = await plans.remove(request.params.id);
      await audit.platform(actorOf(request), {
        action: 'subscription_plan.delete',
        targetType: 'subscription_plan',
        targetId: removed.id,
        targetName: removed.name,
        before: auditedPlan(removed),
      });
      return ok({ id: removed.id });
    },
  });

  app.route({
    ...routeOf(stripeAdminEndpoints.test, ['billing: stripe']),
    preHandler: guards.admin('super'),
    handler: async (request) => {
      const given = request.body.secret_key?.trim();
      const key =
        given && given !== SECRET_MASK
          ? given
          : (await ctx.settings.values(['stripe.secret_key']))['stripe.secret_key'].trim();
      if (!key) throw new AppError(400, 'stripe_not_configured');
      try {
        const balance = await ctx.stripe.withKey(key).balance.retrieve();
        return ok({ ok: true as const, livemode: balance.livemode });
      } catch (error) {
        throw new AppError(400, 'stripe_test_failed', { error: stripeMessage(error) });
      }
    },
  });
}
