import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createOwner,
  createUser,
  loginAdmin,
  loginUser,
  PASSWORD,
  userRow,
} from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { workspaceMembers } from '../../platform/identity/workspaces.tables.ts';

let t: TestApp;
let superToken: string;
beforeEach(async () => {
  t = await createTestApp();
  superToken = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
});
afterEach(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const adminToken = async (permissions: string[]) => loginAdmin(t, (await createAdmin(t, { permissions })).username);
/** The platform log's actions, but for the creations of the organizations the tests set up. */
const auditActions = async () =>
  json(await call('GET', '/v1/admin/audit-logs', superToken))
    .data.map((entry: { action: string }) => entry.action)
    .filter((action: string) => action !== 'workspace.create');

describe('users in the admin panel', () => {
  it('lists users with their organization counts, by keyword, status and page', async () => {
    const owner = await createOwner(t);
    const second = await createOwner(t);
    await t.database.withWorkspace(second.workspaceId, (tx) =>
      tx.insert(workspaceMembers).values({ workspaceId: second.workspaceId, userId: owner.user.id, role: 'member' }),
    );
    await createUser(t, { username: 'sleepy', displayName: 'Dormant Dan', status: 'inactive' });
    const token = await adminToken(['system_user_management_read']);

    const all = json(await call('GET', '/v1/admin/user?size=2', token));
    expect(all.page).toEqual({ page: 1, size: 2, total: 3, total_pages: 2 });
    const found = json(await call('GET', `/v1/admin/user?keyword=${owner.user.username}`, token)).data;
    expect(found).toEqual([expect.objectContaining({ id: owner.user.id, organizations: 2, status: 'active' })]);
    const byDisplay = json(await call('GET', '/v1/admin/user?keyword=dormant', token)).data;
    expect(byDisplay.map((u: { username: string }) => u.username)).toEqual(['sleepy']);
    const inactive = json(await call('GET', '/v1/admin/user?status=inactive', token)).data;
    expect(inactive.map((u: { username: string; organizations: number }) => [u.username, u.organizations])).toEqual([
      ['sleepy', 0],
    ]);
    // a keyword with LIKE wildcards matches literally
    expect(json(await call('GET', '/v1/admin/user?keyword=%25', token)).data).toEqual([]);
  });

  it('deactivates a user, ending their sessions, and activates them again', async () => {
    const owner = await createOwner(t);
    const token = await adminToken(['system_user_management_write']);
    const off = await call('PUT', `/v1/admin/user/${owner.user.id}/status`, token, { active: false });
    expect(json(off).data.status).toBe('inactive');
    expect((await call('GET', '/v1/self/workspaces', owner.userToken)).statusCode).toBe(401);
    expect((await call('GET', '/v1/self/workspace', owner.token)).statusCode).toBe(401);
    await call('PUT', `/v1/admin/user/${owner.user.id}/status`, token, { active: true });
    const fresh = await loginUser(t, owner.user.username);
    expect((await call('GET', '/v1/self/workspaces', fresh)).statusCode).toBe(200);
    expect((await auditActions()).filter((a: string) => a === 'user.status')).toHaveLength(2);
  });

  it('mails the user a reset link that sets a new password', async () => {
    const user = await createUser(t);
    const token = await adminToken(['system_user_management_write']);
    const response = await call('POST', `/v1/admin/user/${user.id}/reset-password`, token);
    expect(json(response).data.message).toBe('a password reset link has been sent to the user');
    const resetToken = t.mail.tokenFor(user.email, '/auth/reset-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/reset-password',
      payload: { token: resetToken, password: 'brand new pw', confirm_password: 'brand new pw' },
    });
    expect(reset.statusCode).toBe(200);
    await loginUser(t, user.username, 'brand new pw');
    expect(await auditActions()).toContain('user.reset_password');
    expect((await call('POST', `/v1/admin/user/${crypto.randomUUID()}/reset-password`, token)).statusCode).toBe(404);
  });

  it('refuses admins without the permission, organization users and anonymous callers; nothing changes', async () => {
    const owner = await createOwner(t);
    const readOnly = await adminToken(['system_user_management_read']);
    const unrelated = await adminToken(['system_admin_management_write', 'workspace_management_write']);
    for (const token of [readOnly, unrelated, owner.token, owner.userToken, '']) {
      const expected = token ? 403 : 401;
      expect((await call('PUT', `/v1/admin/user/${owner.user.id}/status`, token, { active: false })).statusCode).toBe(
        expected,
      );
      expect((await call('POST', `/v1/admin/user/${owner.user.id}/reset-password`, token)).statusCode).toBe(expected);
      if (token !== readOnly) expect((await call('GET', '/v1/admin/user', token)).statusCode).toBe(expected);
    }
    expect((await userRow(t, owner.user.id)).status).toBe('active');
    expect(t.mail.sent).toEqual([]);
    await loginUser(t, owner.user.username, PASSWORD);
    expect(await auditActions()).toEqual([]);
  });
});
