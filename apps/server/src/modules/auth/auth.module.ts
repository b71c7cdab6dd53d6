import { defineModule } from '../../platform/modules/define-module.ts';
import { linkRequestJobs } from './link-requests.ts';
import { userAuthRoutes } from './user-auth.routes.ts';

export const authModule = defineModule({
  name: 'auth',
  routes: userAuthRoutes,
  jobs: [linkRequestJobs.user, linkRequestJobs.admin],
});
