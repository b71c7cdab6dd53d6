import type { TeamDetail } from '@omnichat/contracts';
import { type CommittedListenerDefinition, committedListener } from '../../platform/modules/define-module.ts';

/** Those allowed to read teams hear of each change, once it committed. */
const readers = { permission: 'team_read' } as const;

const userIdsOf = (team: TeamDetail | null) => new Set(team?.members.map((member) => member.user.id));

/**
 * The users whose access a team's change alters: those who joined or left it, and every member on either side when
 * its permissions changed (a team gives its members its permissions and its conversations).
 */
function accessChangedBy(before: TeamDetail | null, after: TeamDetail | null): string[] {
  const [was, is] = [userIdsOf(before), userIdsOf(after)];
  const samePermissions =
    before && after && [...before.permissions].sort().join() === [...after.permissions].sort().join();
  return [...new Set([...was, ...is])].filter((id) => !samePermissions || was.has(id) !== is.has(id));
}

/** Team pushes, and a new read of the access of the members a change concerns. */
export const teamListeners: CommittedListenerDefinition[] = [
  committedListener({
    event: 'team.created',
    name: 'sockets.push',
    handle: ({ workspaceId, data }, { sockets }) => {
      sockets.authority.refreshMembers(workspaceId!, accessChangedBy(null, data.team));
      sockets.toWorkspace(workspaceId!, 'team.created', data.team, readers);
    },
  }),
  committedListener({
    event: 'team.updated',
    name: 'sockets.push',
    handle: ({ workspaceId, data }, { sockets }) => {
      sockets.authority.refreshMembers(workspaceId!, accessChangedBy(data.before, data.after));
      sockets.toWorkspace(workspaceId!, 'team.updated', data.after, readers);
    },
  }),
  committedListener({
    event: 'team.deleted',
    name: 'sockets.push',
    handle: ({ workspaceId, data }, { sockets }) => {
      sockets.authority.refreshMembers(workspaceId!, accessChangedBy(data.before, null));
      sockets.toWorkspace(workspaceId!, 'team.deleted', { id: data.before.id }, readers);
    },
  }),
  committedListener({
    event: 'permissions.member_changed',
    name: 'sockets.refresh',
    handle: ({ workspaceId, data }, { sockets }) => sockets.authority.refreshMembers(workspaceId!, [data.user_id]),
  }),
];
