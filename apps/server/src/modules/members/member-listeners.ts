import type { AppContext } from '../../context.ts';
import './members.events.ts';

/**
 * What follows a membership change once it committed: the sockets of a membership that ended close (4403), those of
 * a deleted organization too, and the organization's open member lists hear of the change.
 */
export function registerMemberListeners({ events, sockets }: AppContext) {
  events.onCommitted('member.joined', 'sockets.push', ({ workspaceId, data }) =>
    sockets.toWorkspace(workspaceId!, 'member.joined', { id: data.member_id, user_id: data.user_id, role: data.role }),
  );
  events.onCommitted('member.changed', 'sockets.push', ({ workspaceId, data }) => {
    if (!data.active || data.removed) sockets.endMembership(workspaceId!, data.user_id);
    sockets.toWorkspace(workspaceId!, 'member.changed', {
      id: data.member_id,
      role: data.role,
      active: data.active,
      removed: data.removed,
    });
  });
  events.onCommitted('member.left', 'sockets.push', ({ workspaceId, data }) => {
    sockets.endMembership(workspaceId!, data.user_id);
    sockets.toWorkspace(workspaceId!, 'member.left', { id: data.member_id });
  });
  events.onCommitted('workspace.deleted', 'sockets.close', ({ data }) => sockets.closeWorkspace(data.workspace_id));
}
