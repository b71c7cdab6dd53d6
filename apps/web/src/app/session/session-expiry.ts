import { STORAGE_KEYS, session, writeString } from '../storage.ts';

type Navigate = (path: string) => void;

let navigate: Navigate = (path) => {
  if (typeof window !== 'undefined') window.location.assign(path);
};

/** The router registers itself here so that session expiry navigates without a reload. */
export function setSessionNavigator(next: Navigate): void {
  navigate = next;
}

export const loginPathFor = (loginType: string | null) =>
  loginType === 'system_admin' ? '/auth/admin/login' : '/auth/login';

/** A final 401: the token is cleared and the user goes to the login route (SPEC 4). */
export function expireSession(): void {
  const loginType = session.loginType();
  writeString(STORAGE_KEYS.token, null);
  navigate(loginPathFor(loginType));
}

export function navigateTo(path: string): void {
  navigate(path);
}
