import type { ConversationFacts } from '@omnichat/contracts';
import { type CommittedListenerDefinition, committedListener } from '../../platform/modules/define-module.ts';
import type { Audience } from '../../platform/realtime/socket-hub.ts';
import { toVisitor, visitorKey } from './visitor-streams.ts';

const readers = { permission: 'conversation_read' } as const;

/**
 * Who hears of a conversation live, by the rule of `visibleTo`: the organization's holders of conversation_read
 * when it is nobody's or every team's, else only owners, admins, its assignee and its team's members.
 */
export function audienceOf({
  assignee_member_id,
  team_id,
  all_teams,
}: Pick<ConversationFacts, 'assignee_member_id' | 'team_id' | 'all_teams'>): Audience {
  if (all_teams || (!assignee_member_id && !team_id)) return { permission: 'conversation_read' };
  return {
    permission: 'conversation_read',
    scope: { memberIds: assignee_member_id ? [assignee_member_id] : [], teamIds: team_id ? [team_id] : [] },
  };
}

/**
 * The inbox's live side, after commit: a stored message and a message's new state reach the agents who may see
 * its conversation; a changed conversation makes every reader's lists refetch it (an assignment may have taken it
 * from some); a web-chat message reaches the visitor's open widgets (the agents' notes never do). A member's read
 * changes no one else's list.
 */
export const conversationCommittedListeners: CommittedListenerDefinition[] = [
  committedListener({
    event: 'message.stored',
    name: 'sockets.push',
    handle: ({ workspaceId, data }, { sockets }) =>
      sockets.toWorkspace(workspaceId!, 'conversation.message', data.message, audienceOf(data.conversation)),
  }),
  committedListener({
    event: 'message.status_changed',
    name: 'sockets.push',
    handle: ({ workspaceId, data }, { sockets }) =>
      sockets.toWorkspace(workspaceId!, 'conversation.message_status', data.message, audienceOf(data.conversation)),
  }),
  committedListener({
    event: 'conversation.changed',
    name: 'sockets.push',
    handle: ({ workspaceId, data }, { sockets }) => {
      if (data.change === 'read') return;
      sockets.toWorkspace(workspaceId!, 'conversation.changed', { id: data.conversation.id }, readers);
    },
  }),
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
