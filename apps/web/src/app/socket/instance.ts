import { currentLocale } from '../i18n/index.ts';
import { session } from '../storage.ts';
import { showToast } from '../toast/toast-store.ts';
import { GeneralSocket } from './general-socket.ts';
import { fetchSocketTicket } from './ticket.ts';

/** The app's one general socket: stored token (opened with tickets of it), current locale, the HTTP toaster. */
export const generalSocket = new GeneralSocket({
  getToken: session.token,
  getTicket: fetchSocketTicket,
  getLocale: currentLocale,
  notify: (kind, title, lines) => showToast(kind, title, lines),
});
