import { useSyncExternalStore } from 'react';
import { session, storageVersion, subscribeStorage } from '../storage.ts';

/** Re-renders when stored session values change; returns a fresh snapshot of them. */
export function useSession() {
  useSyncExternalStore(subscribeStorage, storageVersion, storageVersion);
  const member = session.workspaceMember();
  return {
    token: session.token(),
    loginType: session.loginType(),
    roleFlag: session.roleFlag(),
    isAdmin: session.roleFlag() === 'admin',
    member,
    workspaceId: member?.workspace.id ?? session.workspaceId(),
    workspaceName: member?.workspace.name ?? '',
    workspaceAvatar: session.workspaceAvatar(),
    user: session.user() ?? member?.workspace.user ?? null,
    admin: session.admin(),
    userAvatar: session.userAvatar(),
  };
}
