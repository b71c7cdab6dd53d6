import type { AppContext } from '../../context.ts';

/** Those allowed to read teams hear of each change, once it committed. */
const readers = { permission: 'team_read' } as const;

export function registerTeamListeners({ events, sockets }: AppContext) {
  events.onCommitted('team.created', 'sockets.push', ({ workspaceId, data }) =>
    sockets.toWorkspace(workspaceId!, 'team.created', data.team, readers),
  );
  events.onCommitted('team.updated', 'sockets.push', ({ workspaceId, data }) =>
    sockets.toWorkspace(workspaceId!, 'team.updated', data.after, readers),
  );
  events.onCommitted('team.deleted', 'sockets.push', ({ workspaceId, data }) =>
    sockets.toWorkspace(workspaceId!, 'team.deleted', { id: data.before.id }, readers),
  );
}
