import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { teams } from '../../platform/identity/teams.tables.ts';
import { systemSettings } from '../settings/settings.tables.ts';
import { auditOf, join, requests } from './test-helpers.ts';

let t: TestApp;
let r: ReturnType<typeof requests>;
beforeEach(async () => {
  t = await createTestApp();
  r = requests(t);
});
afterEach(() => t.close());

const memberIds = (team: { members: { id: string }[] }) => team.members.map((m) => m.id).sort();
const teamRows = (workspaceId: string) => t.database.withWorkspace(workspaceId, (tx) => tx.select().from(teams));

describe('teams', () => {
  it('creates, shows, lists, updates and deletes a team, auditing each change', async () => {
    const owner = await createOwner(t);
    const alice = await join(t, owner.workspaceId, 'member');
    const created = await r.post('/v1/teams', owner.token, {
      name: '  Support  ',
      description: 'first line',
      permissions: ['customer_write', 'customer_read', 'customer_write'],
      member_ids: [alice.memberId],
    });
    expect(created.statusCode).toBe(200);
    const team = json(created).data;
    expect(team).toMatchObject({
      name: 'Support',
      description: 'first line',
      permissions: ['customer_write', 'customer_read'],
      member_count: 1,
      members: [
        {
          id: alice.memberId,
          role: 'member',
          user: {
            id: alice.user.id,
            username: alice.user.username,
            display_name: alice.user.displayName,
            email: alice.user.email,
            avatar: '',
          },
        },
      ],
    });

    expect(json(await r.get(`/v1/teams/${team.id}`, owner.token)).data).toEqual(team);
    const listed = json(await r.get('/v1/teams', owner.token));
    expect(listed.data).toEqual([expect.objectContaining({ id: team.id, name: 'Support', member_count: 1 })]);
    expect(listed.page).toEqual({ page: 1, size: 20, total: 1, total_pages: 1 });

    const updated = await r.put(`/v1/teams/${team.id}`, owner.token, { name: 'Sales', permissions: ['team_read'] });
    expect(json(updated).data).toMatchObject({ name: 'Sales', description: 'first line', permissions: ['team_read'] });
    expect(memberIds(json(updated).data)).toEqual([alice.memberId]);

    expect((await r.del(`/v1/teams/${team.id}`, owner.token)).statusCode).toBe(200);
    expect((await r.get(`/v1/teams/${team.id}`, owner.token)).statusCode).toBe(404);
    expect(json(await r.get('/v1/teams', owner.token)).data).toEqual([]);

    const audit = await auditOf(t, owner.workspaceId);
    expect(audit.map((a) => a.action)).toEqual(['team.create', 'team.update', 'team.delete']);
    expect(audit[0]).toMatchObject({ targetId: team.id, before: null, actorId: owner.user.id });
    expect(audit[1]!.before).toMatchObject({ name: 'Support', permissions: ['customer_write', 'customer_read'] });
    expect(audit[1]!.after).toMatchObject({ name: 'Sales', permissions: ['team_read'] });
    expect(audit[2]).toMatchObject({ after: null, before: expect.objectContaining({ name: 'Sales' }) });
  });

  it('searches names by keyword and pages the list', async () => {
    const owner = await createOwner(t);
    for (const name of ['Alpha', 'Beta', 'alphabet', 'Gamma', '100% Club'])
      await r.post('/v1/teams', owner.token, { name });
    const names = async (query: string) => {
      const body = json(await r.get(`/v1/teams?${query}`, owner.token));
      return { names: body.data.map((team: { name: string }) => team.name), page: body.page };
    };
    expect((await names('keyword=ALPH')).names).toEqual(['Alpha', 'alphabet']);
    expect((await names(`keyword=${encodeURIComponent('%')}`)).names).toEqual(['100% Club']);
    expect(await names('size=2')).toEqual({
      names: ['100% Club', 'Alpha'],
      page: { page: 1, size: 2, total: 5, total_pages: 3 },
    });
    expect(await names('size=2&page=3')).toEqual({
      names: ['Gamma'],
      page: { page: 3, size: 2, total: 5, total_pages: 3 },
    });
    // past the last page no row carries the total: it is still counted
    expect(await names('size=2&page=4')).toEqual({
      names: [],
      page: { page: 4, size: 2, total: 5, total_pages: 3 },
    });
    expect((await names('keyword=zzz')).page).toEqual({ page: 1, size: 20, total: 0, total_pages: 0 });
  });

  it('sorts by name, member count or creation time, either way', async () => {
    const owner = await createOwner(t);
    const alice = await join(t, owner.workspaceId, 'member');
    const bob = await join(t, owner.workspaceId, 'member');
    await r.post('/v1/teams', owner.token, { name: 'beta', member_ids: [alice!.memberId] });
    await r.post('/v1/teams', owner.token, { name: 'Alpha' });
    await r.post('/v1/teams', owner.token, { name: 'Gamma', member_ids: [alice!.memberId, bob!.memberId] });
    const names = async (query: string) =>
      json(await r.get(`/v1/teams?${query}`, owner.token)).data.map((team: { name: string }) => team.name);
    expect(await names('')).toEqual(['Alpha', 'beta', 'Gamma']);
    expect(await names('sort=name&order=desc')).toEqual(['Gamma', 'beta', 'Alpha']);
    expect(await names('sort=member_count&order=desc')).toEqual(['Gamma', 'beta', 'Alpha']);
    expect(await names('sort=member_count')).toEqual(['Alpha', 'beta', 'Gamma']);
    expect(await names('sort=created_at&order=desc&size=1')).toEqual(['Gamma']);
    const refused = await r.get('/v1/teams?sort=permissions', owner.token);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).fields).toHaveProperty('sort');
  });

  it('replaces the member set only when member_ids is given', async () => {
    const owner = await createOwner(t);
    const [a, b, c] = [
      await join(t, owner.workspaceId, 'member'),
      await join(t, owner.workspaceId, 'member'),
      await join(t, owner.workspaceId, 'viewer'),
    ];
    const team = json(
      await r.post('/v1/teams', owner.token, { name: 'T', member_ids: [a!.memberId, b!.memberId] }),
    ).data;
    const put = async (payload: object) => json(await r.put(`/v1/teams/${team.id}`, owner.token, payload)).data;
    expect(memberIds(await put({ member_ids: [b!.memberId, c!.memberId] }))).toEqual([b!.memberId, c!.memberId].sort());
    expect(memberIds(await put({ description: 'kept' }))).toEqual([b!.memberId, c!.memberId].sort());
    const emptied = await put({ member_ids: [] });
    expect(emptied).toMatchObject({ member_count: 0, members: [] });
    expect(json(await r.get('/v1/teams', owner.token)).data[0].member_count).toBe(0);
  });

  it("refuses member ids of another organization's members, changing nothing", async () => {
    const mine = await createOwner(t);
    const theirs = await createOwner(t);
    const mate = await join(t, mine.workspaceId, 'member');
    const stranger = await join(t, theirs.workspaceId, 'member');
    const created = await r.post('/v1/teams', mine.token, { name: 'T', member_ids: [stranger.memberId] });
    expect(created.statusCode).toBe(400);
    expect(json(created).fields).toEqual({ member_ids: 'every team member must be a member of this organization' });
    expect(await teamRows(mine.workspaceId)).toEqual([]);

    const team = json(await r.post('/v1/teams', mine.token, { name: 'T', member_ids: [mate.memberId] })).data;
    const updated = await r.put(`/v1/teams/${team.id}`, mine.token, {
      name: 'Renamed',
      member_ids: [mate.memberId, stranger.memberId],
    });
    expect(updated.statusCode).toBe(400);
    expect(json(await r.get(`/v1/teams/${team.id}`, mine.token)).data).toMatchObject({
      name: 'T',
      members: [{ id: mate.memberId }],
    });
  });

  it('gives new teams the defaults.team.permissions setting, ignoring unknown names', async () => {
    const owner = await createOwner(t);
    expect(json(await r.post('/v1/teams', owner.token, { name: 'None' })).data.permissions).toEqual([]);
    await t.database.db
      .insert(systemSettings)
      .values({ key: 'defaults.team.permissions', value: '["team_read","no_such_permission","customer_read"]' });
    expect(json(await r.post('/v1/teams', owner.token, { name: 'Defaults' })).data.permissions).toEqual([
      'customer_read',
      'team_read',
    ]);
    expect(
      json(await r.post('/v1/teams', owner.token, { name: 'Given', permissions: ['broadcast_read'] })).data.permissions,
    ).toEqual(['broadcast_read']);
    await t.database.db
      .update(systemSettings)
      .set({ value: 'not json' })
      .where(eq(systemSettings.key, 'defaults.team.permissions'));
    expect(json(await r.post('/v1/teams', owner.token, { name: 'Broken' })).data.permissions).toEqual([]);
  });

  it('keeps team names unique per organization, whatever the case and spaces, on create and rename', async () => {
    const owner = await createOwner(t);
    const other = await createOwner(t);
    const support = json(await r.post('/v1/teams', owner.token, { name: 'Support', description: 'kept' })).data;
    const sales = json(await r.post('/v1/teams', owner.token, { name: 'Sales' })).data;

    const taken = await r.post('/v1/teams', owner.token, { name: '  SUPPORT ', permissions: ['team_read'] });
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toMatchObject({
      error: 'a team with this name already exists',
      fields: { name: 'a team with this name already exists' },
    });
    const renamed = await r.put(`/v1/teams/${sales.id}`, owner.token, { name: 'support', description: 'changed' });
    expect(renamed.statusCode).toBe(409);
    expect(json(renamed).fields).toEqual({ name: 'a team with this name already exists' });
    const rows = await teamRows(owner.workspaceId);
    expect(rows.map((row) => [row.name, row.description]).sort()).toEqual([
      ['Sales', ''],
      ['Support', 'kept'],
    ]);

    // a team keeps its own name (in another case too), and another organization may use it
    expect(json(await r.put(`/v1/teams/${support.id}`, owner.token, { name: 'SUPPORT' })).data.name).toBe('SUPPORT');
    expect((await r.post('/v1/teams', other.token, { name: 'Support' })).statusCode).toBe(200);
    const audited = (await auditOf(t, owner.workspaceId)).filter((entry) => entry.action.startsWith('team.'));
    expect(audited.map((entry) => entry.action)).toEqual(['team.create', 'team.create', 'team.update']);
  });

  it('answers the same 409 when two requests create one name at once, and the database refuses a duplicate', async () => {
    const owner = await createOwner(t);
    const answers = await Promise.all(
      ['Night shift', 'NIGHT SHIFT', 'night shift '].map((name) => r.post('/v1/teams', owner.token, { name })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(json(answer).fields).toEqual({ name: 'a team with this name already exists' });
    expect(await teamRows(owner.workspaceId)).toHaveLength(1);
    await expect(
      t.database.withWorkspace(owner.workspaceId, (tx) =>
        tx.insert(teams).values({ workspaceId: owner.workspaceId, name: 'NIGHT Shift' }),
      ),
    ).rejects.toThrow();
  });

  it('validates names and permission names with catalogue messages', async () => {
    const owner = await createOwner(t);
    const cases: [object, Record<string, string>][] = [
      [{}, { name: 'team name is required' }],
      [{ name: '   ' }, { name: 'team name is required' }],
      [{ name: 'x'.repeat(100) }, { name: 'team name must be less than 100 characters' }],
      [{ name: 'T', permissions: ['customer_read', 'root'] }, { 'permissions.1': 'unknown permission' }],
    ];
    for (const [payload, fields] of cases) {
      const response = await r.post('/v1/teams', owner.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(response).fields).toEqual(fields);
    }
    expect(json(await r.post('/v1/teams', owner.token, { name: 'x'.repeat(99) })).data.name).toHaveLength(99);
    const team = json(await r.get('/v1/teams', owner.token)).data[0];
    const bad = await r.put(`/v1/teams/${team.id}`, owner.token, { permissions: ['team_admin'] });
    expect(json(bad).fields).toEqual({ 'permissions.0': 'unknown permission' });
  });
});

