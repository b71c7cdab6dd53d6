import { defineModule } from '../../platform/modules/define-module.ts';
import { channelsRoutes } from './channels.routes.ts';
import { accountNotices } from './webhook/account-notices.ts';
import { webhookIngestJob, webhookRecheckJob, webhookSweepJob } from './webhook/webhook-jobs.ts';

export const channelsModule = defineModule({
  name: 'channels',
  routes: channelsRoutes,
  jobs: [webhookIngestJob, webhookRecheckJob, webhookSweepJob],
  hooks: { metaWebhook: accountNotices },
});
