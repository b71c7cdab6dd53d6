import { defineModule } from '../../platform/modules/define-module.ts';
import { webPushSendJob } from './webpush.job.ts';
import { webPushRoutes } from './webpush.routes.ts';

export const webPushModule = defineModule({ name: 'webpush', routes: webPushRoutes, jobs: [webPushSendJob] });
