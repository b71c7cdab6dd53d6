import { currentLocale } from '../i18n/index.ts';
import { session } from '../storage.ts';
import { showToast } from '../toast/toast-store.ts';
import { GeneralSocket } from './general-socket.ts';

/** The app's one general socket: stored token, current locale, the HTTP client's toaster. */
export const generalSocket = new GeneralSocket({
  getToken: session.token,
  getLocale: currentLocale,
  notify: (kind, title, lines) => showToast(kind, title, lines),
});
