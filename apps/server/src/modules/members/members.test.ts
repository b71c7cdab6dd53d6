import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const roles = async (token: string) =>
  Object.fromEntries(
    json(await call('GET', '/v1/workspace/members?size=100', token)).data.items.map(
      (m: { user: { username: string }; role: string; active: boolean }) => [
        m.user.username,
        `${m.role}${m.active ? '' : ' (inactive)'}`,
      ],
    ),
  );

describe('members', () => {
  it('lists members with search, role filter and paging', async () => {
    const owner = await createOwner(t, 'Acme');
    const anna = await joinAs(t, owner.workspaceId, 'member');
    await joinAs(t, owner.workspaceId, 'viewer');
    const page = json(await call('GET', '/v1/workspace/members?page=1&size=2', owner.token)).data;
    expect(page.items).toHaveLength(2);
    expect(page.page).toEqual({ page: 1, size: 2, total: 3, total_pages: 2 });
    const found = json(await call('GET', `/v1/workspace/members?keyword=${anna.user.username}`, owner.token)).data
      .items;
    expect(found.map((m: { user: { email: string } }) => m.user.email)).toEqual([anna.user.email]);
    const viewers = json(await call('GET', '/v1/workspace/members?role=viewer', owner.token)).data.items;
    expect(viewers.map((m: { role: string }) => m.role)).toEqual(['viewer']);
    const wild = json(await call('GET', '/v1/workspace/members?keyword=%25', owner.token)).data.items;
    expect(wild).toEqual([]);
  });

  it('lets owners and admins change roles, but only owners touch the owner role', async () => {
    const owner = await createOwner(t);
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    const bob = await joinAs(t, owner.workspaceId, 'member');
    expect(
      json(await call('PUT', `/v1/workspace/members/${bob.member.id}/role`, admin.token, { role: 'viewer' })).data.role,
    ).toBe('viewer');
    const promote = await call('PUT', `/v1/workspace/members/${bob.member.id}/role`, admin.token, { role: 'owner' });
    expect(promote.statusCode).toBe(403);
    expect(json(promote).error).toBe('only an owner can grant, change or remove the owner role');
    const ownerId = json(await call('GET', '/v1/workspace/members?role=owner', owner.token)).data.items[0].id;
    expect(
      (await call('PUT', `/v1/workspace/members/${ownerId}/role`, admin.token, { role: 'member' })).statusCode,
    ).toBe(403);
    expect(
      json(await call('PUT', `/v1/workspace/members/${bob.member.id}/role`, owner.token, { role: 'owner' })).data.role,
    ).toBe('owner');
    const bad = await call('PUT', `/v1/workspace/members/${bob.member.id}/role`, owner.token, { role: 'king' });
    expect(json(bad).fields).toEqual({ role: 'role must be owner, admin, member or viewer' });
  });

  it('always keeps one active owner', async () => {
    const owner = await createOwner(t);
    const second = await joinAs(t, owner.workspaceId, 'owner');
    const firstId = json(await call('GET', '/v1/workspace/members?role=owner', owner.token)).data.items.find(
      (m: { user: { id: string } }) => m.user.id === owner.user.id,
    ).id;
    // The second owner demotes the first: fine, one owner remains.
    expect(
      (await call('PUT', `/v1/workspace/members/${firstId}/role`, second.token, { role: 'admin' })).statusCode,
    ).toBe(200);
    // Nobody can now remove, deactivate or demote the last owner.
    const reowned = await joinAs(t, owner.workspaceId, 'admin');
    for (const [method, url, payload] of [
      ['PUT', `/v1/workspace/members/${second.member.id}/role`, { role: 'member' }],
      ['PUT', `/v1/workspace/members/${second.member.id}/status`, { active: false }],
      ['DELETE', `/v1/workspace/members/${second.member.id}`, undefined],
    ] as const) {
      const response = await call(method, url, reowned.token, payload);
      expect(response.statusCode, url).toBe(403);
    }
    // ...and the owner cannot change their own membership through these routes.
    const self = await call('PUT', `/v1/workspace/members/${second.member.id}/status`, second.token, { active: false });
    expect(json(self).error).toBe('you cannot change your own membership here');
    expect((await roles(second.token))[second.user.username]).toBe('owner');
  });

  it('deactivates and removes members; a deactivated member is locked out at once', async () => {
    const owner = await createOwner(t);
    const bob = await joinAs(t, owner.workspaceId, 'member');
    expect(
      json(await call('PUT', `/v1/workspace/members/${bob.member.id}/status`, owner.token, { active: false })).data
        .active,
    ).toBe(false);
    expect((await call('GET', '/v1/self/workspace', bob.token)).statusCode).toBe(403);
    expect(
      json(await call('PUT', `/v1/workspace/members/${bob.member.id}/status`, owner.token, { active: true })).data
        .active,
    ).toBe(true);
    expect((await call('DELETE', `/v1/workspace/members/${bob.member.id}`, owner.token)).statusCode).toBe(200);
    expect((await roles(owner.token))[bob.user.username]).toBeUndefined();
    expect((await call('DELETE', `/v1/workspace/members/${bob.member.id}`, owner.token)).statusCode).toBe(404);
  });

  it('refuses members, viewers and other organizations, and nothing changes', async () => {
    const owner = await createOwner(t);
    const bob = await joinAs(t, owner.workspaceId, 'member', ['conversation_read']);
    const vic = await joinAs(t, owner.workspaceId, 'viewer', ['member_read']);
    const stranger = await createOwner(t);
    const before = await roles(owner.token);
    for (const token of [bob.token, vic.token, stranger.token]) {
      expect(
        (await call('PUT', `/v1/workspace/members/${bob.member.id}/role`, token, { role: 'admin' })).statusCode,
      ).toBeGreaterThanOrEqual(403);
      expect(
        (await call('PUT', `/v1/workspace/members/${bob.member.id}/status`, token, { active: false })).statusCode,
      ).toBeGreaterThanOrEqual(403);
      expect((await call('DELETE', `/v1/workspace/members/${vic.member.id}`, token)).statusCode).toBeGreaterThanOrEqual(
        403,
      );
    }
    expect((await call('GET', '/v1/workspace/members', bob.token)).statusCode).toBe(403);
    expect((await call('GET', '/v1/workspace/members', vic.token)).statusCode).toBe(200);
    // Another organization's owner sees only their own members.
    expect(Object.keys(await roles(stranger.token))).toEqual([stranger.user.username]);
    expect(await roles(owner.token)).toEqual(before);
  });

  it("keeps an organization's audit log that its owners and admins can read", async () => {
    const owner = await createOwner(t);
    const bob = await joinAs(t, owner.workspaceId, 'member');
    await call('PUT', `/v1/workspace/members/${bob.member.id}/role`, owner.token, { role: 'viewer' });
    await t.app.jobs.drain(); // the entry is written by the audit log's listener of member.changed
    const log = json(await call('GET', '/v1/workspace/audit-logs', owner.token));
    expect(log.data[0]).toMatchObject({
      action: 'member.role',
      actor_name: owner.user.username,
      before: { role: 'member' },
      after: { role: 'viewer' },
      ip: '127.0.0.1',
    });
    expect((await call('GET', '/v1/workspace/audit-logs', bob.token)).statusCode).toBe(403);
    const stranger = await createOwner(t);
    const theirs = json(await call('GET', '/v1/workspace/audit-logs', stranger.token)).data;
    expect(theirs.map((entry: { action: string; workspace_id: string }) => [entry.action, entry.workspace_id])).toEqual(
      [['workspace.create', stranger.workspaceId]],
    );
  });
});
