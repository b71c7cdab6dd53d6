import { defineModule } from '../../platform/modules/define-module.ts';
import { workspacesRoutes } from './workspaces.routes.ts';

export const workspacesModule = defineModule({ name: 'workspaces', routes: workspacesRoutes });
