import { type CommittedListenerDefinition, committedListener } from '../../platform/modules/define-module.ts';
import { toVisitor, visitorKey } from './visitor-streams.ts';

/** After commit, a web-chat conversation's new message reaches the visitor's open widgets (agents' notes never do). */
export const visitorCommittedListeners: CommittedListenerDefinition[] = [
  committedListener({
    event: 'message.stored',
    name: 'webchat.visitors',
    handle: ({ data: { message, conversation } }, { cluster }) => {
      if (conversation.channel_type !== 'webchat' || message.type === 'note') return;
      toVisitor(cluster, visitorKey(conversation.channel_id, conversation.customer_id), {
        id: message.id,
        direction: message.direction,
        text: message.text,
        seq: message.seq,
        created_at: message.created_at,
      });
    },
  }),
];
