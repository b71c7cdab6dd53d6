import type { AppContext } from '../../context.ts';
import './teams.events.ts';

/** Open team lists of the organization hear of each change once it committed. */
export function registerTeamListeners({ events, sockets }: AppContext) {
  events.onCommitted('team.created', 'sockets.push', ({ workspaceId, data }) =>
    sockets.toWorkspace(workspaceId!, 'team.created', data.team),
  );
  events.onCommitted('team.updated', 'sockets.push', ({ workspaceId, data }) =>
    sockets.toWorkspace(workspaceId!, 'team.updated', data.after),
  );
  events.onCommitted('team.deleted', 'sockets.push', ({ workspaceId, data }) =>
    sockets.toWorkspace(workspaceId!, 'team.deleted', { id: data.before.id }),
  );
}
