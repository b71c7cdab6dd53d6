import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, createUser, loginAdmin, loginUser } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { workspaceMembers, workspaces } from '../../platform/identity/workspaces.tables.ts';

let t: TestApp;
let superToken: string;
beforeEach(async () => {
  t = await createTestApp();
  superToken = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
});
afterEach(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const adminToken = async (permissions: string[]) => loginAdmin(t, (await createAdmin(t, { permissions })).username);
const workspaceRow = async (id: string) =>
  (await t.database.withWorkspace(id, (tx) => tx.select().from(workspaces).where(eq(workspaces.id, id))))[0]!;

const limits = {
  max_seats: 25,
  member_limit: 20,
  channel_limit: null,
  ai_agent_limit: 0,
  trial_days: 14,
  promote_code: 'SPRING24',
};

describe('organizations in the admin panel', () => {
  it('lists every organization with member count and owner, by keyword and page', async () => {
    const acme = await createOwner(t, 'Acme Trading');
    await createOwner(t, 'Bolt Logistics');
    const member = await createUser(t);
    await t.database.withWorkspace(acme.workspaceId, (tx) =>
      tx.insert(workspaceMembers).values({ workspaceId: acme.workspaceId, userId: member.id, role: 'member' }),
    );
    const token = await adminToken(['workspace_management_read']);
    const found = json(await call('GET', '/v1/admin/workspace?keyword=acme', token));
    expect(found.data).toEqual([
      expect.objectContaining({
        id: acme.workspaceId,
        name: 'Acme Trading',
        member_count: 2,
        owner: expect.objectContaining({ id: acme.user.id, username: acme.user.username }),
      }),
    ]);
    const paged = json(await call('GET', '/v1/admin/workspace?size=1&page=2', token));
    expect(paged.page).toEqual({ page: 2, size: 1, total: 2, total_pages: 2 });
    expect(paged.data).toHaveLength(1);

    const members = json(await call('GET', `/v1/admin/workspace/${acme.workspaceId}/members`, token)).data;
    expect(members.map((m: { role: string; user: { id: string } }) => [m.role, m.user.id])).toEqual([
      ['owner', acme.user.id],
      ['member', member.id],
    ]);
    expect((await call('GET', `/v1/admin/workspace/${crypto.randomUUID()}/members`, token)).statusCode).toBe(404);
  });

  it('never shows a member who accepted an invitation as still invited', async () => {
    const acme = await createOwner(t, 'Acme Trading');
    const existing = await createUser(t);
    for (const email of ['fresh@example.com', existing.email])
      await t.app.inject({
        method: 'POST',
        url: '/v1/workspace/members/invite',
        headers: bearer(acme.token),
        payload: { email, role: 'member' },
      });
    const accept = (payload: object, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/public/v1/workspace/invite/accept',
        payload,
        headers: token ? bearer(token) : {},
      });
    const fresh = await accept({
      token: t.mail.tokenFor('fresh@example.com', '/auth/join'),
      account: { username: 'fresh', display_name: 'Fresh', password: 'fresh member pw' },
    });
    expect(fresh.statusCode).toBe(200);
    const linked = await accept(
      { token: t.mail.tokenFor(existing.email, '/auth/join') },
      await loginUser(t, existing.username),
    );
    expect(linked.statusCode).toBe(200);

    const token = await adminToken(['workspace_management_read']);
    const members = json(await call('GET', `/v1/admin/workspace/${acme.workspaceId}/members`, token)).data;
    expect(members.map((m: { user: { email: string }; invited: boolean }) => [m.user.email, m.invited])).toEqual([
      [acme.user.email, false],
      ['fresh@example.com', false],
      [existing.email, false],
    ]);
  });

  it('reads and sets limits, null meaning unlimited, and audits the change', async () => {
    const acme = await createOwner(t);
    const token = await adminToken(['workspace_management_read', 'workspace_management_write']);
    const initial = json(await call('GET', `/v1/admin/workspace/${acme.workspaceId}/limits`, token)).data;
    expect(initial).toMatchObject({ max_seats: null, promote_code: null });
    const saved = await call('PUT', `/v1/admin/workspace/${acme.workspaceId}/limits`, token, limits);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved).data).toEqual(limits);
    expect(json(await call('GET', `/v1/admin/workspace/${acme.workspaceId}/limits`, token)).data).toEqual(limits);
    expect((await workspaceRow(acme.workspaceId)).maxSeats).toBe(25);

    const logs = json(await call('GET', '/v1/admin/audit-logs?action=workspace.limits.update', superToken)).data;
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ workspace_id: acme.workspaceId, target_id: acme.workspaceId });
    expect(logs[0].before.max_seats).toBeNull();
    expect(logs[0].after.max_seats).toBe(25);
  });

  it('validates limits with field errors and changes nothing', async () => {
    const acme = await createOwner(t);
    const token = await adminToken(['workspace_management_write']);
    const bad = await call('PUT', `/v1/admin/workspace/${acme.workspaceId}/limits`, token, {
      ...limits,
      max_seats: -1,
      member_limit: 2.5,
      trial_days: null,
      promote_code: 'x'.repeat(51),
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields).toEqual({
      max_seats: 'must be a whole number of at least 0',
      member_limit: 'must be a whole number of at least 0',
      trial_days: 'must be a whole number of at least 0',
      promote_code: 'promote code must be at most 50 characters',
    });
    expect((await workspaceRow(acme.workspaceId)).maxSeats).toBeNull();
  });

  it('refuses admins without the permission, organization users and anonymous callers; nothing changes', async () => {
    const acme = await createOwner(t);
    const readOnly = await adminToken(['workspace_management_read']);
    const unrelated = await adminToken(['system_user_management_write', 'system_admin_management_write']);
    const limitsUrl = `/v1/admin/workspace/${acme.workspaceId}/limits`;
    for (const token of [readOnly, unrelated, acme.token, acme.userToken, '']) {
      const expected = token ? 403 : 401;
      expect((await call('PUT', limitsUrl, token, limits)).statusCode).toBe(expected);
      if (token === readOnly) continue;
      for (const url of ['/v1/admin/workspace', `/v1/admin/workspace/${acme.workspaceId}/members`, limitsUrl])
        expect((await call('GET', url, token)).statusCode, url).toBe(expected);
    }
    expect((await workspaceRow(acme.workspaceId)).maxSeats).toBeNull();
    expect(json(await call('GET', '/v1/admin/audit-logs?action=workspace.limits.update', superToken)).data).toEqual([]);
  });
});
