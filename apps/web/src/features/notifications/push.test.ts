import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeString } from '../../app/storage.ts';
import { fail, ok, stubFetch } from '../../test/fetch-stub.ts';
import { PushError, startPushFlow, subscribePush, toBase64Url, unsubscribePush } from './push.ts';
import { ENDPOINT, PUBLIC_KEY, stubPush } from './push-stub.ts';
import { PUSH_OPTED_OUT_KEY } from './push-support.ts';

function server(subscribed = false) {
  return stubFetch({
    'POST /v1/web-push/check-subscription': [ok({ subscribed })],
    'GET /v1/web-push/public-key': [ok({ publicKey: PUBLIC_KEY })],
    'POST /v1/web-push/register': [ok({ message: 'ok' })],
    'POST /v1/web-push/unsubscribe': [ok({ message: 'ok' })],
  });
}

describe('web push', () => {
  let browser: ReturnType<typeof stubPush> | undefined;

  beforeEach(() => {
    writeString(STORAGE_KEYS.token, 'org-token');
    sessionStorage.clear();
    vi.useFakeTimers();
  });

  afterEach(() => {
    browser?.remove();
    browser = undefined;
  });

  it('asks about 1 s after load and subscribes 0.5 s after the grant', async () => {
    browser = stubPush({ permission: 'default', answer: 'granted' });
    const { callsTo } = server();
    const stop = startPushFlow();
    await vi.advanceTimersByTimeAsync(999);
    expect(browser.Notification.requestPermission).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.Notification.requestPermission).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(callsTo('POST', '/v1/web-push/register')).toHaveLength(1));
    const [options] = browser.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect(toBase64Url((options.applicationServerKey as Uint8Array<ArrayBuffer>).buffer)).toBe(PUBLIC_KEY);
    expect(callsTo('POST', '/v1/web-push/register')[0]?.body).toEqual({
      endpoint: ENDPOINT,
      p256dh: `${'-_v7'.repeat(21)}-_s`,
      auth: `${'_'.repeat(21)}w`,
    });
    stop();
  });

  it('leaves a subscribed browser as it is, and asks nothing once the choice is made', async () => {
    browser = stubPush({ permission: 'granted', subscribed: true });
    const { callsTo } = server(true);
    startPushFlow();
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(callsTo('POST', '/v1/web-push/check-subscription')).toHaveLength(1));
    expect(callsTo('POST', '/v1/web-push/check-subscription')[0]?.body).toEqual({ endpoint: ENDPOINT });
    await vi.advanceTimersByTimeAsync(5000);
    expect(browser.Notification.requestPermission).not.toHaveBeenCalled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('does not subscribe again in a session where the user turned push off', async () => {
    browser = stubPush({ permission: 'granted', subscribed: true });
    const { callsTo } = server(true);
    await unsubscribePush();
    expect(callsTo('POST', '/v1/web-push/unsubscribe')[0]?.body).toEqual({ endpoint: ENDPOINT });
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    expect(sessionStorage.getItem(PUSH_OPTED_OUT_KEY)).toBe('1');
    startPushFlow();
    await vi.advanceTimersByTimeAsync(5000);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(callsTo('POST', '/v1/web-push/check-subscription')).toHaveLength(0);
  });

  it('does nothing where push is not supported or was refused', async () => {
    const { calls } = server();
    startPushFlow();
    browser = stubPush({ permission: 'denied' });
    startPushFlow();
    await vi.advanceTimersByTimeAsync(5000);
    expect(browser.Notification.requestPermission).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('names what failed, with the server error when there is one', async () => {
    await expect(subscribePush()).rejects.toMatchObject({ reason: 'unsupported' });
    browser = stubPush({ permission: 'default', answer: 'denied' });
    await expect(subscribePush()).rejects.toMatchObject({ reason: 'denied' });
    browser.Notification.permission = 'granted';
    stubFetch({ 'GET /v1/web-push/public-key': [fail(503, 'web push is not configured')] });
    const error = await subscribePush().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PushError);
    expect(error).toMatchObject({ reason: 'publicKey', serverError: 'web push is not configured' });
  });
});
