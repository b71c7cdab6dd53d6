import { defineModule } from '../../platform/modules/define-module.ts';
import { settingsRoutes } from './settings.routes.ts';

export const settingsModule = defineModule({ name: 'settings', routes: settingsRoutes });
