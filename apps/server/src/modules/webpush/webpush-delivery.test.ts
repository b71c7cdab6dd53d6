import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  decryptPush,
  type FakePushService,
  startFakePushService,
  verifyVapid,
} from '../../../test/fakes/push-service.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import type { Tx } from '../../platform/db/database.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { pushToUser } from './index.ts';
import { webPushClient } from './test-helpers.ts';
import { sendBackoffMs } from './webpush.job.ts';
import { pushSubscriptions } from './webpush.tables.ts';

let push: FakePushService;
let t: TestApp;
let c: ReturnType<typeof webPushClient>;
beforeAll(async () => {
  push = await startFakePushService();
});
afterAll(() => push.close());
beforeEach(async () => {
  push.reset();
  // the fake push service is on loopback
  t = await createTestApp({ OUTBOUND_HTTP_ALLOW_PRIVATE: 'true' }, { outbound: { ca: push.ca } });
  c = webPushClient(t, push);
});
afterEach(() => t.close());

const PAYLOAD = { title: 'New message', body: 'Ada: hello ✓', url: '/conversations/1', notification_id: 'n-1' };
const sendJobs = () =>
  t.database.unsafeCrossTenant('test reads the jobs table', (tx) =>
    tx.select().from(jobs).where(eq(jobs.name, 'webpush.send')),
  );

describe('web push delivery', () => {
  it('encrypts the notification to the browser and signs it with VAPID for the endpoint origin', async () => {
    const { user, token } = await c.signedIn();
    const { subscriber, endpoint } = await c.subscribe(token);
    const publicKey = json(await c.call('public-key', token)).data.publicKey;

    await pushToUser(c.ctx(), user.id, PAYLOAD);
    expect(push.requests).toEqual([]); // queued: the caller never waits for a push service
    await t.app.jobs.drain();

    expect(push.requests).toHaveLength(1);
    const request = push.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(new URL(endpoint).pathname);
    expect(request.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400' });
    expect(JSON.parse(decryptPush(request.body, subscriber))).toEqual(PAYLOAD);
    const vapid = verifyVapid(request.headers.authorization);
    expect(vapid.key).toBe(publicKey);
    expect(vapid.claims).toMatchObject({ aud: new URL(endpoint).origin, sub: 'mailto:admin@localhost' });
    expect(vapid.claims.exp).toBeGreaterThan(Date.now() / 1000);

    const [row] = await t.database.db.select().from(pushSubscriptions);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    // the finished job keeps no text of the notification
    const [job] = await sendJobs();
    expect(job).toMatchObject({ status: 'done', payload: { subscription_id: row?.id, notification_id: 'n-1' } });
    expect(JSON.stringify(job?.payload)).not.toContain('Ada');
  });

  it('sends one push per browser of the user, and none to a user without one', async () => {
    const me = await c.signedIn();
    const other = await c.signedIn();
    const browsers = [await c.subscribe(me.token), await c.subscribe(me.token)];
    await pushToUser(c.ctx(), other.user.id, PAYLOAD);
    await pushToUser(c.ctx(), me.user.id, PAYLOAD);
    await t.app.jobs.drain();
    expect(push.requests.map((request) => request.path).sort()).toEqual(
      browsers.map((browser) => new URL(browser.endpoint).pathname).sort(),
    );
  });

  it('sends nothing to a browser that subscribed for another user after the push was queued', async () => {
    const me = await c.signedIn();
    const other = await c.signedIn();
    const { subscriber, endpoint } = await c.subscribe(me.token);
    await pushToUser(c.ctx(), me.user.id, PAYLOAD);
    await c.call('register', other.token, { endpoint, p256dh: subscriber.p256dh, auth: subscriber.auth });
    await t.app.jobs.drain();
    expect(push.requests).toEqual([]);
  });

  it('removes a subscription the push service says is gone (410), keeps one it refuses otherwise (400)', async () => {
    const { user, token } = await c.signedIn();
    const gone = await c.subscribe(token);
    push.answer(410);
    await pushToUser(c.ctx(), user.id, PAYLOAD);
    await t.app.jobs.drain();
    expect(await c.isSubscribed(token, gone.endpoint)).toBe(false);

    const refused = await c.subscribe(token);
    push.answer(400);
    await pushToUser(c.ctx(), user.id, PAYLOAD);
    await t.app.jobs.drain();
    expect(await c.isSubscribed(token, refused.endpoint)).toBe(true);
    expect((await sendJobs()).map((job) => job.status)).toEqual(['done', 'done']);
  });

  it('retries after a 503 with backoff, then delivers', async () => {
    const { user, token } = await c.signedIn();
    const { subscriber } = await c.subscribe(token);
    push.answer(503);
    await pushToUser(c.ctx(), user.id, PAYLOAD);
    await t.app.jobs.drain();
    expect(push.requests).toHaveLength(1);
    expect(await sendJobs()).toMatchObject([
      { status: 'queued', attempts: 1, lastError: expect.stringContaining('503') },
    ]);

    await t.app.jobs.drain(); // not due before its backoff
    expect(push.requests).toHaveLength(1);
    t.clock.advance(sendBackoffMs(1));
    await t.app.jobs.drain();
    expect(push.requests).toHaveLength(2);
    expect(JSON.parse(decryptPush(push.requests[1]!.body, subscriber))).toEqual(PAYLOAD);
    expect(await sendJobs()).toMatchObject([{ status: 'done', attempts: 2 }]);
  });

  it('retries when the push service cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const { user, token } = await c.signedIn();
    await c.subscribe(token, `https://127.0.0.1:${port}/push/unreachable`);
    await pushToUser(c.ctx(), user.id, PAYLOAD);
    await t.app.jobs.drain();
    expect(await sendJobs()).toMatchObject([{ status: 'queued', attempts: 1 }]);
  });

  it("queues with the caller's organization transaction: nothing when it rolls back", async () => {
    const owner = await createOwner(t);
    await c.subscribe(owner.userToken);
    const inOrganization = (work: (tx: Tx) => Promise<void>) => t.database.withWorkspace(owner.workspaceId, work);
    const rolledBack = inOrganization(async (tx) => {
      await pushToUser(c.ctx(), owner.user.id, PAYLOAD, { tx });
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await sendJobs()).toEqual([]);
    await inOrganization((tx) => pushToUser(c.ctx(), owner.user.id, PAYLOAD, { tx }));
    expect(await sendJobs()).toMatchObject([{ workspaceId: owner.workspaceId }]);
    await t.app.jobs.drain();
    expect(push.requests).toHaveLength(1);
  });
});
