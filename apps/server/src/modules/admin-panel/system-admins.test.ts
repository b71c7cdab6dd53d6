import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin, PASSWORD } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { systemAdmins } from '../../platform/identity/admins.tables.ts';

let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof createAdmin>>;
let superToken: string;
beforeEach(async () => {
  t = await createTestApp();
  superAdmin = await createAdmin(t, { isSuper: true, username: 'root', displayName: 'Root Person' });
  superToken = await loginAdmin(t, superAdmin.username);
});
afterEach(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const adminWith = async (permissions: string[]) => {
  const admin = await createAdmin(t, { permissions });
  return { admin, token: await loginAdmin(t, admin.username) };
};
const row = async (id: string) => (await t.database.db.select().from(systemAdmins).where(eq(systemAdmins.id, id)))[0]!;
/** The platform log's actions, but for the creations of the organizations the tests set up. */
const auditActions = async () =>
  json(await call('GET', '/v1/admin/audit-logs', superToken))
    .data.map((entry: { action: string }) => entry.action)
    .filter((action: string) => action !== 'workspace.create');

const newAdmin = {
  username: 'helper',
  display_name: 'Helpful Helen',
  email: 'helen@example.com',
  password: 'helper password',
  permissions: ['system_user_management_read'],
};

describe('system admins', () => {
  it('creates an admin who can sign in with the given permissions, and lists by keyword with paging', async () => {
    const created = await call('POST', '/v1/admin/system-admin', superToken, newAdmin);
    expect(created.statusCode, created.body).toBe(200);
    expect(json(created).data).toMatchObject({
      username: 'helper',
      admin: false,
      status: 'active',
      permissions: ['system_user_management_read'],
    });
    await loginAdmin(t, 'helen@example.com', 'helper password');

    const byName = json(await call('GET', '/v1/admin/system-admin?keyword=helen', superToken));
    expect(byName.data.map((a: { username: string }) => a.username)).toEqual(['helper']);
    expect(byName.page).toEqual({ page: 1, size: 20, total: 1, total_pages: 1 });
    const byDisplay = json(await call('GET', '/v1/admin/system-admin?keyword=root%20pers', superToken));
    expect(byDisplay.data.map((a: { id: string }) => a.id)).toEqual([superAdmin.id]);
    const paged = json(await call('GET', '/v1/admin/system-admin?page=2&size=1', superToken));
    expect(paged.data).toHaveLength(1);
    expect(paged.page).toEqual({ page: 2, size: 1, total: 2, total_pages: 2 });
    expect(await auditActions()).toContain('system_admin.create');
  });

  it('validates with the field messages and refuses taken usernames and e-mails', async () => {
    const bad = await call('POST', '/v1/admin/system-admin', superToken, {
      username: 'bad name!',
      display_name: '',
      email: 'nope',
      password: 'short',
      permissions: ['rule_the_world'],
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields).toEqual({
      username: 'username cannot contain special characters',
      display_name: 'display name is required',
      email: 'invalid email format',
      password: 'password must be at least 8 characters',
      'permissions.0': 'unknown permission',
    });
    const taken = await call('POST', '/v1/admin/system-admin', superToken, { ...newAdmin, username: 'ROOT' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).fields).toEqual({ username: 'this username is already taken' });
    const takenMail = await call('POST', '/v1/admin/system-admin', superToken, {
      ...newAdmin,
      email: superAdmin.email.toUpperCase(),
    });
    expect(json(takenMail).fields).toEqual({ email: 'this e-mail address is already registered' });
    expect(await t.database.db.select().from(systemAdmins)).toHaveLength(1);
  });

  it('deactivates an admin, ending their sessions, and activates them again; not oneself', async () => {
    const { admin, token } = await adminWith(['system_user_management_read']);
    const off = await call('PUT', `/v1/admin/system-admin/${admin.id}/status`, superToken, { active: false });
    expect(json(off).data.status).toBe('inactive');
    expect((await call('GET', '/v1/admin/self', token)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/public/v1/admin/auth/login',
      payload: { username_or_email: admin.username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    await call('PUT', `/v1/admin/system-admin/${admin.id}/status`, superToken, { active: true });
    expect((await call('GET', '/v1/admin/self', await loginAdmin(t, admin.username))).statusCode).toBe(200);

    const self = await call('PUT', `/v1/admin/system-admin/${superAdmin.id}/status`, superToken, { active: false });
    expect(self.statusCode).toBe(403);
    expect(json(self).error).toBe('you cannot deactivate your own account');
    expect((await row(superAdmin.id)).status).toBe('active');
    const missing = await call('PUT', `/v1/admin/system-admin/${crypto.randomUUID()}/status`, superToken, {
      active: false,
    });
    expect(missing.statusCode).toBe(404);
    expect((await auditActions()).filter((a: string) => a === 'system_admin.status')).toHaveLength(2);
  });

  it("reads and replaces another admin's permissions, only known names, never one's own", async () => {
    const { admin } = await adminWith(['system_user_management_read']);
    const read = await call('GET', `/v1/admin/system-admin/${admin.id}/permission`, superToken);
    expect(json(read).data.permissions).toEqual(['system_user_management_read']);
    const replaced = await call('PUT', `/v1/admin/system-admin/${admin.id}/permission`, superToken, {
      permissions: ['workspace_management_read', 'workspace_management_write'],
    });
    expect(json(replaced).data.permissions).toEqual(['workspace_management_read', 'workspace_management_write']);
    expect((await row(admin.id)).permissions).toEqual(['workspace_management_read', 'workspace_management_write']);

    const unknown = await call('PUT', `/v1/admin/system-admin/${admin.id}/permission`, superToken, {
      permissions: ['conversation_read'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).fields).toEqual({ 'permissions.0': 'unknown permission' });

    const { admin: manager, token } = await adminWith([
      'system_admin_permission_read',
      'system_admin_permission_write',
    ]);
    const own = await call('PUT', `/v1/admin/system-admin/${manager.id}/permission`, token, {
      permissions: [...manager.permissions, 'system_admin_management_write'],
    });
    expect(own.statusCode).toBe(403);
    expect(json(own).error).toBe('you cannot change your own permissions');
    expect((await row(manager.id)).permissions).toEqual([
      'system_admin_permission_read',
      'system_admin_permission_write',
    ]);
    // the admin flag holds everything
    const all = json(await call('GET', `/v1/admin/system-admin/${superAdmin.id}/permission`, token)).data.permissions;
    expect(all).toContain('system_admin_management_write');
    expect(await auditActions()).toContain('system_admin.permission.update');
  });

  it('refuses admins without the permission, organization users and anonymous callers; nothing changes', async () => {
    const { admin: target } = await adminWith(['system_user_management_read']);
    const owner = await createOwner(t);
    const { token: readOnly } = await adminWith(['system_admin_management_read', 'system_admin_permission_read']);
    const { token: unrelated } = await adminWith(['workspace_management_write']);
    const writes = [
      ['POST', '/v1/admin/system-admin', { ...newAdmin }],
      ['PUT', `/v1/admin/system-admin/${target.id}/status`, { active: false }],
      ['PUT', `/v1/admin/system-admin/${target.id}/permission`, { permissions: ['workspace_management_write'] }],
    ] as const;
    const reads = [
      ['GET', '/v1/admin/system-admin', undefined],
      ['GET', `/v1/admin/system-admin/${target.id}/permission`, undefined],
    ] as const;
    for (const [method, url, payload] of writes) {
      for (const token of [readOnly, unrelated, owner.token, owner.userToken])
        expect((await call(method, url, token, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, '', payload)).statusCode).toBe(401);
    }
    for (const [method, url] of reads) {
      expect((await call(method, url, readOnly)).statusCode).toBe(200);
      for (const token of [unrelated, owner.token, owner.userToken])
        expect((await call(method, url, token)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, '')).statusCode).toBe(401);
    }
    const after = await row(target.id);
    expect([after.status, after.permissions]).toEqual(['active', ['system_user_management_read']]);
    expect(await t.database.db.select().from(systemAdmins)).toHaveLength(4);
    expect(await auditActions()).toEqual([]);
  });
});

describe('reach of admins without the admin flag', () => {
  it('grants only permissions they hold and cannot touch an admin with the flag', async () => {
    const manager = await createAdmin(t, {
      permissions: ['system_admin_management_write', 'system_admin_permission_write', 'system_user_management_read'],
    });
    const token = await loginAdmin(t, manager.username);
    const tooMuch = await call('POST', '/v1/admin/system-admin', token, {
      ...newAdmin,
      permissions: ['workspace_management_write'],
    });
    expect(tooMuch.statusCode).toBe(403);
    const fine = await call('POST', '/v1/admin/system-admin', token, newAdmin);
    expect(fine.statusCode).toBe(200);
    const helper = json(fine).data.id;
    const escalate = await call('PUT', `/v1/admin/system-admin/${helper}/permission`, token, {
      permissions: ['system_user_management_write'],
    });
    expect(escalate.statusCode).toBe(403);
    expect((await row(helper)).permissions).toEqual(['system_user_management_read']);
    const offRoot = await call('PUT', `/v1/admin/system-admin/${superAdmin.id}/status`, token, { active: false });
    expect(offRoot.statusCode).toBe(403);
    expect((await row(superAdmin.id)).status).toBe('active');
  });

  it('cannot change, deactivate or strip an admin holding permissions the actor lacks', async () => {
    const manager = await createAdmin(t, {
      permissions: ['system_admin_management_read', 'system_admin_management_write', 'system_admin_permission_write'],
    });
    const token = await loginAdmin(t, manager.username);
    const stronger = await createAdmin(t, {
      permissions: ['system_admin_management_write', 'workspace_management_write'],
    });
    const strongerToken = await loginAdmin(t, stronger.username);
    const strip = await call('PUT', `/v1/admin/system-admin/${stronger.id}/permission`, token, { permissions: [] });
    expect(strip.statusCode).toBe(403);
    const off = await call('PUT', `/v1/admin/system-admin/${stronger.id}/status`, token, { active: false });
    expect(off.statusCode).toBe(403);
    expect(await row(stronger.id)).toMatchObject({
      status: 'active',
      permissions: ['system_admin_management_write', 'workspace_management_write'],
    });
    expect((await call('GET', '/v1/admin/self/permission', strongerToken)).statusCode).toBe(200);
    // An admin within reach is still managed.
    const weaker = await createAdmin(t, { permissions: ['system_admin_management_write'] });
    const managed = await call('PUT', `/v1/admin/system-admin/${weaker.id}/permission`, token, { permissions: [] });
    expect(managed.statusCode).toBe(200);
  });
});
