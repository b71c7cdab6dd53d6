import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner, createUser, loginUser, PASSWORD, userRow } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('sign-up, verification and login', () => {
  const signup = {
    username: 'alice',
    display_name: 'Alice',
    email: 'Alice@Example.com',
    password: 'long enough 1',
    confirm_password: 'long enough 1',
  };

  it('signs up, refuses login until the mailed link is opened, then signs in by username or e-mail', async () => {
    expect((await post('/public/v1/auth/register', signup)).statusCode).toBe(200);
    const before = await post('/public/v1/auth/login', { username_or_email: 'alice', password: 'long enough 1' });
    expect(before.statusCode).toBe(403);
    expect(json(before).error).toBe('please verify your e-mail address before signing in');
    // named after the login field: the sign-in form shows it in place (with its resend button), not as a toast
    expect(json(before).fields).toEqual({
      username_or_email: 'please verify your e-mail address before signing in',
    });

    const token = t.mail.tokenFor('Alice@Example.com', '/auth/verify');
    expect(t.mail.sent[0]!.text).toContain(`http://chat.test/auth/verify?token=`);
    expect((await post('/public/v1/auth/verify', { token })).statusCode).toBe(200);
    const again = await post('/public/v1/auth/verify', { token });
    expect(json(again)).toMatchObject({ success: false, error: 'invalid verification token' });
    expect(json(await post('/public/v1/auth/verify', { token: 'nope' })).error).toBe('verification token not found');

    const byName = await post('/public/v1/auth/login', { username_or_email: 'ALICE', password: 'long enough 1' });
    expect(byName.statusCode).toBe(200);
    expect(json(byName).data.user).toMatchObject({ username: 'alice', display_name: 'Alice', email_verified: true });
    expect(json(byName).data.token).toEqual(expect.any(String));
    const byEmail = await post('/public/v1/auth/login', {
      username_or_email: 'alice@example.com',
      password: 'long enough 1',
    });
    expect(byEmail.statusCode).toBe(200);
  });

  it('refuses a taken username or e-mail (any case) with a field message', async () => {
    await post('/public/v1/auth/register', signup);
    const sameName = await post('/public/v1/auth/register', {
      ...signup,
      username: 'ALICE',
      email: 'other@example.com',
    });
    expect(sameName.statusCode).toBe(409);
    expect(json(sameName).fields).toEqual({ username: 'this username is already taken' });
    const sameMail = await post('/public/v1/auth/register', {
      ...signup,
      username: 'alice2',
      email: 'alice@EXAMPLE.com',
    });
    expect(json(sameMail).fields).toEqual({ email: 'this e-mail address is already registered' });
  });

  it('validates sign-up with the spec messages', async () => {
    const response = await post('/public/v1/auth/register', {
      username: 'bad name!',
      display_name: '',
      email: 'not-an-email',
      password: 'short',
      confirm_password: 'different',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).fields).toMatchObject({
      username: 'username cannot contain special characters',
      display_name: 'display name is required',
      email: 'invalid email format',
      password: 'password must be at least 8 characters',
    });
    const mismatch = await post('/public/v1/auth/register', { ...signup, confirm_password: 'long enough 2' });
    expect(json(mismatch).fields).toEqual({ confirm_password: 'passwords do not match' });
  });

  it('tells an unverified account so only after the right password', async () => {
    const user = await createUser(t, { emailVerified: false });
    const wrong = await post('/public/v1/auth/login', { username_or_email: user.email, password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong).error).toBe('invalid username or password');
    expect(json(wrong).fields).toBeUndefined();
    const right = await post(
      '/public/v1/auth/login',
      { username_or_email: user.username, password: PASSWORD },
      { 'x-locale': 'zh-hk' },
    );
    expect(right.statusCode).toBe(403);
    expect(Object.keys(json(right).fields)).toEqual(['username_or_email']);
    expect(json(right).fields.username_or_email).toBe(json(right).error);
    expect(json(right).data).toBeUndefined();
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const user = await createUser(t);
    const wrong = await post('/public/v1/auth/login', { username_or_email: user.username, password: 'wrong password' });
    const unknown = await post('/public/v1/auth/login', { username_or_email: 'nobody', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong).error).toBe('invalid username or password');
    expect(json(unknown).error).toBe(json(wrong).error);
    expect(wrong.headers['x-trace-id']).toBe(json(wrong).trace_id);
  });

  it('answers in the X-Locale language', async () => {
    const hk = await post('/public/v1/auth/login', { username_or_email: 'x', password: 'y' }, { 'x-locale': 'zh-hk' });
    const cn = await post('/public/v1/auth/login', { username_or_email: 'x', password: 'y' }, { 'x-locale': 'zh-cn' });
    expect(json(hk).error).toBe('用戶名稱或密碼錯誤');
    expect(json(cn).error).toBe('用户名或密码错误');
  });
});

