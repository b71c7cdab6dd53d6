import { vi } from 'vitest';

/** 65 bytes, as a VAPID public key is (base64url). */
export const PUBLIC_KEY = `B${'A'.repeat(86)}`;
export const ENDPOINT = 'https://push.example.com/send/abc';

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill).buffer;

interface PushStubOptions {
  permission?: NotificationPermission;
  /** what the permission prompt answers */
  answer?: NotificationPermission;
  /** the browser already holds a subscription */
  subscribed?: boolean;
}

/** A browser with a service worker, the Push API and notifications; `remove()` takes them away again. */
export function stubPush({ permission = 'default', answer = 'granted', subscribed = false }: PushStubOptions = {}) {
  const subscription = {
    endpoint: ENDPOINT,
    getKey: (name: string) => (name === 'p256dh' ? bytes(65, 0xfb) : bytes(16, 0xff)),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const NotificationStub = {
    permission,
    requestPermission: vi.fn(async () => {
      NotificationStub.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', NotificationStub);
  vi.stubGlobal('PushManager', class {});
  const container = {
    getRegistration: vi.fn(async () => registration),
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return {
    subscription,
    pushManager,
    Notification: NotificationStub,
    remove: () => Reflect.deleteProperty(navigator, 'serviceWorker'),
  };
}
