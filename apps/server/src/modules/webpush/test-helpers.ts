import { expect } from 'vitest';
import { createSubscriber, type FakePushService } from '../../../test/fakes/push-service.ts';
import { createUser, loginUser } from '../../../test/fixtures.ts';
import { bearer, json, type TestApp } from '../../../test/test-app.ts';
import type { AppContext } from '../../context.ts';

export function webPushClient(t: TestApp, push: FakePushService) {
  const call = (path: string, token?: string, payload?: object) =>
    t.app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/v1/web-push/${path}`,
      headers: token ? bearer(token) : {},
      ...(payload && { payload }),
    });
  return {
    call,
    async signedIn() {
      const user = await createUser(t);
      return { user, token: await loginUser(t, user.username) };
    },
    /** A new browser subscribed for the token's user, with an endpoint on the fake push service. */
    async subscribe(token: string, endpoint = push.endpoint()) {
      const subscriber = createSubscriber();
      const response = await call('register', token, { endpoint, p256dh: subscriber.p256dh, auth: subscriber.auth });
      expect(response.statusCode).toBe(200);
      return { subscriber, endpoint };
    },
    isSubscribed: async (token: string, endpoint: string): Promise<boolean> =>
      json(await call('check-subscription', token, { endpoint })).data.subscribed,
    /** what `pushToUser` uses of the app's context: the queue the app defined the send job on, and the database */
    ctx: () => ({ jobs: t.app.jobs, database: t.database }) as unknown as AppContext,
  };
}
