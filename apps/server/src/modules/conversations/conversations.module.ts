import { defineModule } from '../../platform/modules/define-module.ts';
import { conversationsRoutes } from './conversations.routes.ts';
import { customerMerge } from './customer-merge.ts';

/** Its jobs, listeners and socket actions are still registered by its routes (a worker runs them unserved). */
export const conversationsModule = defineModule({
  name: 'conversations',
  routes: conversationsRoutes,
  hooks: { customerMerge },
});
