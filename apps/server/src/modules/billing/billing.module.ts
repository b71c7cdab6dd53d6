import type { AppContext } from '../../context.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { defineModule } from '../../platform/modules/define-module.ts';
import { stripeEventsJob, stripeEventsSweepJob, stripeWebhookRoutes } from './stripe-webhook/index.ts';
import { subscriptionModuleRoutes } from './subscription/index.ts';

/** Billing (issue 25). MERGE: the plans' and the wallet's routes and jobs join these. */
export const billingModule = defineModule({
  name: 'billing',
  routes: async (app: AppInstance, ctx: AppContext) => {
    await subscriptionModuleRoutes(app, ctx);
    await stripeWebhookRoutes(app, ctx);
  },
  jobs: [stripeEventsJob, stripeEventsSweepJob],
});
