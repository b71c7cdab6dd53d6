import { defineModule } from '../../platform/modules/define-module.ts';
import { billingRoutes } from './billing.routes.ts';

export const billingModule = defineModule({ name: 'billing', routes: billingRoutes });
