import { defineModule } from '../../platform/modules/define-module.ts';
import { timezonesRoutes } from './timezones.routes.ts';

export const timezonesModule = defineModule({ name: 'timezones', routes: timezonesRoutes });
