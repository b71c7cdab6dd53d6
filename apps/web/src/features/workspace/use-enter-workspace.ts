import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { switchWorkspace } from '../../app/session/login-flow.ts';

/**
 * Binds the session to an organization (POST /v1/auth/refresh-token {token, workspace_id}, SPEC 4) and opens its
 * dashboard: the Switch button, and a newly created organization (issue #13). The other organization's cached
 * answers are dropped; true when the session is bound.
 */
export function useEnterWorkspace() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (workspaceId: string): Promise<boolean> => {
    const bound = await switchWorkspace(workspaceId);
    if (bound) {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public-settings' });
      await navigate('/app/dashboard');
    }
    return bound;
  };
}
