import { currentLocale } from '../i18n/index.ts';
import { refreshSession } from '../session/refresh.ts';
import { expireSession } from '../session/session-expiry.ts';
import { session } from '../storage.ts';
import { showToast } from '../toast/toast-store.ts';
import { createHttpClient } from './client.ts';

export { ApiError, type HttpClient } from './client.ts';

/** The app's one HTTP client (SPEC 9): token + X-Locale on every call, one retry, toasts. */
export const http = createHttpClient({
  getToken: session.token,
  getLocale: currentLocale,
  refreshSession: () => refreshSession(),
  onSessionExpired: expireSession,
  notify: (kind, title, lines) => showToast(kind, title, lines),
});
