import { defineModule } from '../../platform/modules/define-module.ts';
import { isVisitorOn, moveVisitors } from './visitor-customers.ts';
import { typingToVisitor, visitorCommittedListeners } from './visitor-listeners.ts';
import { webchatRoutes } from './webchat.routes.ts';

export const webchatModule = defineModule({
  name: 'webchat',
  routes: webchatRoutes,
  committed: visitorCommittedListeners,
  hooks: { customerMerge: moveVisitors, customerOnChannel: isVisitorOn, conversationTyping: typingToVisitor },
});
