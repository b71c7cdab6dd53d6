import { defineModule } from '../../platform/modules/define-module.ts';
import { broadcastRepliedListener, broadcastStatusesListener } from './broadcast-listeners.ts';
import { broadcastsRoutes } from './broadcasts.routes.ts';
import { broadcastSendJob, broadcastSweepJob } from './sender.ts';

export const broadcastsModule = defineModule({
  name: 'broadcasts',
  routes: broadcastsRoutes,
  jobs: [broadcastSendJob, broadcastSweepJob],
  listeners: [broadcastStatusesListener, broadcastRepliedListener],
});
