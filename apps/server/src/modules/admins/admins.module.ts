import { defineModule } from '../../platform/modules/define-module.ts';
import { adminAuthRoutes } from './admin-auth.routes.ts';

export const adminsModule = defineModule({ name: 'admins', routes: adminAuthRoutes });
