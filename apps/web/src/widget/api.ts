import type {
  WebchatConfig,
  WebchatConversation,
  WebchatMessage,
  WebchatVisitor,
  WebchatVisitorBody,
} from '@omnichat/contracts';

/** The visitor token is this browser's identity for one channel, kept across pages and visits. */
const storageKey = (key: string) => `omnichat:webchat:${key}`;

export class VisitorGone extends Error {}
/** The server refused the call: its message, in the visitor's language, and the fields it names. */
export class Refused extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The widget's calls to the public web-chat API of the server it was loaded from. Types only come from the
 * contracts: the widget stays a few kilobytes, without the app's libraries.
 */
export function createWidgetApi(origin: string, key: string, locale: string, storage: Storage = localStorage) {
  const base = `${origin}/public/v1/webchat/${encodeURIComponent(key)}`;
  let token = storage.getItem(storageKey(key));

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: {
        'x-locale': locale,
        ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    const envelope = (await response.json().catch(() => null)) as {
      success?: boolean;
      data?: T;
      error?: string;
      fields?: Record<string, string>;
    } | null;
    if (response.status === 401) {
      forget();
      throw new VisitorGone(envelope?.error ?? 'unauthorized');
    }
    if (!response.ok || !envelope?.success)
      throw new Refused(envelope?.error ?? `HTTP ${response.status}`, envelope?.fields ?? {});
    return envelope.data as T;
  }
  const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body: JSON.stringify(body) });

  function forget() {
    token = null;
    storage.removeItem(storageKey(key));
  }

  return {
    get started() {
      return token !== null;
    },
    config: () => call<WebchatConfig>(''),
    /** A new visitor, with the pre-chat answers given. */
    async start(answers: WebchatVisitorBody = {}) {
      const visitor = await post<WebchatVisitor>('/visitors', answers);
      token = visitor.visitor_token;
      storage.setItem(storageKey(key), token);
    },
    messages: (afterSeq: number) => call<WebchatMessage[]>(`/messages?after_seq=${afterSeq}`),
    send: (body: { text?: string; attachment_id?: string }, clientId: string) =>
      post<WebchatMessage>('/messages', { ...body, client_id: clientId }),
    async upload(file: File) {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await call<{ id: string }>('/attachments', { method: 'POST', body: form })).id;
    },
    conversation: () => call<WebchatConversation | null>('/conversation'),
    rate: (score: number, comment: string) => post<WebchatConversation>('/rating', { score, comment }),
    contact: (email: string) => post<WebchatMessage>('/contact', { email }),
    /** A file's address that works in an `<img>` or a link, which send no header: the token in the query. */
    fileUrl: (url: string) => `${url}?token=${encodeURIComponent(token ?? '')}`,
    /** The live thread; EventSource reconnects by itself and sends the last event id back. */
    events: (afterSeq: number) =>
      new EventSource(`${base}/events?token=${encodeURIComponent(token ?? '')}&after_seq=${afterSeq}`),
  };
}
export type WidgetApi = ReturnType<typeof createWidgetApi>;
