import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser, loginUser } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('profile', () => {
  it('changes only the signed-in user, validating the display name and avatar', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const token = await loginUser(t, me.username);
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/v1/self', headers: bearer(token), payload });
    expect(json(await put({ display_name: ' Ada L. ', avatar: 'iVBORw0KGgo=' })).data).toMatchObject({
      display_name: 'Ada L.',
      avatar: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(json(await put({ display_name: '' })).fields).toEqual({ display_name: 'display name is required' });
    expect(json(await put({ display_name: 'x'.repeat(100) })).fields).toEqual({
      display_name: 'display name must be less than 100 characters',
    });
    const otherToken = await loginUser(t, other.username);
    expect(
      json(await t.app.inject({ method: 'GET', url: '/v1/self', headers: bearer(otherToken) })).data.display_name,
    ).toBe(other.username);
    expect((await t.app.inject({ method: 'PUT', url: '/v1/self', payload: { display_name: 'anon' } })).statusCode).toBe(
      401,
    );
  });
});
