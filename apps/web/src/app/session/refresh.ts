import type { Admin, WorkspaceMember } from '@omnichat/contracts';
import { currentLocale } from '../i18n/index.ts';
import { STORAGE_KEYS, session, storeAdmin, storeWorkspaceMember, writeString } from '../storage.ts';

async function postJson<T>(path: string, body: unknown): Promise<T | null> {
  const token = session.token();
  const response = await fetch(path, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Locale': currentLocale(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) return null;
  const envelope = (await response.json().catch(() => null)) as { success?: boolean; data?: T } | null;
  return envelope?.success === true && envelope.data ? envelope.data : null;
}

/** The id of the organization the user works in (the stored member record, or the stored choice). */
export const currentWorkspaceId = () => session.workspaceMember()?.workspace.id ?? session.workspaceId();

/**
 * Token refresh run by the HTTP client after a 401 (SPEC 7): a workspace user refreshes with
 * {token, workspace_id}, a system admin with {token}. Refused when workspace or token is missing.
 */
export async function refreshSession(): Promise<boolean> {
  const token = session.token();
  if (!token) return false;
  try {
    if (session.loginType() === 'system_admin') {
      const data = await postJson<{ admin: Admin; token: string }>('/v1/admin/auth/refresh-token', { token });
      if (!data?.token) return false;
      writeString(STORAGE_KEYS.token, data.token);
      if (data.admin) storeAdmin(data.admin);
      return true;
    }
    const workspaceId = currentWorkspaceId();
    if (!workspaceId) return false;
    const data = await postJson<{ workspace: WorkspaceMember; token: string }>('/v1/auth/refresh-token', {
      token,
      workspace_id: workspaceId,
    });
    if (!data?.token) return false;
    writeString(STORAGE_KEYS.token, data.token);
    if (data.workspace) storeWorkspaceMember(data.workspace);
    return true;
  } catch (error) {
    console.warn('token refresh failed', error);
    return false;
  }
}
