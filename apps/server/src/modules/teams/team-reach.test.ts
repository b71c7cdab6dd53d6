import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { join, requests } from './test-helpers.ts';

let t: TestApp;
let r: ReturnType<typeof requests>;
beforeEach(async () => {
  t = await createTestApp();
  r = requests(t);
});
afterEach(() => t.close());

const effective = async (token: string) =>
  json(await r.get('/v1/workspace/member/self/permission', token)).data.permissions as string[];

describe('a member who manages teams cannot grow their own permissions through a team', () => {
  it('refuses a new team carrying permissions the member does not hold', async () => {
    const owner = await createOwner(t);
    const lead = await join(t, owner.workspaceId, 'member', ['team_read', 'team_write']);
    const response = await r.post('/v1/teams', lead.token, {
      name: 'Escalation',
      permissions: ['member_write', 'team_write'],
      member_ids: [lead.memberId],
    });
    expect(response.statusCode).toBe(403);
    expect(json(response).error).toContain('member_write');
    expect(await effective(lead.token)).not.toContain('member_write');
    expect(json(await r.get('/v1/teams', owner.token)).data).toHaveLength(0);
  });

  it('refuses a team created with default permissions beyond the member', async () => {
    const owner = await createOwner(t);
    const lead = await join(t, owner.workspaceId, 'member', ['team_read', 'team_write']);
    const { createAdmin, loginAdmin } = await import('../../../test/fixtures.ts');
    const admin = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    await r.put('/v1/system-setting', admin, {
      settings: [{ key: 'defaults.team.permissions', value: '["member_write"]' }],
    });
    const response = await r.post('/v1/teams', lead.token, { name: 'Defaults', member_ids: [lead.memberId] });
    expect(response.statusCode).toBe(403);
  });

  it('lets the member create and edit a team within their own permissions', async () => {
    const owner = await createOwner(t);
    const lead = await join(t, owner.workspaceId, 'member', ['team_read', 'team_write', 'customer_read']);
    const created = await r.post('/v1/teams', lead.token, {
      name: 'Readers',
      permissions: ['customer_read'],
      member_ids: [lead.memberId],
    });
    expect(created.statusCode).toBe(200);
    const updated = await r.put(`/v1/teams/${json(created).data.id}`, lead.token, { permissions: ['team_read'] });
    expect(updated.statusCode).toBe(200);
  });

  it('refuses joining, widening or deleting a team that holds more than the member', async () => {
    const owner = await createOwner(t);
    const lead = await join(t, owner.workspaceId, 'member', ['team_read', 'team_write']);
    const strong = json(await r.post('/v1/teams', owner.token, { name: 'Managers', permissions: ['member_write'] }))
      .data.id as string;
    const weak = json(await r.post('/v1/teams', owner.token, { name: 'Team leads', permissions: ['team_read'] })).data
      .id as string;

    const joinStrong = await r.put(`/v1/teams/${strong}`, lead.token, { member_ids: [lead.memberId] });
    expect(joinStrong.statusCode).toBe(403);
    expect(json(joinStrong).error).toBe(
      'this team holds permissions you do not hold, so only owners and admins can change it',
    );
    const widen = await r.put(`/v1/teams/${weak}`, lead.token, { permissions: ['team_read', 'member_write'] });
    expect(widen.statusCode).toBe(403);
    expect((await r.del(`/v1/teams/${strong}`, lead.token)).statusCode).toBe(403);

    expect(await effective(lead.token)).not.toContain('member_write');
    expect(json(await r.get(`/v1/teams/${strong}`, owner.token)).data.members).toHaveLength(0);
    expect(json(await r.get(`/v1/teams/${weak}`, owner.token)).data.permissions).toEqual(['team_read']);
  });

  it('leaves owners and admins free to build any team', async () => {
    const owner = await createOwner(t);
    const admin = await join(t, owner.workspaceId, 'admin');
    const response = await r.post('/v1/teams', admin.token, {
      name: 'Anything',
      permissions: ['member_write', 'team_write'],
      member_ids: [admin.memberId],
    });
    expect(response.statusCode).toBe(200);
  });

  it('keeps default and per-member permissions to owners and admins', async () => {
    const owner = await createOwner(t);
    const manager = await join(t, owner.workspaceId, 'member', ['member_read', 'member_write']);
    const put = (url: string) => r.put(url, manager.token, { permissions: ['member_write', 'team_write'] });
    expect((await put('/v1/workspace/member/permission/default')).statusCode).toBe(403);
    expect((await put(`/v1/workspace/member/${manager.memberId}/permission`)).statusCode).toBe(403);
    expect(await effective(manager.token)).not.toContain('team_write');
  });
});
