import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const names = async (userToken: string) =>
  json(await t.app.inject({ method: 'GET', url: '/v1/self/workspaces', headers: bearer(userToken) })).data.map(
    (w: { name: string }) => w.name,
  );

describe('leaving and deleting organizations', () => {
  it('refuses to leave or delete the last organization', async () => {
    const owner = await createOwner(t, 'Only');
    for (const [method, url] of [
      ['POST', '/v1/self/workspace/leave'],
      ['DELETE', '/v1/self/workspace'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(owner.token) });
      expect(response.statusCode).toBe(409);
      expect(json(response).error).toBe('you cannot delete or leave the last organization');
    }
    expect(await names(owner.userToken)).toEqual(['Only']);
  });

  it('lets a member leave one of several organizations', async () => {
    const a = await createOwner(t, 'A');
    const b = await createOwner(t, 'B');
    const bob = await joinAs(t, a.workspaceId, 'member');
    const inB = await t.app.inject({
      method: 'POST',
      url: '/v1/workspace/members/invite',
      headers: bearer(b.token),
      payload: { email: bob.user.email },
    });
    expect(inB.statusCode).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/public/v1/workspace/invite/accept',
      headers: bearer(bob.userToken),
      payload: { token: t.mail.tokenFor(bob.user.email, '/auth/join') },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await names(bob.userToken)).sort()).toEqual(['A', 'B']);
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/self/workspace/leave', headers: bearer(bob.token) })).statusCode,
    ).toBe(200);
    expect(await names(bob.userToken)).toEqual(['B']);
  });

  it('keeps an owner: the only owner cannot leave', async () => {
    const a = await createOwner(t, 'A');
    // A second organization, so leaving A would not be leaving their last one.
    const extra = await t.app.inject({
      method: 'POST',
      url: '/v1/workspace',
      headers: bearer(a.userToken),
      payload: { name: 'A2', time_zone: 'UTC' },
    });
    expect(extra.statusCode).toBe(200);
    const response = await t.app.inject({ method: 'POST', url: '/v1/self/workspace/leave', headers: bearer(a.token) });
    expect(response.statusCode).toBe(409);
    expect(json(response).error).toBe('an organization must keep at least one active owner');
    expect((await names(a.userToken)).sort()).toEqual(['A', 'A2']);
  });

  it('lets only an owner delete, with everything in it, and records it for system admins', async () => {
    const owner = await createOwner(t, 'Doomed');
    await t.app.inject({
      method: 'POST',
      url: '/v1/workspace',
      headers: bearer(owner.userToken),
      payload: { name: 'Kept', time_zone: 'UTC' },
    });
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/v1/self/workspace', headers: bearer(admin.token) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/v1/self/workspace', headers: bearer(owner.token) })).statusCode,
    ).toBe(200);
    expect(await names(owner.userToken)).toEqual(['Kept']);
    expect(await names(admin.userToken)).toEqual([]);
    const log = await t.database.unsafeCrossTenant('test', async (tx) => {
      const { auditLogs } = await import('../audit/audit.tables.ts');
      return tx.select().from(auditLogs);
    });
    expect(log.find((row) => row.action === 'workspace.delete')).toMatchObject({
      before: { name: 'Doomed' },
      actorName: owner.user.username,
    });
  });
});

describe('deleting an organization', () => {
  it('hides it from everyone at once and purges its data in a background job', async () => {
    const owner = await createOwner(t, 'Soon Gone');
    await t.app.inject({
      method: 'POST',
      url: '/v1/workspace',
      headers: bearer(owner.userToken),
      payload: { name: 'Kept', time_zone: 'UTC' },
    });
    const member = await joinAs(t, owner.workspaceId, 'member');
    const root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/v1/self/workspace', headers: bearer(owner.token) })).statusCode,
    ).toBe(200);
    for (const token of [owner.token, member.token]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/v1/self/workspace', headers: bearer(token) })).statusCode,
      ).toBe(403);
    }
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/refresh-token',
      payload: { token: member.userToken, workspace_id: owner.workspaceId },
    });
    expect(refresh.statusCode).toBe(403);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/workspace?keyword=Soon',
      headers: bearer(root),
    });
    expect(json(listed).data).toEqual([]);

    const { workspaces } = await import('../../platform/identity/workspaces.tables.ts');
    const rows = () => t.database.withWorkspace(owner.workspaceId, (tx) => tx.select().from(workspaces));
    expect((await rows())[0]?.deletedAt).toBeInstanceOf(Date);
    await t.app.jobs.drain();
    expect(await rows()).toEqual([]);
  });
});

describe('organization defaults', () => {
  it('starts new organizations with the system defaults for limits and member permissions', async () => {
    const root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    await t.app.inject({
      method: 'PUT',
      url: '/v1/system-setting',
      headers: bearer(root),
      payload: {
        settings: [
          { key: 'defaults.workspace.max_seats', value: '5' },
          { key: 'defaults.workspace.trial_days', value: '14' },
          { key: 'defaults.member.permissions', value: '["customer_read"]' },
        ],
      },
    });
    const owner = await createOwner(t, 'Fresh');
    const { workspaces } = await import('../../platform/identity/workspaces.tables.ts');
    const [row] = await t.database.withWorkspace(owner.workspaceId, (tx) => tx.select().from(workspaces));
    expect(row).toMatchObject({
      maxSeats: 5,
      memberLimit: null,
      trialDays: 14,
      defaultMemberPermissions: ['customer_read'],
    });
  });
});
