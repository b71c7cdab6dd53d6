import { eq, ne } from 'drizzle-orm';
import { joinAs } from '../../../test/members.ts';
import { bearer, type TestApp } from '../../../test/test-app.ts';
import { workspaceMembers } from '../../platform/identity/workspaces.tables.ts';
import { auditLogs } from '../audit/audit.tables.ts';

export function requests(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
  return {
    get: (url: string, token: string) => call('GET', url, token),
    post: (url: string, token: string, payload: object) => call('POST', url, token, payload),
    put: (url: string, token: string, payload: object) => call('PUT', url, token, payload),
    del: (url: string, token: string) => call('DELETE', url, token),
  };
}

/** Adds a new user to a workspace with a role and returns a token bound to it and the member id. */
export async function join(
  t: TestApp,
  workspaceId: string,
  role: 'admin' | 'member' | 'viewer',
  permissions: string[] = [],
) {
  const joined = await joinAs(t, workspaceId, role, permissions);
  return { user: joined.user, memberId: joined.member.id, token: joined.token };
}

export async function ownerMemberId(t: TestApp, workspaceId: string) {
  const [row] = await t.database.withWorkspace(workspaceId, (tx) =>
    tx.select().from(workspaceMembers).where(eq(workspaceMembers.role, 'owner')),
  );
  return row!.id;
}

/**
 * The organization's audit entries after its creation (which every log starts with), oldest first, once the event
 * deliveries that write some of them ran.
 */
export async function auditOf(t: TestApp, workspaceId: string) {
  await t.app.jobs.drain();
  return t.database.withWorkspace(workspaceId, (tx) =>
    tx.select().from(auditLogs).where(ne(auditLogs.action, 'workspace.create')).orderBy(auditLogs.createdAt),
  );
}
