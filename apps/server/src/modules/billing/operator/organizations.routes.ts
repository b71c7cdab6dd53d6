import { adminBillingEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../../context.ts';
import { actorOf } from '../../../platform/auth/actor.ts';
import { routeOf } from '../../../platform/http/endpoint-route.ts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import { createHistoryService } from './history.service.ts';
import { createOperatorService } from './organizations.service.ts';

/** The operator's view of organizations' billing (system admins with workspace_management_read / _write). */
export function operatorRoutes(app: AppInstance, ctx: AppContext) {
  const { guards, audit } = ctx;
  const service = createOperatorService(ctx);
  const historyService = createHistoryService(ctx);
  const tags = ['billing: organizations'];
  const billingOf = (organization: { plan_tag: string | null; status: string; period_end: number | null }) => ({
    plan_tag: organization.plan_tag,
    status: organization.status,
    period_end: organization.period_end,
  });

  app.route({
    ...routeOf(adminBillingEndpoints.organizations, tags),
    preHandler: guards.admin('workspace_management_read'),
    handler: async (request) => {
      const { items, page } = await service.list(request.query);
      return ok(items, page);
    },
  });

  app.route({
    ...routeOf(adminBillingEndpoints.history, tags),
    preHandler: guards.admin('subscription_history_read'),
    handler: async (request) => {
      const { items, page } = await historyService.history(request.params.id, request.query);
      return ok(items, page);
    },
  });

  app.route({
    ...routeOf(adminBillingEndpoints.adjustWallet, tags),
    preHandler: guards.admin('workspace_management_write'),
    handler: async (request) => {
      const actor = actorOf(request);
      const { organization, transaction, moved } = await service.adjustWallet(
        request.params.id,
        request.body,
        actor.id,
      );
      // a replayed request moved nothing: it was audited the first time
      if (moved)
        await audit.platform(
          actor,
          {
            action: 'wallet.adjust',
            targetType: 'workspace',
            targetId: organization.id,
            targetName: organization.name,
            after: {
              amount_cents: request.body.amount_cents,
              reason: request.body.reason,
              balance_after_cents: transaction.balanceAfterCents,
            },
          },
          organization.id,
        );
      return ok(organization);
    },
  });

  app.route({
    ...routeOf(adminBillingEndpoints.comp, tags),
    preHandler: guards.admin('workspace_management_write'),
    handler: async (request) => {
      const { before, after } = await service.comp(request.params.id, request.body);
      await audit.platform(
        actorOf(request),
        {
          action: 'subscription.comp',
          targetType: 'workspace',
          targetId: after.id,
          targetName: after.name,
          before: billingOf(before),
          after: billingOf(after),
        },
        after.id,
      );
      return ok(after);
    },
  });

  app.route({
    ...routeOf(adminBillingEndpoints.trial, tags),
    preHandler: guards.admin('workspace_management_write'),
    handler: async (request) => {
      const { before, after } = await service.extendTrial(request.params.id, request.body.trial_end);
      await audit.platform(
        actorOf(request),
        {
          action: 'subscription.trial_extend',
          targetType: 'workspace',
          targetId: after.id,
          targetName: after.name,
          before: { trial_end: before.trial_end },
          after: { trial_end: after.trial_end },
        },
        after.id,
      );
      return ok(after);
    },
  });
}
