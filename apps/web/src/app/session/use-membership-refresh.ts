import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { refreshSession } from './refresh.ts';

/**
 * Refreshes the membership once per visit: a role, permissions or organization name changed by someone else
 * since sign-in shows up on the next page load, and the token's lifetime starts again.
 */
export function useMembershipRefresh(enabled: boolean) {
  const queryClient = useQueryClient();
  const done = useRef(false);
  useEffect(() => {
    if (!enabled || done.current) return;
    done.current = true;
    void refreshSession().then((refreshed) => {
      if (refreshed) void queryClient.invalidateQueries();
    });
  }, [enabled, queryClient]);
}
