import type { AppContext } from '../../../context.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import { paymentMethodsRoutes } from './payment-methods.routes.ts';
import { subscriptionRoutes } from './subscription.routes.ts';

export { callStripe, stripeForBilling } from '../stripe-errors.ts';
export { billingAccountOf, ensureCustomer } from './billing-account.ts';
export { currentSubscription } from './current.ts';
export { createSubscriptionService } from './subscription.service.ts';

/** The subscription's and the payment methods' routes. */
export async function subscriptionModuleRoutes(app: AppInstance, ctx: AppContext) {
  await subscriptionRoutes(app, ctx);
  await paymentMethodsRoutes(app, ctx);
}
