import { ECDH } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSubscriber, type FakePushService, startFakePushService } from '../../../test/fakes/push-service.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { platformSecrets } from '../../platform/db/secrets.tables.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { webPushClient } from './test-helpers.ts';
import { vapidSubject } from './vapid.ts';
import { MAX_SUBSCRIPTIONS_PER_USER } from './webpush.service.ts';
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

describe('web push subscriptions', () => {
  it('registers, checks and unsubscribes a browser, with or without an organization-bound token', async () => {
    const owner = await createOwner(t);
    const { endpoint } = await c.subscribe(owner.userToken);
    expect(await c.isSubscribed(owner.userToken, endpoint)).toBe(true);
    expect(await c.isSubscribed(owner.token, endpoint)).toBe(true);
    expect(await c.isSubscribed(owner.token, push.endpoint())).toBe(false);

    const removed = await c.call('unsubscribe', owner.token, { endpoint });
    expect(removed.statusCode).toBe(200);
    expect(json(removed)).toEqual({ success: true, data: { message: expect.any(String) } });
    expect(await c.isSubscribed(owner.userToken, endpoint)).toBe(false);
  });

  it('answers 401 without a token', async () => {
    const subscriber = createSubscriber();
    const endpoint = push.endpoint();
    for (const [path, payload] of [
      ['public-key', undefined],
      ['check-subscription', { endpoint }],
      ['register', { endpoint, p256dh: subscriber.p256dh, auth: subscriber.auth }],
      ['unsubscribe', { endpoint }],
    ] as const) {
      const response = await c.call(path, undefined, payload);
      expect(response.statusCode, path).toBe(401);
      expect(json(response)).toMatchObject({ success: false, error: expect.any(String) });
    }
    expect(await t.database.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('keeps my subscription from other users, until my browser subscribes for one of them', async () => {
    const me = await c.signedIn();
    const other = await c.signedIn();
    const { subscriber, endpoint } = await c.subscribe(me.token);
    expect(await c.isSubscribed(other.token, endpoint)).toBe(false);
    expect((await c.call('unsubscribe', other.token, { endpoint })).statusCode).toBe(200);
    expect(await c.isSubscribed(me.token, endpoint)).toBe(true);

    // the same browser, signed in as the other user now
    const keys = { p256dh: subscriber.p256dh, auth: subscriber.auth };
    expect((await c.call('register', other.token, { endpoint, ...keys })).statusCode).toBe(200);
    expect(await c.isSubscribed(me.token, endpoint)).toBe(false);
    expect(await c.isSubscribed(other.token, endpoint)).toBe(true);
    const rows = await t.database.db.select().from(pushSubscriptions);
    expect(rows.map((row) => row.userId)).toEqual([other.user.id]);
  });

  it('refuses bad bodies with 400 and the error envelope', async () => {
    const { token } = await c.signedIn();
    const good = createSubscriber();
    const offCurve = Buffer.from(good.p256dh, 'base64url');
    offCurve[40] = (offCurve[40] ?? 0) ^ 1;
    const endpoint = push.endpoint();
    const bad: [string, object][] = [
      ['register', {}],
      ['register', { endpoint: 'not a url', p256dh: good.p256dh, auth: good.auth }],
      ['register', { endpoint: 'ftp://push.example/x', p256dh: good.p256dh, auth: good.auth }],
      ['register', { endpoint, p256dh: 'not base64url!', auth: good.auth }],
      ['register', { endpoint, p256dh: offCurve.toString('base64url'), auth: good.auth }],
      ['register', { endpoint, p256dh: good.p256dh, auth: 'AAAAAAAAAAAA' }],
      ['check-subscription', {}],
      ['unsubscribe', { endpoint: 42 }],
    ];
    for (const [path, payload] of bad) {
      const response = await c.call(path, token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(response)).toMatchObject({ success: false, error: expect.any(String), trace_id: expect.any(String) });
    }
    expect(await t.database.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it("keeps a user's newest subscriptions only", async () => {
    const { token } = await c.signedIn();
    const first = await c.subscribe(token);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_USER; i += 1) await c.subscribe(token);
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(await c.isSubscribed(token, first.endpoint)).toBe(false);
  });
});

describe('VAPID keys', () => {
  it('answers a P-256 public key, the same from every app on the database and after a restart', async () => {
    const { token } = await c.signedIn();
    const keyOf = async (app: AppInstance) =>
      json(await app.inject({ method: 'GET', url: '/v1/web-push/public-key', headers: bearer(token) })).data
        .publicKey as string;
    const second = await buildApp({ config: t.config, database: t.database });
    await second.ready();
    // both apps need the keys at once, before any are stored: one pair wins
    const [key, secondKey] = await Promise.all([keyOf(t.app), keyOf(second)]);
    await second.close();
    expect(key).toMatch(/^[\w-]+$/);
    const point = Buffer.from(key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(() => ECDH.convertKey(point, 'prime256v1')).not.toThrow();
    expect(secondKey).toBe(key);

    const restarted = await buildApp({ config: t.config, database: t.database });
    await restarted.ready();
    expect(await keyOf(restarted)).toBe(key);
    await restarted.close();

    const rows = await t.database.db.select().from(platformSecrets).where(eq(platformSecrets.name, 'web_push_vapid'));
    expect(rows).toHaveLength(1);
    const stored = JSON.parse(rows[0]!.value);
    expect(stored.publicKey).toBe(key);
    expect(stored.privateKey).toMatch(/^enc:v1:/);
  });

  it("signs as the SMTP sender's address, or admin@localhost", async () => {
    const subject = (sender: string) =>
      vapidSubject({ values: async () => ({ 'smtp.sender': sender }) } as unknown as Parameters<
        typeof vapidSubject
      >[0]);
    expect(await subject('OmniChat <support@chat.test>')).toBe('mailto:support@chat.test');
    expect(await subject('ops@chat.test')).toBe('mailto:ops@chat.test');
    expect(await subject('')).toBe('mailto:admin@localhost');
    expect(await subject('OmniChat')).toBe('mailto:admin@localhost');
  });
});
