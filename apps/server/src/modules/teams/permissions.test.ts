import { WORKSPACE_PERMISSIONS } from '@omnichat/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner, loginUser } from '../../../test/fixtures.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { workspaceMembers } from '../../platform/identity/workspaces.tables.ts';
import { auditOf, join, ownerMemberId, requests } from './test-helpers.ts';

let t: TestApp;
let r: ReturnType<typeof requests>;
beforeEach(async () => {
  t = await createTestApp();
  r = requests(t);
});
afterEach(() => t.close());

const SELF = '/v1/workspace/member/self/permission';
const DEFAULT = '/v1/workspace/member/permission/default';
const selfPermissions = async (token: string) => json(await r.get(SELF, token)).data.permissions as string[];

describe('effective permissions', () => {
  it('adds the permissions of every team a member belongs to, and drops them when removed', async () => {
    const owner = await createOwner(t);
    const agent = await join(t, owner.workspaceId, 'member', ['customer_read']);
    expect(await selfPermissions(agent.token)).toEqual(['customer_read']);

    const crm = json(
      await r.post('/v1/teams', owner.token, {
        name: 'CRM',
        permissions: ['customer_write'],
        member_ids: [agent.memberId],
      }),
    ).data;
    const leads = json(
      await r.post('/v1/teams', owner.token, {
        name: 'Team leads',
        permissions: ['team_read', 'team_write', 'customer_write'],
        member_ids: [agent.memberId],
      }),
    ).data;
    expect(await selfPermissions(agent.token)).toEqual(['customer_read', 'customer_write', 'team_read', 'team_write']);
    // guards.member('team_write') honours a team's permissions.
    const made = await r.post('/v1/teams', agent.token, { name: 'Made by agent' });
    expect(made.statusCode).toBe(200);

    await r.put(`/v1/teams/${leads.id}`, owner.token, { member_ids: [] });
    expect(await selfPermissions(agent.token)).toEqual(['customer_read', 'customer_write']);
    expect((await r.post('/v1/teams', agent.token, { name: 'Again' })).statusCode).toBe(403);

    await r.put(`/v1/teams/${crm.id}`, owner.token, { member_ids: [] });
    expect(await selfPermissions(agent.token)).toEqual(['customer_read']);
    const detail = json(await r.get(`/v1/workspace/member/${agent.memberId}/permission`, owner.token)).data;
    expect(detail).toEqual({ permissions: ['customer_read'], effective_permissions: ['customer_read'] });
  });

  it('includes team permissions in the workspace refresh answer', async () => {
    const owner = await createOwner(t);
    const bob = await join(t, owner.workspaceId, 'member', ['customer_read']);
    await r.post('/v1/teams', owner.token, {
      name: 'Sales',
      permissions: ['broadcast_write'],
      member_ids: [bob.memberId],
    });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/refresh-token',
      payload: { token: await loginUser(t, bob.user.username), workspace_id: owner.workspaceId },
    });
    expect(json(refreshed).data.workspace.permissions).toEqual(['customer_read', 'broadcast_write']);
  });

  it('follows a team whose permissions change or which is deleted', async () => {
    const owner = await createOwner(t);
    const agent = await join(t, owner.workspaceId, 'member');
    const team = json(await r.post('/v1/teams', owner.token, { name: 'T', member_ids: [agent.memberId] })).data;
    expect(await selfPermissions(agent.token)).toEqual([]);
    await r.put(`/v1/teams/${team.id}`, owner.token, { permissions: ['customer_write'] });
    expect(await selfPermissions(agent.token)).toEqual(['customer_write']);
    await r.del(`/v1/teams/${team.id}`, owner.token);
    expect(await selfPermissions(agent.token)).toEqual([]);
  });

  it('gives owners and admins every permission and viewers only reads', async () => {
    const owner = await createOwner(t);
    const admin = await join(t, owner.workspaceId, 'admin');
    const viewer = await join(t, owner.workspaceId, 'viewer', ['customer_read', 'customer_write']);
    await r.post('/v1/teams', owner.token, {
      name: 'T',
      permissions: ['conversation_read', 'conversation_write'],
      member_ids: [viewer.memberId],
    });
    expect(await selfPermissions(owner.token)).toEqual([...WORKSPACE_PERMISSIONS]);
    expect(await selfPermissions(admin.token)).toEqual([...WORKSPACE_PERMISSIONS]);
    expect(await selfPermissions(viewer.token)).toEqual(['customer_read', 'conversation_read']);
  });
});

