import { defineModule } from '../../platform/modules/define-module.ts';
import { customersRoutes } from './customers.routes.ts';
import { customerImportJob } from './import/import.service.ts';
import { timelineListeners } from './timeline.ts';

export const customersModule = defineModule({
  name: 'customers',
  routes: customersRoutes,
  jobs: [customerImportJob],
  listeners: timelineListeners,
});
