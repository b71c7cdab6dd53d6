import {
  adminAuthEndpoints,
  authEndpoints,
  type GoogleLoginBody,
  type LoginBody,
  type ResponseOf,
  type SelfWorkspace,
  selfEndpoints,
} from '@omnichat/contracts';
import { ApiError, http } from '../http/index.ts';
import {
  clearWorkspaceMember,
  STORAGE_KEYS,
  session,
  storeAdmin,
  storeUser,
  storeWorkspaceMember,
  writeString,
} from '../storage.ts';
import { dismissToasts } from '../toast/toast-store.ts';

export type UserLoginOutcome = false | '/app/dashboard' | '/app/organization';

type UserLoginResult = ResponseOf<typeof authEndpoints.login>;

/** The stored choice when it is still one of the user's organizations, else the first (SPEC 4). */
export function pickWorkspace(workspaces: SelfWorkspace[], storedId: string | null): SelfWorkspace | undefined {
  return workspaces.find((workspace) => workspace.id === storedId) ?? workspaces[0];
}

/** Binds the token to an organization: stores the new token, member record, role flag and avatars. */
export async function refreshForWorkspace(workspaceId: string, endpoint: 'public' | 'signed-in'): Promise<boolean> {
  const token = session.token();
  if (!token || !workspaceId) return false;
  const refresh = endpoint === 'public' ? authEndpoints.refresh : authEndpoints.refreshSignedIn;
  const data = await http.call(refresh, { body: { token, workspace_id: workspaceId } });
  writeString(STORAGE_KEYS.token, data.token);
  storeWorkspaceMember(data.workspace);
  return true;
}

/** After a successful user login (password or Google): the flow of SPEC 4. */
async function completeUserLogin(result: UserLoginResult): Promise<UserLoginOutcome> {
  // the wrong-password (or rate-limit) toasts of the attempts before are answered now
  dismissToasts('error');
  writeString(STORAGE_KEYS.token, result.token);
  writeString(STORAGE_KEYS.loginType, 'system_user');
  writeString(STORAGE_KEYS.systemRole, 'system_user');
  writeString(STORAGE_KEYS.admin, null);
  storeUser(result.user);
  const workspaces = await http.call(selfEndpoints.workspaces);
  const chosen = pickWorkspace(workspaces, session.workspaceId());
  if (!chosen) {
    clearWorkspaceMember();
    writeString(STORAGE_KEYS.role, 'member');
    return '/app/organization';
  }
  writeString(STORAGE_KEYS.workspaceId, chosen.id);
  await refreshForWorkspace(chosen.id, 'public');
  return '/app/dashboard';
}

/** false on a failure the HTTP client toasted; one it left to the form's fields (`inlineFields`) is thrown on. */
async function guard<T>(run: () => Promise<T>): Promise<T | false> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && !error.toasted) throw error;
    console.warn('login failed', error);
    return false;
  }
}

/**
 * The server's words when the password was right but the account's e-mail is not verified yet (a 403 naming the
 * login field), else null.
 */
export function unverifiedLogin(error: unknown): string | null {
  return error instanceof ApiError && error.status === 403 ? (error.fields?.username_or_email ?? null) : null;
}

/**
 * Password login of an organization user: where to go next, or false when the HTTP client toasted why; an
 * unverified account's answer (`unverifiedLogin`) is thrown for the sign-in form to show in place.
 */
export function loginUser(body: LoginBody): Promise<UserLoginOutcome> {
  return guard(async () => completeUserLogin(await http.call(authEndpoints.login, { body, inlineFields: true })));
}

export function loginUserWithGoogle(body: GoogleLoginBody): Promise<UserLoginOutcome> {
  return guard(async () => completeUserLogin(await http.call(authEndpoints.googleLogin, { body })));
}

function storeAdminLogin(result: ResponseOf<typeof adminAuthEndpoints.login>): '/admin/dashboard' {
  dismissToasts('error');
  writeString(STORAGE_KEYS.token, result.token);
  writeString(STORAGE_KEYS.loginType, 'system_admin');
  writeString(STORAGE_KEYS.systemRole, 'system_admin');
  writeString(STORAGE_KEYS.role, result.admin.admin ? 'admin' : 'member');
  clearWorkspaceMember();
  writeString(STORAGE_KEYS.user, null);
  storeAdmin(result.admin);
  return '/admin/dashboard';
}

export function loginAdmin(body: LoginBody): Promise<'/admin/dashboard' | false> {
  return guard(async () => storeAdminLogin(await http.call(adminAuthEndpoints.login, { body })));
}

export function loginAdminWithGoogle(body: GoogleLoginBody): Promise<'/admin/dashboard' | false> {
  return guard(async () => storeAdminLogin(await http.call(adminAuthEndpoints.googleLogin, { body })));
}

/** Switching organization stores the choice and refreshes the token (SPEC 4). */
export function switchWorkspace(workspaceId: string): Promise<boolean> {
  writeString(STORAGE_KEYS.workspaceId, workspaceId);
  return guard(() => refreshForWorkspace(workspaceId, 'signed-in')).then((ok) => ok === true);
}

/** Logout: tells the server, then removes the stored token. */
export async function logout(kind: 'user' | 'admin'): Promise<string> {
  const endpoint = kind === 'admin' ? adminAuthEndpoints.logout : authEndpoints.logout;
  if (session.token()) await http.call(endpoint, { silent: true }).catch(() => undefined);
  writeString(STORAGE_KEYS.token, null);
  return kind === 'admin' ? '/auth/admin/login' : '/auth/login';
}