describe('the default permissions of new members', () => {
  it('is read with member_read and replaced by owners and admins, audited', async () => {
    const owner = await createOwner(t);
    const admin = await join(t, owner.workspaceId, 'admin');
    const reader = await join(t, owner.workspaceId, 'member', ['member_read']);
    const before = json(await r.get(DEFAULT, reader.token)).data.permissions;
    expect(before.length).toBeGreaterThan(0);

    const put = await r.put(DEFAULT, owner.token, { permissions: ['team_read', 'customer_read', 'team_read'] });
    expect(json(put).data).toEqual({ permissions: ['customer_read', 'team_read'] });
    expect(json(await r.get(DEFAULT, reader.token)).data).toEqual({ permissions: ['customer_read', 'team_read'] });
    expect(json(await r.put(DEFAULT, admin.token, { permissions: ['broadcast_read'] })).data.permissions).toEqual([
      'broadcast_read',
    ]);

    const audit = (await auditOf(t, owner.workspaceId)).filter((a) => a.action === 'permission.default.update');
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      actorId: owner.user.id,
      before: { permissions: before },
      after: { permissions: ['customer_read', 'team_read'] },
    });
  });

  it('refuses unknown names, members, viewers and other organizations, changing nothing', async () => {
    const owner = await createOwner(t);
    const other = await createOwner(t);
    const start = json(await r.get(DEFAULT, owner.token)).data;
    const bad = await r.put(DEFAULT, owner.token, { permissions: ['customer_read', 'everything'] });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields).toEqual({ 'permissions.1': 'unknown permission' });

    const member = await join(t, owner.workspaceId, 'member', ['member_read', 'member_write']);
    const viewer = await join(t, owner.workspaceId, 'viewer', ['member_read']);
    const nobody = await join(t, owner.workspaceId, 'member', ['customer_read']);
    for (const who of [member, viewer]) {
      expect((await r.put(DEFAULT, who.token, { permissions: [] })).statusCode).toBe(403);
    }
    expect((await r.get(DEFAULT, nobody.token)).statusCode).toBe(403);
    await r.put(DEFAULT, other.token, { permissions: ['workflow_read'] });
    expect(json(await r.get(DEFAULT, owner.token)).data).toEqual(start);
    expect(json(await r.get(DEFAULT, other.token)).data).toEqual({ permissions: ['workflow_read'] });
    expect(await auditOf(t, owner.workspaceId)).toEqual([]);
  });
});

describe("a member's own permissions", () => {
  it('are read with member_read and replaced by owners and admins, audited', async () => {
    const owner = await createOwner(t);
    const admin = await join(t, owner.workspaceId, 'admin');
    const agent = await join(t, owner.workspaceId, 'member', ['customer_read']);
    const reader = await join(t, owner.workspaceId, 'member', ['member_read']);
    await r.post('/v1/teams', owner.token, { name: 'T', permissions: ['team_read'], member_ids: [agent.memberId] });
    const url = `/v1/workspace/member/${agent.memberId}/permission`;
    expect(json(await r.get(url, reader.token)).data).toEqual({
      permissions: ['customer_read'],
      effective_permissions: ['customer_read', 'team_read'],
    });

    const put = await r.put(url, admin.token, { permissions: ['customer_read', 'customer_write'] });
    expect(json(put).data).toEqual({
      permissions: ['customer_read', 'customer_write'],
      effective_permissions: ['customer_read', 'customer_write', 'team_read'],
    });
    expect(await selfPermissions(agent.token)).toEqual(['customer_read', 'customer_write', 'team_read']);
    const [entry] = (await auditOf(t, owner.workspaceId)).filter((a) => a.action === 'member.permission.update');
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      targetId: agent.memberId,
      before: { permissions: ['customer_read'] },
      after: { permissions: ['customer_read', 'customer_write'] },
    });

    const ownerUrl = `/v1/workspace/member/${await ownerMemberId(t, owner.workspaceId)}/permission`;
    expect(json(await r.get(ownerUrl, reader.token)).data.effective_permissions).toEqual([...WORKSPACE_PERMISSIONS]);
  });

  it("refuses to narrow an owner's or admin's list, or to give a viewer writes", async () => {
    const owner = await createOwner(t);
    const admin = await join(t, owner.workspaceId, 'admin');
    const viewer = await join(t, owner.workspaceId, 'viewer', ['customer_read']);
    for (const id of [await ownerMemberId(t, owner.workspaceId), admin.memberId]) {
      const response = await r.put(`/v1/workspace/member/${id}/permission`, owner.token, { permissions: [] });
      expect(response.statusCode).toBe(400);
      expect(json(response).error).toBe('owners and admins hold every permission; their permissions cannot be changed');
    }
    const url = `/v1/workspace/member/${viewer.memberId}/permission`;
    const writes = await r.put(url, owner.token, { permissions: ['customer_read', 'customer_write'] });
    expect(json(writes).fields).toEqual({ permissions: 'a viewer can only hold read permissions' });
    expect(json(await r.put(url, owner.token, { permissions: ['team_read'] })).data.permissions).toEqual(['team_read']);
    expect(await selfPermissions(admin.token)).toEqual([...WORKSPACE_PERMISSIONS]);
  });

  it('refuses members without the role and other organizations, changing nothing', async () => {
    const owner = await createOwner(t);
    const other = await createOwner(t);
    const agent = await join(t, owner.workspaceId, 'member', ['customer_read']);
    const writer = await join(t, owner.workspaceId, 'member', ['member_read', 'member_write']);
    const nobody = await join(t, owner.workspaceId, 'member', []);
    const url = `/v1/workspace/member/${agent.memberId}/permission`;

    expect((await r.put(url, writer.token, { permissions: ['customer_write'] })).statusCode).toBe(403);
    expect((await r.put(url, agent.token, { permissions: ['customer_write'] })).statusCode).toBe(403);
    expect((await r.get(url, nobody.token)).statusCode).toBe(403);
    expect((await r.get(url, other.token)).statusCode).toBe(404);
    expect((await r.put(url, other.token, { permissions: ['customer_write'] })).statusCode).toBe(404);

    const rows = await t.database.withWorkspace(owner.workspaceId, (tx) => tx.select().from(workspaceMembers));
    expect(rows.find((m) => m.id === agent.memberId)?.permissions).toEqual(['customer_read']);
    expect(await selfPermissions(agent.token)).toEqual(['customer_read']);
    expect(await auditOf(t, owner.workspaceId)).toEqual([]);
    expect(await auditOf(t, other.workspaceId)).toEqual([]);
  });
});
