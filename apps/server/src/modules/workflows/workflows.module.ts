import { defineModule } from '../../platform/modules/define-module.ts';
import { runJob, wakeJob } from './engine/run-jobs.ts';
import { fireJob } from './schedules/schedules.ts';
import {
  assignedTriggerListener,
  broadcastReplyTriggerListener,
  conversationTriggerListener,
  customerCreatedTriggerListener,
  messageTriggerListener,
  tagAddedTriggerListener,
} from './triggers/trigger-listeners.ts';
import { workflowsRoutes } from './workflows.routes.ts';

export const workflowsModule = defineModule({
  name: 'workflows',
  routes: workflowsRoutes,
  jobs: [runJob, wakeJob, fireJob],
  listeners: [
    messageTriggerListener,
    conversationTriggerListener,
    assignedTriggerListener,
    customerCreatedTriggerListener,
    tagAddedTriggerListener,
    broadcastReplyTriggerListener,
  ],
});