describe('who may read and change teams', () => {
  it("never shows or changes another organization's teams", async () => {
    const mine = await createOwner(t);
    const theirs = await createOwner(t);
    const team = json(await r.post('/v1/teams', theirs.token, { name: 'Theirs' })).data;
    expect(json(await r.get('/v1/teams', mine.token)).data).toEqual([]);
    expect((await r.get(`/v1/teams/${team.id}`, mine.token)).statusCode).toBe(404);
    expect((await r.put(`/v1/teams/${team.id}`, mine.token, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await r.del(`/v1/teams/${team.id}`, mine.token)).statusCode).toBe(404);
    expect(json(await r.get(`/v1/teams/${team.id}`, theirs.token)).data.name).toBe('Theirs');
    expect(await auditOf(t, mine.workspaceId)).toEqual([]);
  });

  it('needs team_read to read and team_write to change; admins hold both', async () => {
    const owner = await createOwner(t);
    const team = json(await r.post('/v1/teams', owner.token, { name: 'Ops' })).data;
    const nobody = await join(t, owner.workspaceId, 'member', ['customer_read']);
    const reader = await join(t, owner.workspaceId, 'member', ['team_read']);
    const admin = await join(t, owner.workspaceId, 'admin');

    expect((await r.get('/v1/teams', nobody.token)).statusCode).toBe(403);
    expect((await r.get(`/v1/teams/${team.id}`, nobody.token)).statusCode).toBe(403);
    expect(json(await r.get(`/v1/teams/${team.id}`, reader.token)).data.name).toBe('Ops');
    for (const who of [nobody, reader]) {
      expect((await r.post('/v1/teams', who.token, { name: 'New' })).statusCode).toBe(403);
      const put = await r.put(`/v1/teams/${team.id}`, who.token, { name: 'Changed', member_ids: [who.memberId] });
      expect(put.statusCode).toBe(403);
      expect(json(put).error).toBe('you have no permission');
      expect((await r.del(`/v1/teams/${team.id}`, who.token)).statusCode).toBe(403);
    }
    expect(await teamRows(owner.workspaceId)).toEqual([expect.objectContaining({ name: 'Ops' })]);
    expect(json(await r.get(`/v1/teams/${team.id}`, owner.token)).data.members).toEqual([]);

    expect(json(await r.put(`/v1/teams/${team.id}`, admin.token, { name: 'By admin' })).data.name).toBe('By admin');
  });

  it('keeps a viewer read-only, even with team_write on their list or from a team', async () => {
    const owner = await createOwner(t);
    const viewer = await join(t, owner.workspaceId, 'viewer', ['team_read', 'team_write']);
    const team = json(
      await r.post('/v1/teams', owner.token, {
        name: 'Writers',
        permissions: ['team_read', 'team_write'],
        member_ids: [viewer.memberId],
      }),
    ).data;
    expect(json(await r.get('/v1/teams', viewer.token)).data).toHaveLength(1);
    expect((await r.post('/v1/teams', viewer.token, { name: 'New' })).statusCode).toBe(403);
    expect((await r.put(`/v1/teams/${team.id}`, viewer.token, { name: 'Changed' })).statusCode).toBe(403);
    expect((await r.del(`/v1/teams/${team.id}`, viewer.token)).statusCode).toBe(403);
    expect(await teamRows(owner.workspaceId)).toEqual([expect.objectContaining({ name: 'Writers' })]);
    expect(json(await r.get('/v1/workspace/member/self/permission', viewer.token)).data.permissions).toEqual([
      'team_read',
    ]);
  });
});
