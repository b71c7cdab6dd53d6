import { defineModule } from '../../platform/modules/define-module.ts';
import { answerJob, answerListener } from './answering/answer-job.ts';
import { csAgentsRoutes } from './cs-agents.routes.ts';
import { knowledgeIndexListener } from './retrieval/index-listener.ts';

export const csAgentsModule = defineModule({
  name: 'cs-agents',
  routes: csAgentsRoutes,
  jobs: [answerJob],
  listeners: [answerListener, knowledgeIndexListener],
});
