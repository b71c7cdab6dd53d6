import { ACCESS_CHANGED_ACTION } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSocketAction } from '../socket/index.ts';
import { refreshSession } from './refresh.ts';

/**
 * Refreshes the membership once per visit, and again whenever the server says the member's role, permissions or
 * teams changed (`self.access_changed` on the general socket): a change made by someone else shows up in the menu,
 * the pages and their lists, and the token's lifetime starts again.
 */
export function useMembershipRefresh(enabled: boolean) {
  const queryClient = useQueryClient();
  const done = useRef(false);
  const refresh = useCallback(
    () =>
      void refreshSession().then((refreshed) => {
        if (refreshed) void queryClient.invalidateQueries();
      }),
    [queryClient],
  );
  useEffect(() => {
    if (!enabled || done.current) return;
    done.current = true;
    refresh();
  }, [enabled, refresh]);
  useSocketAction(ACCESS_CHANGED_ACTION, () => {
    if (enabled) refresh();
  });
}
