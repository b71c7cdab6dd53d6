import type { AppContext } from '../../../context.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import { paymentMethodsRoutes } from './payment-methods.routes.ts';
import { subscriptionRoutes } from './subscription.routes.ts';

export { billingAccountOf, ensureCustomer } from './billing-account.ts';
export { billingEnabled, callStripe, stripeForBilling } from './stripe-calls.ts';
export { subscriptionDto } from './subscription.dto.ts';
export { createSubscriptionService } from './subscription.service.ts';

/** The subscription's and the payment methods' routes. */
export async function subscriptionModuleRoutes(app: AppInstance, ctx: AppContext) {
  await subscriptionRoutes(app, ctx);
  await paymentMethodsRoutes(app, ctx);
}
