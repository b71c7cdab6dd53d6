import type { AppContext } from '../../context.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { operatorRoutes } from './operator/organizations.routes.ts';
import { plansRoutes } from './plans.routes.ts';
import { stripeWebhookRoutes } from './stripe-webhook/index.ts';
import { subscriptionModuleRoutes } from './subscription/index.ts';
import { walletRoutes } from './wallet/index.ts';

export async function billingRoutes(app: AppInstance, ctx: AppContext) {
  plansRoutes(app, ctx);
  operatorRoutes(app, ctx);
  await subscriptionModuleRoutes(app, ctx);
  await stripeWebhookRoutes(app, ctx);
  walletRoutes(app, ctx);
}
