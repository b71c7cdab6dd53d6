import { LIMITS, webPushEndpoints } from '@omnichat/contracts';
import { ApiError, http } from '../../app/http/index.ts';
import { isPushSupported, PUSH_OPTED_OUT_KEY } from './push-support.ts';

export type PushFailure = 'unsupported' | 'denied' | 'publicKey' | 'subscribe' | 'unsubscribe';

/** A failed push step: `reason` names the SPEC text, `serverError` is the server's error when it sent one. */
export class PushError extends Error {
  constructor(
    readonly reason: PushFailure,
    readonly serverError?: string,
  ) {
    super(serverError ?? reason);
    this.name = 'PushError';
  }
}

const serverErrorOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.message ? error.message : undefined;

export function toBase64Url(buffer: ArrayBuffer | null): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer ?? new ArrayBuffer(0))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** The app's service worker, registered here when the page did not (development serves without one). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const container = navigator.serviceWorker;
  if (!(await container.getRegistration())) await container.register('/sw.js');
  return container.ready;
}

/** Whether this browser's current subscription is registered for the signed-in user. */
export async function isPushSubscribed(): Promise<boolean> {
  if (!isPushSupported() || Notification.permission !== 'granted') return false;
  const subscription = await (await registration()).pushManager.getSubscription();
  if (!subscription) return false;
  const body = { endpoint: subscription.endpoint };
  return (await http.call(webPushEndpoints.checkSubscription, { body, silent: true })).subscribed;
}

/** Asks for permission when needed, subscribes with the server's key and registers the subscription. */
export async function subscribePush(): Promise<void> {
  if (!isPushSupported()) throw new PushError('unsupported');
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushError('denied');
  let publicKey: string;
  try {
    publicKey = (await http.call(webPushEndpoints.publicKey, { silent: true })).publicKey;
  } catch (error) {
    throw new PushError('publicKey', serverErrorOf(error));
  }
  if (!publicKey) throw new PushError('publicKey');
  try {
    const subscription = await (await registration()).pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(publicKey),
    });
    const body = {
      endpoint: subscription.endpoint,
      p256dh: toBase64Url(subscription.getKey('p256dh')),
      auth: toBase64Url(subscription.getKey('auth')),
    };
    await http.call(webPushEndpoints.register, { body, silent: true });
  } catch (error) {
    throw new PushError('subscribe', serverErrorOf(error));
  }
}

/** Turns push off for this browser; no automatic subscription follows in this session. */
export async function unsubscribePush(): Promise<void> {
  sessionStorage.setItem(PUSH_OPTED_OUT_KEY, '1');
  if (!isPushSupported()) throw new PushError('unsupported');
  try {
    const subscription = await (await registration()).pushManager.getSubscription();
    if (!subscription) return;
    await http.call(webPushEndpoints.unsubscribe, { body: { endpoint: subscription.endpoint }, silent: true });
    await subscription.unsubscribe();
  } catch (error) {
    throw new PushError('unsubscribe', serverErrorOf(error));
  }
}

/** Turns push back on from the settings page (and lifts this session's opt-out). */
export async function resubscribePush(): Promise<void> {
  await subscribePush();
  sessionStorage.removeItem(PUSH_OPTED_OUT_KEY);
}

/**
 * SPEC 4 after sign-in: asks for permission about 1 s after load while the choice is open, and once granted
 * subscribes about 0.5 s later when this browser is not subscribed yet, unless the user turned push off in this
 * session. Returns the cancel function.
 */
export function startPushFlow(): () => void {
  if (!isPushSupported()) return () => undefined;
  let cancelled = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const later = (ms: number, run: () => Promise<void>) =>
    timers.push(
      setTimeout(() => {
        if (!cancelled) void run();
      }, ms),
    );
  const autoSubscribe = async () => {
    if (sessionStorage.getItem(PUSH_OPTED_OUT_KEY)) return;
    try {
      if (!(await isPushSubscribed())) await subscribePush();
    } catch (error) {
      console.warn('web push not set up', error);
    }
  };
  if (Notification.permission === 'granted') later(LIMITS.pushAutoSubscribeDelayMs, autoSubscribe);
  else if (Notification.permission === 'default') {
    later(LIMITS.pushPermissionPromptDelayMs, async () => {
      if ((await Notification.requestPermission()) === 'granted') later(LIMITS.pushAutoSubscribeDelayMs, autoSubscribe);
    });
  }
  return () => {
    cancelled = true;
    for (const timer of timers) clearTimeout(timer);
  };
}
