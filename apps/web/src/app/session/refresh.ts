import type { CallInput, Endpoint, ResponseOf } from '@omnichat/contracts';
import { currentLocale } from '../i18n/index.ts';
import { STORAGE_KEYS, session, storeAdmin, storeWorkspaceMember, writeString } from '../storage.ts';

/** The refresh call itself, outside the HTTP client (whose 401 handling runs it); null when refused. */
async function post<E extends Endpoint>(endpoint: E, body: CallInput<E> extends { body: infer B } ? B : never) {
  const token = session.token();
  const response = await fetch(endpoint.path, {
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
  const envelope = (await response.json().catch(() => null)) as { success?: boolean; data?: unknown } | null;
  if (envelope?.success !== true) return null;
  const parsed = endpoint.response.safeParse(envelope.data);
  if (!parsed.success) console.error(`${endpoint.path}: the answer does not match its contract`, parsed.error.issues);
  return parsed.success ? (parsed.data as ResponseOf<E>) : null;
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
      const { adminAuthEndpoints } = await import('../entry-endpoints.ts');
      const data = await post(adminAuthEndpoints.refreshSignedIn, { token });
      if (!data) return false;
      writeString(STORAGE_KEYS.token, data.token);
      storeAdmin(data.admin);
      return true;
    }
    const workspaceId = currentWorkspaceId();
    if (!workspaceId) return false;
    const { authEndpoints } = await import('../entry-endpoints.ts');
    const data = await post(authEndpoints.refreshSignedIn, { token, workspace_id: workspaceId });
    if (!data) return false;
    writeString(STORAGE_KEYS.token, data.token);
    storeWorkspaceMember(data.workspace);
    return true;
  } catch (error) {
    console.warn('token refresh failed', error);
    return false;
  }
}
