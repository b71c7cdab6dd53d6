// OmniChat's service worker. The app shell (the page and its hashed scripts and styles) comes from the cache on
// repeat visits; API answers never do: they always come from the server. It also shows web push notifications.
const SHELL_CACHE = 'omnichat-shell-v2';
const API_PREFIXES = ['/v1/', '/public/', '/api/'];
/** the single-page app's page (every route but the public pages, which are HTML of their own) */
const SHELL = '/app';
const PUBLIC_PAGES = ['/', '/about', '/pricing'];
/** hashed files of earlier releases are dropped beyond this many */
const MAX_ENTRIES = 300;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== SHELL_CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') event.respondWith(pageFromNetworkFirst(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(assetFromCacheFirst(request));
});

/**
 * Every app route is the same page: the newest from the server, the cached one when offline. The public pages
 * (rendered at build time, without the app) are kept apart under their own address.
 */
async function pageFromNetworkFirst(request) {
  const { pathname } = new URL(request.url);
  const key = PUBLIC_PAGES.includes(pathname) ? pathname : SHELL;
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(SHELL_CACHE)).put(key, response.clone());
    return response;
  } catch (error) {
    const cached = (await caches.match(key)) ?? (await caches.match(SHELL));
    if (cached) return cached;
    throw error;
  }
}

/** Hashed files never change under their name: once cached, always right. */
async function assetFromCacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(SHELL_CACHE);
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(old);
  }
  return response;
}

/** A push of the server (contracts' PushPayload): shown with its title and body, its page kept for the click. */
self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = payload.title || 'OmniChat';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: payload.body || '',
      icon: '/favicon.svg',
      tag: payload.notification_id || undefined,
      data: { url: payload.url || '/app/dashboard' },
    }),
  );
});

/** A click focuses an open tab of the app and takes it to the notification's page, or opens a new tab there. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/app/dashboard', self.location.origin);
  event.waitUntil(
    (async () => {
      if (target.origin !== self.location.origin) return self.clients.openWindow(target.href);
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ours = tabs.filter((tab) => new URL(tab.url).origin === self.location.origin);
      const tab = ours.find((candidate) => candidate.focused) ?? ours[0];
      if (tab) {
        try {
          const focused = await tab.focus();
          if ((await focused.navigate(target.href)) !== null) return;
        } catch {
          // a tab this worker does not control cannot be navigated: a new one instead
        }
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});
