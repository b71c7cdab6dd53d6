import { defineModule } from '../../platform/modules/define-module.ts';
import { csAgentsRoutes } from './cs-agents.routes.ts';

export const csAgentsModule = defineModule({
  name: 'cs-agents',
  routes: csAgentsRoutes,
});
