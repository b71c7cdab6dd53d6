import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { translate } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSubscriber, type FakePushService, startFakePushService } from '../../../test/fakes/push-service.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { pushToUser } from './index.ts';
import { webPushClient } from './test-helpers.ts';
import { pushSubscriptions } from './webpush.tables.ts';

/*
 * Push endpoints come from browsers, so from anyone signed in: the server posts only over https to public
 * addresses (OUTBOUND_HTTP_ALLOW_PRIVATE unset here), and a refused endpoint is never sent to nor removed, so a
 * 404 or 410 from an internal service can tell nobody anything.
 */

const NAME_ON_LOOPBACK = 'push.example.test';
let push: FakePushService;
/** an internal service on loopback over plain http, answering "gone" to anything */
const internal = { requests: [] as IncomingMessage[], url: '' };
const internalServer = createServer((request, response) => {
  internal.requests.push(request);
  response.writeHead(410).end();
});
let t: TestApp;
let c: ReturnType<typeof webPushClient>;
beforeAll(async () => {
  push = await startFakePushService([NAME_ON_LOOPBACK]);
  await new Promise<void>((resolve) => internalServer.listen(0, '127.0.0.1', resolve));
  internal.url = `http://127.0.0.1:${(internalServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  internalServer.closeAllConnections();
  internalServer.close();
  await push.close();
});
beforeEach(async () => {
  push.reset();
  internal.requests.length = 0;
  t = await createTestApp(
    {},
    {
      outbound: {
        ca: push.ca,
        resolve: async (name) => (name === NAME_ON_LOOPBACK ? [{ address: '127.0.0.1', family: 4 }] : []),
      },
    },
  );
  c = webPushClient(t, push);
});
afterEach(() => t.close());

const PAYLOAD = { title: 'New message', body: 'Ada: hello', url: '/conversations/1' };
const sendJobs = () =>
  t.database.unsafeCrossTenant('test reads the jobs table', (tx) =>
    tx.select().from(jobs).where(eq(jobs.name, 'webpush.send')),
  );

describe('push endpoints', () => {
  it('refuses an endpoint that is not https or is on a loopback, private or link-local address', async () => {
    const { token } = await c.signedIn();
    const subscriber = createSubscriber();
    for (const endpoint of [
      `${internal.url}/push/x`,
      'http://fcm.googleapis.com/fcm/send/abc',
      `https://127.0.0.1:${push.port}/push/x`,
      'https://2130706433/push/x',
      'https://[::1]/push/x',
      'https://[::ffff:127.0.0.1]/push/x',
      'https://10.0.0.7/push/x',
      'https://192.168.1.20/push/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/push/x',
    ]) {
      const response = await c.call('register', token, { endpoint, p256dh: subscriber.p256dh, auth: subscriber.auth });
      expect(response.statusCode, endpoint).toBe(400);
      expect(json(response)).toMatchObject({
        success: false,
        error: translate('push_endpoint_refused', 'en'),
        fields: { endpoint: translate('push_endpoint_refused', 'en') },
      });
    }
    const inHongKong = await t.app.inject({
      method: 'POST',
      url: '/v1/web-push/register',
      headers: { ...bearer(token), 'x-locale': 'zh-hk' },
      payload: { endpoint: `${internal.url}/push/x`, p256dh: subscriber.p256dh, auth: subscriber.auth },
    });
    expect(json(inHongKong).error).toBe(translate('push_endpoint_refused', 'zh-hk'));
    expect(await t.database.db.select().from(pushSubscriptions)).toEqual([]);
    expect(internal.requests).toHaveLength(0);
  });

  it('never sends to a stored endpoint on a refused address, and its 410 deletes nothing', async () => {
    const { user } = await c.signedIn();
    const keys = createSubscriber();
    // subscriptions stored before the rule: plain http on loopback, and https on a loopback address
    const stored = [`${internal.url}/push/legacy`, `https://127.0.0.1:${push.port}/push/legacy`];
    await t.database.db
      .insert(pushSubscriptions)
      .values(stored.map((endpoint) => ({ userId: user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })));
    push.answer(410);

    await pushToUser(c.ctx(), user.id, PAYLOAD);
    await t.app.jobs.drain();

    expect(internal.requests).toHaveLength(0);
    expect(push.requests).toHaveLength(0);
    const kept = await t.database.db.select().from(pushSubscriptions);
    expect(kept.map((row) => row.endpoint).sort()).toEqual([...stored].sort());
    // given up at once: nothing is retried against a refused address
    expect(await sendJobs()).toMatchObject([
      { status: 'done', attempts: 1 },
      { status: 'done', attempts: 1 },
    ]);
  });

  it('refuses at send an https endpoint whose name resolves to loopback', async () => {
    const { user, token } = await c.signedIn();
    const { endpoint } = await c.subscribe(token, `https://${NAME_ON_LOOPBACK}:${push.port}/push/by-name`);
    push.answer(410);
    await pushToUser(c.ctx(), user.id, PAYLOAD);
    await t.app.jobs.drain();
    expect(push.requests).toHaveLength(0);
    expect(await c.isSubscribed(token, endpoint)).toBe(true);
  });
});
