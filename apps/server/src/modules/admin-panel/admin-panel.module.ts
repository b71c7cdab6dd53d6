import { defineModule } from '../../platform/modules/define-module.ts';
import { adminPanelRoutes } from './admin-panel.routes.ts';

export const adminPanelModule = defineModule({ name: 'admin-panel', routes: adminPanelRoutes });
