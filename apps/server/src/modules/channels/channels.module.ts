import { defineModule } from '../../platform/modules/define-module.ts';
import { channelsRoutes } from './channels.routes.ts';

export const channelsModule = defineModule({ name: 'channels', routes: channelsRoutes });
