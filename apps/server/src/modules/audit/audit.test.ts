import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, createUser, loginAdmin, loginUser } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../platform/identity/users.tables.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

type Entry = {
  action: string;
  workspace_id: string | null;
  workspace_name: string | null;
  actor_name: string;
  target_type: string;
  target_id: string | null;
  target_name: string | null;
  before: unknown;
  after: unknown;
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const organizationLog = async (token: string): Promise<Entry[]> => {
  await t.app.jobs.drain(); // member and team entries are written by the audit log's event listeners
  return json(await call('GET', '/v1/workspace/audit-logs?size=100', token)).data;
};
const rename = (id: string, displayName: string) =>
  t.database.db.update(users).set({ displayName }).where(eq(users.id, id));

describe('the audit log', () => {
  it("records each organization's creation with its name, in its own log and the admin panel's", async () => {
    const root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    const owner = await createOwner(t, 'Acme Trading');
    const [created] = await organizationLog(owner.token);
    expect(created).toMatchObject({
      action: 'workspace.create',
      workspace_id: owner.workspaceId,
      workspace_name: 'Acme Trading',
      actor_name: owner.user.displayName,
      target_type: 'workspace',
      target_id: owner.workspaceId,
      target_name: 'Acme Trading',
      after: { name: 'Acme Trading', time_zone: 'Asia/Hong_Kong' },
    });

    // a second organization of the same user starts a log of its own; a refused creation writes nothing
    const second = await call('POST', '/v1/workspace', owner.userToken, { name: 'Acme Two', time_zone: 'UTC' });
    expect(second.statusCode).toBe(200);
    const bad = await call('POST', '/v1/workspace', owner.userToken, { name: 'Nowhere', time_zone: 'Mars/Base' });
    expect(bad.statusCode).toBe(400);
    const platform: Entry[] = json(await call('GET', '/v1/admin/audit-logs?action=workspace.create', root)).data;
    expect(platform.map((entry) => [entry.workspace_name, entry.target_name, entry.workspace_id])).toEqual([
      ['Acme Two', 'Acme Two', json(second).data.id],
      ['Acme Trading', 'Acme Trading', owner.workspaceId],
    ]);
    expect((await organizationLog(owner.token)).map((entry) => entry.target_name)).toEqual(['Acme Trading']);
  });

  it('keeps the names of the time: a removed and renamed member, a renamed organization and actor', async () => {
    const owner = await createOwner(t, 'Old Name Ltd');
    await rename(owner.user.id, 'Olivia Owner');
    const ben = await joinAs(t, owner.workspaceId, 'member');
    await rename(ben.user.id, 'Ben Wong');
    expect(
      (await call('PUT', `/v1/workspace/members/${ben.member.id}/role`, owner.token, { role: 'viewer' })).statusCode,
    ).toBe(200);
    expect(
      (
        await call('PUT', `/v1/workspace/member/${ben.member.id}/permission`, owner.token, {
          permissions: ['customer_read'],
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/v1/workspace/members/${ben.member.id}`, owner.token)).statusCode).toBe(200);
    expect((await call('POST', '/v1/teams', owner.token, { name: 'Support' })).statusCode).toBe(200);
    await organizationLog(owner.token);

    // afterwards everything is renamed, and Ben is no longer a member
    await rename(ben.user.id, 'Someone Else');
    await rename(owner.user.id, 'Renamed Owner');
    expect((await call('PUT', '/v1/self/workspace', owner.token, { name: 'New Name Ltd' })).statusCode).toBe(200);

    const entries = (await organizationLog(owner.token)).filter((entry) => entry.action !== 'workspace.create');
    expect(entries.map((entry) => [entry.action, entry.target_name, entry.actor_name, entry.workspace_name])).toEqual([
      ['team.create', 'Support', 'Olivia Owner', 'Old Name Ltd'],
      ['member.remove', 'Ben Wong', 'Olivia Owner', 'Old Name Ltd'],
      ['member.permission.update', 'Ben Wong', 'Olivia Owner', 'Old Name Ltd'],
      ['member.role', 'Ben Wong', 'Olivia Owner', 'Old Name Ltd'],
    ]);
    expect(entries.every((entry) => entry.target_id !== null)).toBe(true);
  });

  it('names invitations by their e-mail and the organization target by its name', async () => {
    const owner = await createOwner(t, 'Inviting Co');
    await call('POST', '/v1/workspace/members/invite', owner.token, { email: 'newbie@example.com', role: 'member' });
    await call('PUT', '/v1/workspace/member/permission/default', owner.token, { permissions: ['conversation_read'] });
    const byAction = Object.fromEntries((await organizationLog(owner.token)).map((e) => [e.action, e.target_name]));
    expect(byAction).toMatchObject({
      'member.invite': 'newbie@example.com',
      'permission.default.update': 'Inviting Co',
    });
  });

  it("is read by the organization's owners and admins only, never another organization's", async () => {
    const owner = await createOwner(t, 'Private Co');
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    const member = await joinAs(t, owner.workspaceId, 'member', ['member_read', 'member_write', 'team_read']);
    const viewer = await joinAs(t, owner.workspaceId, 'viewer', ['member_read']);
    const stranger = await createOwner(t, 'Nosy Co');
    const outsider = await loginUser(t, (await createUser(t)).username);

    expect((await organizationLog(admin.token)).map((entry) => entry.workspace_name)).toEqual(['Private Co']);
    for (const token of [member.token, viewer.token]) {
      expect((await call('GET', '/v1/workspace/audit-logs', token)).statusCode).toBe(403);
    }
    // a token bound to no organization reads no organization's log
    expect((await call('GET', '/v1/workspace/audit-logs', outsider)).statusCode).toBeGreaterThanOrEqual(400);
    const theirs = await organizationLog(stranger.token);
    expect(theirs.map((entry) => [entry.workspace_id, entry.target_name])).toEqual([[stranger.workspaceId, 'Nosy Co']]);
    // an organization user cannot read the admin panel's log either
    expect((await call('GET', '/v1/admin/audit-logs', owner.token)).statusCode).toBeGreaterThanOrEqual(401);
  });
});
