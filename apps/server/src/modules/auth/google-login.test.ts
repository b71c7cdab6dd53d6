import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGoogle } from '../../../test/fakes/google.ts';
import { createAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

const CLIENT_ID = 'client-123.apps.googleusercontent.com';
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let t: TestApp;

beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(() => google.close());
beforeEach(async () => {
  t = await createTestApp({ GOOGLE_JWKS_URL: google.jwksUrl });
});
afterEach(() => t.close());

async function configureClientId() {
  const admin = await createAdmin(t, { isSuper: true });
  const { loginAdmin } = await import('../../../test/fixtures.ts');
  const token = await loginAdmin(t, admin.username);
  await t.app.inject({
    method: 'PUT',
    url: '/v1/system-setting',
    headers: bearer(token),
    payload: { settings: [{ key: 'google.client.id', value: CLIENT_ID }] },
  });
}

const login = (url: string, id_token: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: { id_token, ...extra } });

describe('Google sign-in', () => {
  it('is refused until a client id is configured', async () => {
    const token = await google.sign({ sub: 'g-1', email: 'g1@example.com' }, { audience: CLIENT_ID });
    const response = await login('/public/v1/auth/google/login', token);
    expect(response.statusCode).toBe(400);
    expect(json(response).error).toBe('Google sign-in is not configured');
  });

  it('creates the user on first sign-in (invited=false, invited_at=0) and finds them again', async () => {
    await configureClientId();
    const idToken = await google.sign(
      { sub: 'g-42', email: 'grace@example.com', name: 'Grace Hopper', picture: 'https://x/p.png' },
      { audience: CLIENT_ID },
    );
    const first = await login('/public/v1/auth/google/login', idToken, {
      google_id: 'g-42',
      name: 'Grace Hopper',
      email: 'grace@example.com',
    });
    expect(first.statusCode).toBe(200);
    expect(json(first).data.user).toMatchObject({
      username: 'grace',
      display_name: 'Grace Hopper',
      invited: false,
      invited_at: 0,
      email_verified: true,
    });
    const second = await login('/public/v1/auth/google/login', idToken);
    expect(json(second).data.user.id).toBe(json(first).data.user.id);
    const self = await t.app.inject({ method: 'GET', url: '/v1/self', headers: bearer(json(second).data.token) });
    expect(json(self).data.username).toBe('grace');
  });

  it('refuses forged, expired, wrong-audience and mismatched tokens', async () => {
    await configureClientId();
    const claims = { sub: 'g-7', email: 'h@example.com' };
    const cases = [
      await google.sign(claims, { audience: CLIENT_ID, forged: true }),
      await google.sign(claims, { audience: 'someone-else' }),
      await google.sign(claims, { audience: CLIENT_ID, expiresIn: '-1m' }),
      await google.sign({ ...claims, email_verified: false }, { audience: CLIENT_ID }),
      'not.a.jwt',
    ];
    for (const idToken of cases) {
      const response = await login('/public/v1/auth/google/login', idToken);
      expect(response.statusCode, idToken).toBe(401);
      expect(json(response).error).toBe('invalid Google sign-in token');
    }
    const mismatch = await login('/public/v1/auth/google/login', await google.sign(claims, { audience: CLIENT_ID }), {
      google_id: 'g-other',
    });
    expect(mismatch.statusCode).toBe(401);
  });

  it('lets an existing admin in with permissions emptied, and nobody else', async () => {
    await configureClientId();
    await createAdmin(t, { email: 'root@example.com', permissions: ['workspace_management_read'] });
    const ok = await login(
      '/public/v1/admin/auth/google/login',
      await google.sign({ sub: 'g-root', email: 'root@example.com' }, { audience: CLIENT_ID }),
    );
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.admin.permissions).toEqual([]);
    const perms = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/self/permission',
      headers: bearer(json(ok).data.token),
    });
    expect(json(perms).data.permissions).toEqual(['workspace_management_read']);
    const stranger = await login(
      '/public/v1/admin/auth/google/login',
      await google.sign({ sub: 'g-x', email: 'x@example.com' }, { audience: CLIENT_ID }),
    );
    expect(stranger.statusCode).toBe(403);
  });

  it('takes a squatted, never-verified registration away from its registrant when the Google owner signs in', async () => {
    await configureClientId();
    const squat = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/register',
      payload: {
        username: 'squatter',
        display_name: 'Not Victoria',
        email: 'victoria@example.com',
        password: 'attacker-password',
        confirm_password: 'attacker-password',
      },
    });
    expect(squat.statusCode).toBe(200);
    const signedIn = await login(
      '/public/v1/auth/google/login',
      await google.sign(
        { sub: 'g-victoria', email: 'victoria@example.com', name: 'Victoria' },
        { audience: CLIENT_ID },
      ),
    );
    expect(signedIn.statusCode).toBe(200);
    expect(json(signedIn).data.user).toMatchObject({ display_name: 'Victoria', email_verified: true });
    expect(json(signedIn).data.user.username).not.toBe('squatter');
    // The registrant's password and verification link no longer open the account.
    for (const login of ['victoria@example.com', 'squatter']) {
      const attempt = await t.app.inject({
        method: 'POST',
        url: '/public/v1/auth/login',
        payload: { username_or_email: login, password: 'attacker-password' },
      });
      expect(attempt.statusCode, login).toBe(401);
    }
    const verify = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/verify',
      payload: { token: t.mail.tokenFor('victoria@example.com', '/auth/verify') },
    });
    expect(verify.statusCode).toBeGreaterThanOrEqual(400);
    const self = await t.app.inject({ method: 'GET', url: '/v1/self', headers: bearer(json(signedIn).data.token) });
    expect(self.statusCode).toBe(200);
  });

  it("keeps a verified account's password when its owner links Google", async () => {
    await configureClientId();
    const { createUser, loginUser } = await import('../../../test/fixtures.ts');
    const user = await createUser(t, { email: 'kept@example.com' });
    const signedIn = await login(
      '/public/v1/auth/google/login',
      await google.sign({ sub: 'g-kept', email: 'kept@example.com' }, { audience: CLIENT_ID }),
    );
    expect(json(signedIn).data.user.id).toBe(user.id);
    expect(await loginUser(t, 'kept@example.com')).toEqual(expect.any(String));
  });
});
