import { useAdminPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';

/** What the signed-in system admin may do: the admin flag holds every permission. */
export function useAdminAccess() {
  const { admin, roleFlag } = useSession();
  const permissions = useAdminPermissions();
  const isSuper = admin?.admin === true || roleFlag === 'admin';
  const held = permissions.data ?? admin?.permissions ?? [];
  return {
    isSuper,
    selfId: admin?.id ?? null,
    can: (permission: string) => isSuper || held.includes(permission),
  };
}
