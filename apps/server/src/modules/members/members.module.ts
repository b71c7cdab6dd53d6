import { defineModule } from '../../platform/modules/define-module.ts';
import { memberListeners } from './member-listeners.ts';
import { membersRoutes } from './members.routes.ts';
import { purgeWorkspaceJob } from './organization-exit.service.ts';

export const membersModule = defineModule({
  name: 'members',
  routes: membersRoutes,
  jobs: [purgeWorkspaceJob],
  committed: memberListeners,
});
