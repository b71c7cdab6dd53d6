import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('admin profile', () => {
  it('answers and changes the signed-in admin, keeping e-mails unique', async () => {
    const admin = await createAdmin(t, { permissions: ['workspace_management_read'] });
    const other = await createAdmin(t);
    const token = await loginAdmin(t, admin.username);
    expect(json(await call('GET', '/v1/admin/self', token)).data).toMatchObject({
      id: admin.id,
      username: admin.username,
      admin: false,
      permissions: ['workspace_management_read'],
    });
    const changed = await call('PUT', '/v1/admin/self', token, {
      display_name: ' New Name ',
      email: 'fresh@example.com',
      avatar: 'iVBORw0KGgo=',
    });
    expect(json(changed).data).toMatchObject({
      display_name: 'New Name',
      email: 'fresh@example.com',
      avatar: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(json(await call('GET', '/v1/admin/self', token)).data.display_name).toBe('New Name');
    await loginAdmin(t, 'fresh@example.com');

    const taken = await call('PUT', '/v1/admin/self', token, { email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).fields).toEqual({ email: 'this e-mail address is already registered' });
    const invalid = await call('PUT', '/v1/admin/self', token, { display_name: '', email: 'nope' });
    expect(json(invalid).fields).toEqual({ display_name: 'display name is required', email: 'invalid email format' });
    expect(json(await call('GET', '/v1/admin/self', token)).data.email).toBe('fresh@example.com');
  });

  it('is refused to organization users and anonymous callers', async () => {
    const owner = await createOwner(t);
    for (const token of [owner.token, owner.userToken]) {
      expect((await call('GET', '/v1/admin/self', token)).statusCode).toBe(403);
      expect((await call('PUT', '/v1/admin/self', token, { display_name: 'x' })).statusCode).toBe(403);
    }
    expect((await call('GET', '/v1/admin/self', '')).statusCode).toBe(401);
    expect((await call('PUT', '/v1/admin/self', '', { display_name: 'x' })).statusCode).toBe(401);
  });
});

describe('audit log', () => {
  it('lists platform changes newest first with an action filter and paging, to the admin flag only', async () => {
    const root = await createAdmin(t, { isSuper: true });
    const rootToken = await loginAdmin(t, root.username);
    const target = await createAdmin(t);
    await call('PUT', `/v1/admin/system-admin/${target.id}/status`, rootToken, { active: false });
    await call('PUT', `/v1/admin/system-admin/${target.id}/status`, rootToken, { active: true });
    await t.app.inject({
      method: 'PUT',
      url: `/v1/admin/system-admin/${target.id}/permission`,
      headers: bearer(rootToken),
      payload: { permissions: ['workspace_management_read'] },
    });
    const all = json(await call('GET', '/v1/admin/audit-logs?size=2', rootToken));
    expect(all.page).toEqual({ page: 1, size: 2, total: 3, total_pages: 2 });
    expect(all.data[0]).toMatchObject({
      action: 'system_admin.permission.update',
      actor_type: 'admin',
      actor_id: root.id,
      actor_name: root.username,
      target_id: target.id,
      after: { permissions: ['workspace_management_read'] },
    });
    const filtered = json(await call('GET', '/v1/admin/audit-logs?action=system_admin.status', rootToken)).data;
    expect(filtered.map((e: { after: { status: string } }) => e.after.status)).toEqual(['active', 'inactive']);

    const manyPermissions = await createAdmin(t, {
      permissions: ['system_admin_management_write', 'system_user_management_write', 'workspace_management_write'],
    });
    const everything = await loginAdmin(t, manyPermissions.username);
    const owner = await createOwner(t);
    for (const token of [everything, owner.token, owner.userToken])
      expect((await call('GET', '/v1/admin/audit-logs', token)).statusCode).toBe(403);
    expect((await call('GET', '/v1/admin/audit-logs', '')).statusCode).toBe(401);
  });
});
