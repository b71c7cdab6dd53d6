import { defineModule } from '../../platform/modules/define-module.ts';
import { billingRoutes } from './billing.routes.ts';
import { stripeEventsJob, stripeEventsSweepJob } from './stripe-webhook/index.ts';
import { walletPush } from './wallet/index.ts';

export const billingModule = defineModule({
  name: 'billing',
  routes: billingRoutes,
  jobs: [stripeEventsJob, stripeEventsSweepJob],
  committed: [walletPush],
});
