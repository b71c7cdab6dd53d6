import type { AppContext } from '../../context.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { plansRoutes } from './plans.routes.ts';
import { subscriptionRoutes } from './subscription.routes.ts';
import { walletRoutes } from './wallet/index.ts';

export function billingRoutes(app: AppInstance, ctx: AppContext) {
  plansRoutes(app, ctx);
  subscriptionRoutes(app, ctx);
  walletRoutes(app, ctx);
}
