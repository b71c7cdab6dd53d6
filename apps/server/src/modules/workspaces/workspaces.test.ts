import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, createUser, loginAdmin, loginUser } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { workspaceMembers, workspaces } from '../../platform/identity/workspaces.tables.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const put = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });

const join = (workspaceId: string, role: 'admin' | 'member' | 'viewer', permissions: string[] = []) =>
  joinAs(t, workspaceId, role, permissions);

describe('creating an organization', () => {
  it('makes the creator its owner and lists it among their organizations', async () => {
    const user = await createUser(t);
    const token = await loginUser(t, user.username);
    expect(json(await get('/v1/self/workspaces', token)).data).toEqual([]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/workspace',
      headers: bearer(token),
      payload: { name: '  Acme  ', time_zone: 'asia/hong_kong' },
    });
    expect(created.statusCode).toBe(200);
    expect(json(created).data).toMatchObject({ name: 'Acme', time_zone: 'Asia/Hong_Kong', role: 'owner' });
    const mine = json(await get('/v1/self/workspaces', token)).data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: json(created).data.id, name: 'Acme', role: 'owner' });
  });

  it('validates with the SPEC 5 messages', async () => {
    const token = await loginUser(t, (await createUser(t)).username);
    const cases: [object, Record<string, string>][] = [
      [{ time_zone: 'UTC' }, { name: 'organization name is required' }],
      [{ name: '   ', time_zone: 'UTC' }, { name: 'organization name is required' }],
      [{ name: 'x'.repeat(100), time_zone: 'UTC' }, { name: 'organization name must be less than 100 characters' }],
      [{ name: 'Acme' }, { time_zone: 'time zone is required' }],
      [{ name: 'Acme', time_zone: 'Mars/Olympus' }, { time_zone: 'time zone not found' }],
      [
        { name: 'Acme', time_zone: 'UTC', avatar: 'data:text/html;base64,PHNjcmlwdD4=' },
        { avatar: 'the image must be a PNG, JPEG, GIF or WebP data URL' },
      ],
    ];
    for (const [payload, fields] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/v1/workspace', headers: bearer(token), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(response).fields).toEqual(fields);
    }
    expect(await t.database.unsafeCrossTenant('test', (tx) => tx.select().from(workspaces))).toEqual([]);
  });

  it('adds the PNG prefix to bare base64 avatars', async () => {
    const token = await loginUser(t, (await createUser(t)).username);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/workspace',
      headers: bearer(token),
      payload: { name: 'Pic', time_zone: 'UTC', avatar: 'iVBORw0KGgo=' },
    });
    expect(json(created).data.avatar).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('is refused outside platform mode', async () => {
    const admin = await createAdmin(t, { isSuper: true });
    await put('/v1/system-setting', await loginAdmin(t, admin.username), {
      settings: [{ key: 'system.mode', value: 'single' }],
    });
    const token = await loginUser(t, (await createUser(t)).username);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/workspace',
      headers: bearer(token),
      payload: { name: 'Acme', time_zone: 'UTC' },
    });
    expect(response.statusCode).toBe(403);
    expect(json(response).error).toBe('creating organizations is not allowed in this system mode');
  });
});

describe('the current organization', () => {
  it('lets an owner or admin rename it, and refuses members and viewers', async () => {
    const owner = await createOwner(t, 'Before');
    const admin = await join(owner.workspaceId, 'admin');
    expect(json(await put('/v1/self/workspace', owner.token, { name: 'After' })).data.name).toBe('After');
    expect(json(await put('/v1/self/workspace', admin.token, { time_zone: 'Europe/London' })).data.time_zone).toBe(
      'Europe/London',
    );
    for (const role of ['member', 'viewer'] as const) {
      const someone = await join(owner.workspaceId, role, ['customer_read']);
      const response = await put('/v1/self/workspace', someone.token, { name: 'Hijacked' });
      expect(response.statusCode).toBe(403);
      expect(json(response).error).toBe('you have no permission');
    }
    expect(json(await get('/v1/self/workspace', owner.token)).data.name).toBe('After');
  });

  it("never shows or changes another organization's data", async () => {
    const mine = await createOwner(t, 'Mine');
    const theirs = await createOwner(t, 'Theirs');
    // A token bound to my organization reads and writes only mine.
    expect(json(await get('/v1/self/workspace', mine.token)).data.name).toBe('Mine');
    await put('/v1/self/workspace', mine.token, { name: 'Mine 2' });
    expect(json(await get('/v1/self/workspace', theirs.token)).data.name).toBe('Theirs');
    // Binding my user token to their organization is refused.
    const bind = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh-token',
      headers: bearer(mine.userToken),
      payload: { token: mine.userToken, workspace_id: theirs.workspaceId },
    });
    expect(bind.statusCode).toBe(403);
    // Only my own organizations are listed.
    expect(json(await get('/v1/self/workspaces', mine.userToken)).data.map((w: { name: string }) => w.name)).toEqual([
      'Mine 2',
    ]);
  });

  it('needs a token bound to an organization', async () => {
    const owner = await createOwner(t);
    const response = await get('/v1/self/workspace', owner.userToken);
    expect(response.statusCode).toBe(403);
    expect(json(response).error).toBe('you are not a member of this organization');
  });

  it('stops an inactive or removed member at once', async () => {
    const owner = await createOwner(t);
    const member = await join(owner.workspaceId, 'member');
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx
        .update(workspaceMembers)
        .set({ active: false })
        .where(and(eq(workspaceMembers.workspaceId, owner.workspaceId), eq(workspaceMembers.userId, member.user.id))),
    );
    const response = await get('/v1/self/workspace', member.token);
    expect(json(response).error).toBe('your membership of this organization is inactive');
    expect(json(await get('/v1/self/workspaces', await loginUser(t, member.user.username))).data).toEqual([]);
  });
});

describe('permissions and plan', () => {
  it('gives owners every permission and members their own list', async () => {
    const owner = await createOwner(t);
    const member = await join(owner.workspaceId, 'member', ['customer_read', 'conversation_read']);
    const ownerPerms = json(await get('/v1/workspace/member/self/permission', owner.token)).data.permissions;
    expect(ownerPerms).toEqual(expect.arrayContaining(['member_write', 'channel_write']));
    expect(json(await get('/v1/workspace/member/self/permission', member.token)).data.permissions).toEqual([
      'customer_read',
      'conversation_read',
    ]);
  });
});
