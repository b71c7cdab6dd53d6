import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createUser, loginAdmin, loginUser, PASSWORD } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import { setNoticeOutput } from '../../platform/console/person-notice.ts';
import { systemAdmins } from '../../platform/identity/admins.tables.ts';
import { ensureFirstAdmin } from './bootstrap.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const silentLog = { info() {}, warn() {}, error() {} };

describe('first run', () => {
  it('creates the first admin from ADMIN_* once, and never again', async () => {
    const config = loadConfig({
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'root password 1',
      ADMIN_EMAIL: 'root@example.com',
    });
    await ensureFirstAdmin(t.database, config, silentLog as never);
    await ensureFirstAdmin(t.database, { ...config, ADMIN_USERNAME: 'second' }, silentLog as never);
    const admins = await t.database.db.select().from(systemAdmins);
    expect(admins.map((a) => [a.username, a.isSuper])).toEqual([['root', true]]);
    expect(await loginAdmin(t, 'root', 'root password 1')).toEqual(expect.any(String));
  });

  it('prints a generated password once when none is configured', async () => {
    const lines: string[] = [];
    await ensureFirstAdmin(t.database, loadConfig({}), {
      ...silentLog,
      warn: (line: string) => lines.push(line),
    } as never);
    const password = /password: (\S+)/.exec(lines[0] ?? '')?.[1];
    expect(password).toBeDefined();
    expect(await loginAdmin(t, 'admin', password)).toEqual(expect.any(String));
  });

  it('on an interactive terminal also prints the first admin and password as a plain line', async () => {
    const written: string[] = [];
    const previous = setNoticeOutput({ isTTY: true, write: (text: string) => written.push(text) });
    try {
      const lines: string[] = [];
      await ensureFirstAdmin(t.database, loadConfig({ PORT: '3300' }), {
        ...silentLog,
        warn: (line: string) => lines.push(line),
      } as never);
      const password = /password: (\S+)/.exec(lines[0] ?? '')?.[1];
      expect(written.join('').split('\n')).toContain(`First admin: admin / password: ${password}`);
      expect(written.join('')).toContain('http://localhost:3300/auth/admin/login');
    } finally {
      setNoticeOutput(previous);
    }
  });
});

describe('admin sign-in', () => {
  it('answers admin and token; the token refreshes and lists permissions', async () => {
    const admin = await createAdmin(t, { permissions: ['system_user_management_read'] });
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/v1/admin/auth/login',
      payload: { username_or_email: admin.email, password: PASSWORD },
    });
    expect(json(response).data.admin).toMatchObject({
      id: admin.id,
      admin: false,
      permissions: ['system_user_management_read'],
    });
    const token = json(response).data.token;
    for (const url of ['/public/v1/admin/auth/refresh-token', '/v1/admin/auth/refresh-token']) {
      const refreshed = await t.app.inject({ method: 'POST', url, payload: { token } });
      expect(json(refreshed).data.admin.id).toBe(admin.id);
    }
    const perms = await t.app.inject({ method: 'GET', url: '/v1/admin/self/permission', headers: bearer(token) });
    expect(json(perms).data.permissions).toEqual(['system_user_management_read']);
  });

  it('gives the admin flag every permission', async () => {
    const admin = await createAdmin(t, { isSuper: true });
    const token = await loginAdmin(t, admin.username);
    const perms = json(await t.app.inject({ method: 'GET', url: '/v1/admin/self/permission', headers: bearer(token) }))
      .data.permissions;
    expect(perms).toEqual(
      expect.arrayContaining([
        'system_admin_management_write',
        'workspace_management_read',
        'subscription_history_read',
      ]),
    );
  });

  it('keeps user and admin tokens apart', async () => {
    const user = await createUser(t);
    const userToken = await loginUser(t, user.username);
    const admin = await createAdmin(t, { isSuper: true });
    const adminToken = await loginAdmin(t, admin.username);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/admin/self/permission', headers: bearer(userToken) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/self/workspaces', headers: bearer(adminToken) })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/public/v1/admin/auth/refresh-token',
          payload: { token: userToken },
        })
      ).statusCode,
    ).toBe(401);
    // A user whose username equals an admin's cannot sign in to the admin panel with their own password.
    const twin = await createUser(t, { username: `${admin.username}x` });
    const attempt = await t.app.inject({
      method: 'POST',
      url: '/public/v1/admin/auth/login',
      payload: { username_or_email: twin.username, password: PASSWORD },
    });
    expect(attempt.statusCode).toBe(401);
  });

  it('resets a forgotten admin password through the admin link, and logout revokes', async () => {
    const admin = await createAdmin(t);
    await t.app.inject({
      method: 'POST',
      url: '/public/v1/admin/auth/forgot-password',
      payload: { email: admin.email },
    });
    await t.app.jobs.drain(); // the mail leaves from a job
    const token = t.mail.tokenFor(admin.email, '/auth/admin/reset-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/public/v1/admin/auth/reset-password',
      payload: { token, password: 'fresh admin pw', confirm_password: 'fresh admin pw' },
    });
    expect(reset.statusCode).toBe(200);
    // A user reset token does not work for admins and the reverse.
    const asUser = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/reset-password',
      payload: { token, password: 'fresh admin pw', confirm_password: 'fresh admin pw' },
    });
    expect(asUser.statusCode).toBe(404);
    const session = await loginAdmin(t, admin.username, 'fresh admin pw');
    await t.app.inject({ method: 'POST', url: '/v1/admin/auth/logout', headers: bearer(session) });
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/admin/self/permission', headers: bearer(session) })).statusCode,
    ).toBe(401);
  });

  it('refuses an inactive admin', async () => {
    const admin = await createAdmin(t);
    await t.database.db.update(systemAdmins).set({ status: 'inactive' }).where(eq(systemAdmins.id, admin.id));
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/v1/admin/auth/login',
      payload: { username_or_email: admin.username, password: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
  });
});
