import type { ConversationFacts } from '@omnichat/contracts';
import { type CommittedListenerDefinition, committedListener } from '../../platform/modules/define-module.ts';
import type { Audience } from '../../platform/realtime/socket-hub.ts';

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
 * its conversation, and so does an activity line (never a customer: it is no message); a changed conversation makes every reader's lists refetch it (an assignment may have taken it
 * from some). A member's read changes no one else's list.
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
    event: 'conversation.activity',
    name: 'sockets.push',
    handle: ({ workspaceId, data }, { sockets }) =>
      sockets.toWorkspace(workspaceId!, 'conversation.activity', data.activity, audienceOf(data.conversation)),
  }),
  committedListener({
    event: 'conversation.changed',
    name: 'sockets.push',
    handle: ({ workspaceId, data }, { sockets }) => {
      if (data.change === 'read') return;
      sockets.toWorkspace(workspaceId!, 'conversation.changed', { id: data.conversation.id }, readers);
    },
  }),
];
