import { defineModule } from '../../platform/modules/define-module.ts';
import { notificationDigestJob, notificationRetentionJob } from './delivery.ts';
import { notificationListeners } from './listeners.ts';
import { notificationsRoutes } from './notifications.routes.ts';

export const notificationsModule = defineModule({
  name: 'notifications',
  routes: notificationsRoutes,
  jobs: [notificationDigestJob, notificationRetentionJob],
  listeners: notificationListeners,
});
