import type { SocketPushAction } from '@omnichat/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { GeneralSocket } from './general-socket.ts';

/**
 * The one map from a socket push to the cached queries it makes stale: each is refetched where it is shown, and
 * dropped elsewhere until it is shown again. The prefixes are the features' key factories' `all` (checked by
 * push-invalidation.test.ts), written out so the app shell does not load the features' code. Pushes a page applies
 * itself (a conversation's messages, an import's progress) are not here: `useSocketAction` handles those.
 */
export const PUSH_INVALIDATES: Partial<Record<SocketPushAction, readonly QueryKey[]>> = {
  'team.created': [['teams']],
  'team.updated': [['teams']],
  'team.deleted': [['teams']],
  // a member's team list and counts show on the teams pages too
  'member.joined': [['workspace-members'], ['teams']],
  'member.changed': [['workspace-members'], ['teams']],
  'member.left': [['workspace-members'], ['teams']],
};

/** Invalidates what each push of the map makes stale; answers the function that stops it. */
export function invalidateOnPush(socket: GeneralSocket, queryClient: QueryClient): () => void {
  const stops = Object.entries(PUSH_INVALIDATES).map(([action, keys]) =>
    socket.on(action, () => {
      for (const queryKey of keys ?? []) void queryClient.invalidateQueries({ queryKey });
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
