import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser, loginUser, PASSWORD } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('changing the e-mail address', () => {
  it('changes it only when the link mailed to the new address is opened', async () => {
    const me = await createUser(t);
    const token = await loginUser(t, me.username);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/v1/self/email',
      headers: bearer(token),
      payload: { email: 'fresh@example.com', password: PASSWORD },
    });
    expect(json(asked).data.message).toBe('a confirmation link has been sent to the new address');
    expect(json(await t.app.inject({ method: 'GET', url: '/v1/self', headers: bearer(token) })).data.email).toBe(
      me.email,
    );

    const link = t.mail.tokenFor('fresh@example.com', '/auth/confirm-email');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/confirm-email',
      payload: { token: link },
    });
    expect(json(confirmed).data.message).toBe('your e-mail address has been changed');
    expect(json(await t.app.inject({ method: 'GET', url: '/v1/self', headers: bearer(token) })).data.email).toBe(
      'fresh@example.com',
    );
    expect(await loginUser(t, 'fresh@example.com')).toEqual(expect.any(String));
    const again = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/confirm-email',
      payload: { token: link },
    });
    expect(json(again).error).toBe('invalid verification token');
  });

  it('needs the current password and a free, different address', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const token = await loginUser(t, me.username);
    const ask = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/v1/self/email', headers: bearer(token), payload });
    expect(json(await ask({ email: 'x@example.com', password: 'wrong password' })).fields).toEqual({
      password: 'the current password is incorrect',
    });
    expect(json(await ask({ email: other.email.toUpperCase(), password: PASSWORD })).fields).toEqual({
      email: 'this e-mail address is already registered',
    });
    expect(json(await ask({ email: me.email, password: PASSWORD })).fields).toEqual({
      email: 'this is already your e-mail address',
    });
    expect(json(await ask({ email: 'not-an-address', password: PASSWORD })).fields).toEqual({
      email: 'invalid email format',
    });
    expect(t.mail.sent).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/self/email',
          payload: { email: 'y@example.com', password: PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses the change if the address was taken before the link was opened', async () => {
    const me = await createUser(t);
    const token = await loginUser(t, me.username);
    await t.app.inject({
      method: 'POST',
      url: '/v1/self/email',
      headers: bearer(token),
      payload: { email: 'race@example.com', password: PASSWORD },
    });
    await createUser(t, { email: 'race@example.com' });
    const link = t.mail.tokenFor('race@example.com', '/auth/confirm-email');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/confirm-email',
      payload: { token: link },
    });
    expect(confirmed.statusCode).toBe(409);
    expect(json(await t.app.inject({ method: 'GET', url: '/v1/self', headers: bearer(token) })).data.email).toBe(
      me.email,
    );
  });
});
