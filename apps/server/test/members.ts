import { workspaceMembers } from '../src/platform/identity/workspaces.tables.ts';
import { createUser, signedIn } from './fixtures.ts';
import { json, type TestApp } from './test-app.ts';

/** Adds a new user to an organization with a role and returns them with a token bound to it. */
export async function joinAs(
  t: TestApp,
  workspaceId: string,
  role: 'owner' | 'admin' | 'member' | 'viewer',
  permissions: string[] = [],
) {
  const user = await createUser(t);
  const [member] = await t.database.withWorkspace(workspaceId, (tx) =>
    tx.insert(workspaceMembers).values({ workspaceId, userId: user.id, role, permissions }).returning(),
  );
  const userToken = await signedIn(t, user);
  const refreshed = await t.app.inject({
    method: 'POST',
    url: '/public/v1/auth/refresh-token',
    payload: { token: userToken, workspace_id: workspaceId },
  });
  return { user, member: member!, token: json(refreshed).data.token as string, userToken };
}
