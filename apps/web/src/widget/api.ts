import type { WebchatMessage, WebchatVisitor } from '@omnichat/contracts';

/** The visitor token is this browser's identity for one channel, kept across pages and visits. */
const storageKey = (key: string) => `omnichat:webchat:${key}`;

export class VisitorGone extends Error {}

/**
 * The widget's calls to the public web-chat API of the server it was loaded from. Types only come from the
 * contracts: the widget stays a few kilobytes, without the app's libraries.
 */
export function createWidgetApi(origin: string, key: string, storage: Storage = localStorage) {
  const base = `${origin}/public/v1/webchat/${encodeURIComponent(key)}`;
  let token = storage.getItem(storageKey(key));

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    const envelope = (await response.json().catch(() => null)) as { success?: boolean; data?: T; error?: string };
    if (response.status === 401) {
      forget();
      throw new VisitorGone(envelope?.error ?? 'unauthorized');
    }
    if (!response.ok || !envelope?.success) throw new Error(envelope?.error ?? `HTTP ${response.status}`);
    return envelope.data as T;
  }

  function forget() {
    token = null;
    storage.removeItem(storageKey(key));
  }

  return {
    get started() {
      return token !== null;
    },
    config: () => call<{ name: string }>(''),
    async start() {
      const visitor = await call<WebchatVisitor>('/visitors', { method: 'POST', body: '{}' });
      token = visitor.visitor_token;
      storage.setItem(storageKey(key), token);
    },
    messages: (afterSeq: number) => call<WebchatMessage[]>(`/messages?after_seq=${afterSeq}`),
    send: (text: string, clientId: string) =>
      call<WebchatMessage>('/messages', { method: 'POST', body: JSON.stringify({ text, client_id: clientId }) }),
    /** The live thread; EventSource reconnects by itself and sends the last event id back. */
    events: (afterSeq: number) =>
      new EventSource(`${base}/events?token=${encodeURIComponent(token ?? '')}&after_seq=${afterSeq}`),
  };
}
export type WidgetApi = ReturnType<typeof createWidgetApi>;
