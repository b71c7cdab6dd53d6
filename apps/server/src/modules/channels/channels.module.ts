import { defineModule } from '../../platform/modules/define-module.ts';
import { channelsRoutes } from './channels.routes.ts';

/** Its jobs and listeners are still registered by its routes (a worker runs them unserved). */
export const channelsModule = defineModule({ name: 'channels', routes: channelsRoutes });
