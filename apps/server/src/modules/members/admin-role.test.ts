import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const roles = async (token: string) =>
  Object.fromEntries(
    json(await call('GET', '/v1/workspace/members?size=100', token)).data.items.map(
      (m: { id: string; role: string; active: boolean }) => [m.id, `${m.role}${m.active ? '' : ' (inactive)'}`],
    ),
  );

describe('a member holding member_write stops at the admin role', () => {
  it('cannot promote anyone, themselves included, to admin', async () => {
    const owner = await createOwner(t);
    const manager = await joinAs(t, owner.workspaceId, 'member', ['member_read', 'member_write']);
    const accomplice = await joinAs(t, owner.workspaceId, 'member');
    const before = await roles(owner.token);
    for (const target of [accomplice, manager]) {
      const response = await call('PUT', `/v1/workspace/members/${target.member.id}/role`, manager.token, {
        role: 'admin',
      });
      expect(response.statusCode).toBe(403);
    }
    const refused = await call('PUT', `/v1/workspace/members/${accomplice.member.id}/role`, manager.token, {
      role: 'admin',
    });
    expect(json(refused).error).toBe('only owners and admins can grant the admin role or manage admins');
    expect(await roles(owner.token)).toEqual(before);
  });

  it('cannot invite an admin', async () => {
    const owner = await createOwner(t);
    const manager = await joinAs(t, owner.workspaceId, 'member', ['member_read', 'member_write']);
    const response = await call('POST', '/v1/workspace/members/invite', manager.token, {
      email: 'new-admin@example.com',
      role: 'admin',
    });
    expect(response.statusCode).toBe(403);
    expect(json(await call('GET', '/v1/workspace/members/invites', owner.token)).data).toHaveLength(0);
    expect(t.mail.sent.filter((mail) => mail.to === 'new-admin@example.com')).toHaveLength(0);
  });

  it('cannot demote, deactivate or remove an admin', async () => {
    const owner = await createOwner(t);
    const manager = await joinAs(t, owner.workspaceId, 'member', ['member_read', 'member_write']);
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    const before = await roles(owner.token);
    const url = `/v1/workspace/members/${admin.member.id}`;
    expect((await call('PUT', `${url}/role`, manager.token, { role: 'viewer' })).statusCode).toBe(403);
    expect((await call('PUT', `${url}/status`, manager.token, { active: false })).statusCode).toBe(403);
    expect((await call('DELETE', url, manager.token)).statusCode).toBe(403);
    expect(await roles(owner.token)).toEqual(before);
    expect((await call('GET', '/v1/self/workspace', admin.token)).statusCode).toBe(200);
  });

  it('still manages members and viewers', async () => {
    const owner = await createOwner(t);
    const manager = await joinAs(t, owner.workspaceId, 'member', ['member_read', 'member_write']);
    const bob = await joinAs(t, owner.workspaceId, 'member');
    const url = `/v1/workspace/members/${bob.member.id}`;
    expect((await call('PUT', `${url}/role`, manager.token, { role: 'viewer' })).statusCode).toBe(200);
    expect((await call('PUT', `${url}/status`, manager.token, { active: false })).statusCode).toBe(200);
    expect(
      (await call('POST', '/v1/workspace/members/invite', manager.token, { email: 'm@example.com', role: 'member' }))
        .statusCode,
    ).toBe(200);
  });

  it('lets admins grant the admin role and manage other admins', async () => {
    const owner = await createOwner(t);
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    const bob = await joinAs(t, owner.workspaceId, 'member');
    const other = await joinAs(t, owner.workspaceId, 'admin');
    expect(
      (await call('PUT', `/v1/workspace/members/${bob.member.id}/role`, admin.token, { role: 'admin' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/v1/workspace/members/${other.member.id}/status`, admin.token, { active: false })).statusCode,
    ).toBe(200);
  });
});
