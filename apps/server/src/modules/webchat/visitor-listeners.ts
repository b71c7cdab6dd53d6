import type { ConversationTypingHook } from '../../platform/modules/define-module.ts';
import { type CommittedListenerDefinition, committedListener } from '../../platform/modules/define-module.ts';
import { fromEvent } from './visitor-messages.ts';
import { toVisitor, visitorKey } from './visitor-streams.ts';

/**
 * After commit, what the visitor of a web-chat conversation sees live: a new message (agents' notes never), and
 * the conversation closed or reopened (the widget then offers the rating, or takes it away).
 */
export const visitorCommittedListeners: CommittedListenerDefinition[] = [
  committedListener({
    event: 'message.stored',
    name: 'webchat.visitors',
    handle: ({ data: { message, conversation } }, { cluster }) => {
      if (conversation.channel_type !== 'webchat' || message.type === 'note') return;
      toVisitor(cluster, visitorKey(conversation.channel_id, conversation.customer_id), {
        event: 'message',
        data: fromEvent(message),
      });
    },
  }),
  committedListener({
    event: 'conversation.changed',
    name: 'webchat.visitor_status',
    handle: ({ data: { change, conversation } }, { cluster }) => {
      if (conversation.channel_type !== 'webchat' || change !== 'status') return;
      toVisitor(cluster, visitorKey(conversation.channel_id, conversation.customer_id), {
        event: 'status',
        data: { conversation_id: conversation.id, status: conversation.status },
      });
    },
  }),
];

/** An agent typing in a web-chat conversation: its visitor's widget shows the dots (who types is not told). */
export const typingToVisitor: ConversationTypingHook = (cluster, conversation, typing) => {
  if (conversation.channel_type !== 'webchat') return;
  toVisitor(cluster, visitorKey(conversation.channel_id, conversation.customer_id), {
    event: 'typing',
    data: { typing },
  });
};
