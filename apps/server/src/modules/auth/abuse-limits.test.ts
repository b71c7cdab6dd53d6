import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser, loginUser, PASSWORD } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const statuses = async (count: number, send: (i: number) => Promise<{ statusCode: number }>) => {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) codes.push((await send(i)).statusCode);
  return codes;
};

describe('the login lock belongs to the account', () => {
  it('stays locked whether the account is then named by e-mail or by username', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) {
      const wrong = await post('/public/v1/auth/login', { username_or_email: user.username, password: 'wrong guess' });
      expect(wrong.statusCode).toBe(401);
    }
    const byEmail = await post('/public/v1/auth/login', { username_or_email: user.email, password: PASSWORD });
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.headers['retry-after']).toEqual(expect.any(String));
    const byUpperName = await post('/public/v1/auth/login', {
      username_or_email: user.username.toUpperCase(),
      password: PASSWORD,
    });
    expect(byUpperName.statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    expect(await loginUser(t, user.email)).toEqual(expect.any(String));
  });
});

describe('forgot-password tells nobody whether an address has an account', () => {
  it('does the same work for a known and an unknown address: one queued job, the mail sent from the job', async () => {
    const user = await createUser(t);
    const known = await post('/public/v1/auth/forgot-password', { email: user.email });
    const unknown = await post('/public/v1/auth/forgot-password', { email: 'nobody@example.com' });
    expect(json(known)).toEqual(json(unknown));
    expect(t.mail.sent).toHaveLength(0);
    const queued = await t.database.unsafeCrossTenant('test reads the jobs table', (tx) => tx.select().from(jobs));
    expect(queued.map((job) => job.name)).toEqual(['auth.user-link-request', 'auth.user-link-request']);
    await t.app.jobs.drain();
    expect(t.mail.sent.map((mail) => mail.to)).toEqual([user.email]);
  });

  it('mails a new verification link to an unverified account only', async () => {
    const fresh = await createUser(t, { emailVerified: false });
    const verified = await createUser(t);
    for (const email of [fresh.email, verified.email, 'nobody@example.com']) {
      const response = await post('/public/v1/auth/resend-verification', { email });
      expect(json(response).data.message).toBe(
        'if this address has an account waiting for verification, a new link has been sent',
      );
    }
    await t.app.jobs.drain();
    expect(t.mail.sent.map((mail) => mail.to)).toEqual([fresh.email]);
    const verify = await post('/public/v1/auth/verify', { token: t.mail.tokenFor(fresh.email, '/auth/verify') });
    expect(verify.statusCode).toBe(200);
  });

  it('takes the username or address typed on the sign-in page, with the same answer for an unknown name', async () => {
    const byName = await createUser(t, { emailVerified: false });
    const byAddress = await createUser(t, { emailVerified: false });
    const verified = await createUser(t);
    const answers = [];
    for (const login of [byName.username.toUpperCase(), ` ${byAddress.email} `, verified.username, 'nobody']) {
      const response = await post('/public/v1/auth/resend-verification', { username_or_email: login });
      expect(response.statusCode).toBe(200);
      answers.push(json(response).data.message);
    }
    expect(new Set(answers)).toEqual(
      new Set(['if this address has an account waiting for verification, a new link has been sent']),
    );
    await t.app.jobs.drain();
    expect(t.mail.sent.map((mail) => mail.to).sort()).toEqual([byAddress.email, byName.email].sort());
  });

  it('refuses a resend request that names nobody', async () => {
    for (const payload of [{}, { username_or_email: '   ' }, { email: 'not-an-address' }]) {
      const response = await post('/public/v1/auth/resend-verification', payload);
      expect(response.statusCode).toBe(400);
    }
    const queued = await t.database.unsafeCrossTenant('test reads the jobs table', (tx) => tx.select().from(jobs));
    expect(queued).toHaveLength(0);
  });
});

describe('requests that send mail or test a password are limited per account and per IP', () => {
  it('limits forgot-password and resend-verification per address', async () => {
    const forgot = await statuses(4, () => post('/public/v1/auth/forgot-password', { email: 'target@example.com' }));
    expect(forgot).toEqual([200, 200, 200, 429]);
    const resend = await statuses(4, () =>
      post('/public/v1/auth/resend-verification', { email: 'target@example.com' }),
    );
    expect(resend).toEqual([200, 200, 200, 429]);
    // another address from the same IP is still served
    expect((await post('/public/v1/auth/forgot-password', { email: 'other@example.com' })).statusCode).toBe(200);
  });

  it('limits resend-verification per name typed on the sign-in page, whatever its case', async () => {
    const user = await createUser(t, { emailVerified: false });
    const codes = await statuses(4, (i) =>
      post('/public/v1/auth/resend-verification', {
        username_or_email: i % 2 ? user.username.toUpperCase() : user.username,
      }),
    );
    expect(codes).toEqual([200, 200, 200, 429]);
    const blocked = await post('/public/v1/auth/resend-verification', { username_or_email: user.username });
    expect(json(blocked).error).toMatch(/^too many requests, please try again in \d+ seconds$/);
    expect(blocked.headers['retry-after']).toEqual(expect.any(String));
    await t.app.jobs.drain();
    expect(t.mail.sent).toHaveLength(3);
  });

  it('limits resend-verification per IP across addresses and names', async () => {
    const codes = await statuses(11, (i) =>
      post(
        '/public/v1/auth/resend-verification',
        i % 2 ? { email: `r${i}@example.com` } : { username_or_email: `r${i}` },
      ),
    );
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/resend-verification',
      payload: { email: 'r10@example.com' },
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('limits forgot-password per IP across addresses', async () => {
    const codes = await statuses(11, (i) => post('/public/v1/auth/forgot-password', { email: `n${i}@example.com` }));
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/forgot-password',
      payload: { email: 'n10@example.com' },
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('limits sign-ups per address', async () => {
    const body = {
      username: 'signup',
      display_name: 'Sign Up',
      email: 'signup@example.com',
      password: 'signup password',
      confirm_password: 'signup password',
    };
    const codes = await statuses(4, (i) => post('/public/v1/auth/register', { ...body, username: `signup${i}` }));
    expect(codes).toEqual([200, 409, 409, 429]);
  });

  it('limits password changes and e-mail changes per account', async () => {
    const user = await createUser(t);
    const token = await loginUser(t, user.username);
    const change = await statuses(6, () =>
      post(
        '/v1/auth/change-password',
        { old_password: 'not my password', new_password: 'new password 1', confirm_password: 'new password 1' },
        bearer(token),
      ),
    );
    expect(change).toEqual([400, 400, 400, 400, 400, 429]);
    const email = await statuses(6, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/self/email',
        headers: bearer(token),
        payload: { email: `new${i}@example.com`, password: 'wrong password' },
      }),
    );
    expect(email).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
