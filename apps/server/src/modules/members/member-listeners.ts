import { type CommittedListenerDefinition, committedListener } from '../../platform/modules/define-module.ts';

/** member pushes reach those allowed to read the member list */
const readers = { permission: 'member_read' } as const;

/**
 * What follows a membership change once it committed: the sockets of a membership that ended close (4403), those of
 * a deleted organization too, those of a member whose role changed read what the member may see again, and the
 * organization's open member lists hear of the change.
 */
export const memberListeners: CommittedListenerDefinition[] = [
  committedListener({
    event: 'member.joined',
    name: 'sockets.push',
    handle: ({ workspaceId, data }, { sockets }) =>
      sockets.toWorkspace(
        workspaceId!,
        'member.joined',
        { id: data.member_id, user_id: data.user_id, role: data.role },
        readers,
      ),
  }),
  committedListener({
    event: 'member.changed',
    name: 'sockets.push',
    handle: ({ workspaceId, data }, { sockets }) => {
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
    },
  }),
  committedListener({
    event: 'member.left',
    name: 'sockets.push',
    handle: ({ workspaceId, data }, { sockets }) => {
      sockets.authority.endMembership(workspaceId!, data.user_id);
      sockets.toWorkspace(workspaceId!, 'member.left', { id: data.member_id }, readers);
    },
  }),
  committedListener({
    event: 'workspace.deleted',
    name: 'sockets.close',
    handle: ({ data }, { sockets }) => sockets.authority.closeWorkspace(data.workspace_id),
  }),
];
