/** Whether this browser can receive web push (SPEC 4): a service worker, the Push API and notifications. */
export const isPushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

/** Set when the user turns push off on the settings page: no automatic subscription for the rest of the session. */
export const PUSH_OPTED_OUT_KEY = 'push_unsubscribed';
