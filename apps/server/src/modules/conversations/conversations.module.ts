import { defineModule } from '../../platform/modules/define-module.ts';
import { conversationCommittedListeners } from './conversation-listeners.ts';
import { conversationSocketActions } from './conversation-socket-actions.ts';
import { conversationsRoutes } from './conversations.routes.ts';
import { customerMerge } from './customer-merge.ts';
import { snoozeEndJob } from './desk/status.ts';
import { fetchMediaJob } from './inbound/fetch-media.ts';
import { messagesField } from './inbound/messages-field.ts';
import { optOutListener } from './opt-out.ts';
import { sendRetryJob } from './outbound/outbound.service.ts';

export const conversationsModule = defineModule({
  name: 'conversations',
  routes: conversationsRoutes,
  socketActions: conversationSocketActions,
  jobs: [fetchMediaJob, sendRetryJob, snoozeEndJob],
  committed: conversationCommittedListeners,
  listeners: [optOutListener],
  hooks: { customerMerge, metaWebhook: { messages: messagesField } },
});