describe('login rate limits', () => {
  it('locks an account after repeated failures with a 429 and Retry-After, even for the right password', async () => {
    const limited = await createTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_IP: '100' });
    try {
      const user = await createUser(limited);
      const attempt = (password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/public/v1/auth/login',
          payload: { username_or_email: user.username, password },
        });
      for (let i = 0; i < 3; i++) expect((await attempt('wrong password')).statusCode).toBe(401);
      const blocked = await attempt(PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(json(blocked).error).toMatch(/^too many login attempts, please try again in \d+ seconds$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('limits attempts per IP across accounts', async () => {
    const limited = await createTestApp({ LOGIN_LIMIT_PER_IP: '2' });
    try {
      const attempt = (login: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/public/v1/auth/login',
          payload: { username_or_email: login, password: 'whatever1' },
        });
      await attempt('a');
      await attempt('b');
      expect((await attempt('c')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('workspace token refresh', () => {
  it('answers the member record with nested workspace and user, and a token bound to it', async () => {
    const owner = await createOwner(t, 'Acme');
    const response = await post('/public/v1/auth/refresh-token', {
      token: owner.userToken,
      workspace_id: owner.workspaceId,
    });
    expect(response.statusCode).toBe(200);
    const { workspace, token } = json(response).data;
    expect(workspace).toMatchObject({
      role: 'owner',
      active: true,
      workspace: { id: owner.workspaceId, name: 'Acme', user: { id: owner.user.id } },
    });
    expect(workspace.permissions).toContain('member_write');
    const self = await t.app.inject({ method: 'GET', url: '/v1/self/workspace', headers: bearer(token) });
    expect(json(self).data.name).toBe('Acme');
    const authed = await post('/v1/auth/refresh-token', { token, workspace_id: owner.workspaceId }, bearer(token));
    expect(authed.statusCode).toBe(200);
  });

  it("refuses another organization's id and missing fields", async () => {
    const owner = await createOwner(t);
    const stranger = await createOwner(t);
    const response = await post('/public/v1/auth/refresh-token', {
      token: stranger.userToken,
      workspace_id: owner.workspaceId,
    });
    expect(response.statusCode).toBe(403);
    expect(json(response).error).toBe('you are not a member of this organization');
    const missing = await post('/public/v1/auth/refresh-token', { workspace_id: owner.workspaceId });
    expect(json(missing).error).toBe('workspace and token are required');
  });
});

describe('password reset, change and logout', () => {
  it('resets a forgotten password through the mailed link and signs out old sessions', async () => {
    const user = await createUser(t);
    const oldToken = await loginUser(t, user.username);
    const sent = await post('/public/v1/auth/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await post('/public/v1/auth/forgot-password', { email: 'nobody@example.com' });
    expect(json(sent).data.message).toBe(json(unknown).data.message);
    await t.app.jobs.drain(); // the mail leaves from a job
    const token = t.mail.tokenFor(user.email, '/auth/reset-password');
    const reset = await post('/public/v1/auth/reset-password', {
      token,
      password: 'brand new pass',
      confirm_password: 'brand new pass',
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/self', headers: bearer(oldToken) })).statusCode).toBe(401);
    expect(await loginUser(t, user.username, 'brand new pass')).toEqual(expect.any(String));
    const reuse = await post('/public/v1/auth/reset-password', {
      token,
      password: 'another pass 1',
      confirm_password: 'another pass 1',
    });
    expect(json(reuse).error).toBe('invalid reset token');
    expect(
      json(
        await post('/public/v1/auth/reset-password', {
          token: 'x',
          password: 'another pass 1',
          confirm_password: 'another pass 1',
        }),
      ).error,
    ).toBe('reset token not found');
  });

  it('changes the password only with the old one, revoking other sessions', async () => {
    const user = await createUser(t);
    const first = await loginUser(t, user.username);
    const second = await loginUser(t, user.username);
    const wrongOld = await post(
      '/v1/auth/change-password',
      { old_password: 'not it at all', new_password: 'new password 1', confirm_password: 'new password 1' },
      bearer(first),
    );
    expect(wrongOld.statusCode).toBe(400);
    expect(json(wrongOld).fields).toEqual({ old_password: 'the current password is incorrect' });
    const changed = await post(
      '/v1/auth/change-password',
      { old_password: PASSWORD, new_password: 'new password 1', confirm_password: 'new password 1' },
      bearer(first),
    );
    expect(changed.statusCode).toBe(200);
    const fresh = json(changed).data.token;
    expect((await t.app.inject({ method: 'GET', url: '/v1/self', headers: bearer(second) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/self', headers: bearer(fresh) })).statusCode).toBe(200);
  });

  it('logout revokes the token', async () => {
    const user = await createUser(t);
    const token = await loginUser(t, user.username);
    expect((await post('/v1/auth/logout', {}, bearer(token))).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/v1/self', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect((await userRow(t, user.id)).tokenVersion).toBe(1);
  });

  it('signs out an inactive user', async () => {
    const user = await createUser(t);
    const token = await loginUser(t, user.username);
    const { users } = await import('../../platform/identity/users.tables.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    expect((await t.app.inject({ method: 'GET', url: '/v1/self', headers: bearer(token) })).statusCode).toBe(401);
    const login = await post('/public/v1/auth/login', { username_or_email: user.username, password: PASSWORD });
    expect(json(login).error).toBe('this account is inactive');
  });
});
