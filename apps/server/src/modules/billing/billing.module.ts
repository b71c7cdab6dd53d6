import { defineModule } from '../../platform/modules/define-module.ts';
import { walletJobs, walletListeners, walletRoutes } from './wallet/index.ts';

export const billingModule = defineModule({
  name: 'billing',
  routes: walletRoutes,
  jobs: [...walletJobs],
  listeners: [...walletListeners],
});
