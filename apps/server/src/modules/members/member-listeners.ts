import type { AppContext } from '../../context.ts';

/** member pushes reach those allowed to read the member list */
const readers = { permission: 'member_read' } as const;

/**
 * What follows a membership change once it committed: the sockets of a membership that ended close (4403), those of
 * a deleted organization too, those of a member whose role changed read what the member may see again, and the
 * organization's open member lists hear of the change.
 */
export function registerMemberListeners({ events, sockets }: AppContext) {
  events.onCommitted('member.joined', 'sockets.push', ({ workspaceId, data }) =>
    sockets.toWorkspace(
      workspaceId!,
      'member.joined',
      { id: data.member_id, user_id: data.user_id, role: data.role },
      readers,
    ),
  );
  events.onCommitted('member.changed', 'sockets.push', ({ workspaceId, data }) => {
    if (!data.active || data.removed) sockets.authority.endMembership(workspaceId!, data.user_id);
    else if (data.role !== data.before.role) sockets.authority.refreshMembers(workspaceId!, [data.user_id]);
    sockets.toWorkspace(
      workspaceId!,
      'member.changed',
      {
        id: data.member_id,
        role: data.role,
        active: data.active,
        removed: data.removed,
      },
      readers,
    );
  });
  events.onCommitted('member.left', 'sockets.push', ({ workspaceId, data }) => {
    sockets.authority.endMembership(workspaceId!, data.user_id);
    sockets.toWorkspace(workspaceId!, 'member.left', { id: data.member_id }, readers);
  });
  events.onCommitted('workspace.deleted', 'sockets.close', ({ data }) =>
    sockets.authority.closeWorkspace(data.workspace_id),
  );
}
