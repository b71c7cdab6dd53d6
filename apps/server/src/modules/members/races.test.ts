import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../platform/identity/users.tables.ts';
import { workspaceMembers, workspaces } from '../../platform/identity/workspaces.tables.ts';

// These fire requests at the same moment. On PostgreSQL (DATABASE_URL) they run on separate pooled connections
// under READ COMMITTED, which is where a count-then-write rule breaks without a lock.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const setSeats = (workspaceId: string, maxSeats: number) =>
  t.database.withWorkspace(workspaceId, (tx) =>
    tx.update(workspaces).set({ maxSeats }).where(eq(workspaces.id, workspaceId)),
  );
const activeOwners = async (workspaceId: string) =>
  (
    await t.database.withWorkspace(workspaceId, (tx) =>
      tx.select().from(workspaceMembers).where(eq(workspaceMembers.role, 'owner')),
    )
  ).filter((m) => m.active).length;

describe('rules that count members hold under concurrent requests', () => {
  it('takes the last seat once when many invitations are sent at once', async () => {
    const owner = await createOwner(t);
    await setSeats(owner.workspaceId, 2);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/workspace/members/invite',
          headers: bearer(owner.token),
          payload: { email: `seat${i}@example.com`, role: 'member' },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 403, 403, 403, 403, 403, 403, 403]);
    expect(
      json(await t.app.inject({ method: 'GET', url: '/v1/workspace/members/invites', headers: bearer(owner.token) }))
        .data,
    ).toHaveLength(1);
  });

  it('keeps an active owner when two owners demote each other at once', async () => {
    const a = await createOwner(t);
    const b = await joinAs(t, a.workspaceId, 'owner');
    const [aMember] = await t.database.withWorkspace(a.workspaceId, (tx) =>
      tx.select().from(workspaceMembers).where(eq(workspaceMembers.userId, a.user.id)),
    );
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([
        t.app.inject({
          method: 'PUT',
          url: `/v1/workspace/members/${b.member.id}/role`,
          headers: bearer(a.token),
          payload: { role: 'admin' },
        }),
        t.app.inject({
          method: 'PUT',
          url: `/v1/workspace/members/${aMember!.id}/role`,
          headers: bearer(b.token),
          payload: { role: 'admin' },
        }),
      ]);
      expect(
        results.some((r) => r.statusCode === 200),
        `round ${round}`,
      ).toBe(true);
      expect(await activeOwners(a.workspaceId), `round ${round}`).toBeGreaterThanOrEqual(1);
      // both owners again for the next round
      await t.database.withWorkspace(a.workspaceId, (tx) =>
        tx.update(workspaceMembers).set({ role: 'owner' }).where(eq(workspaceMembers.workspaceId, a.workspaceId)),
      );
    }
  });

  it('keeps an active owner when both owners leave at once', async () => {
    const a = await createOwner(t);
    const b = await joinAs(t, a.workspaceId, 'owner');
    for (const token of [a.userToken, b.userToken]) {
      await t.app.inject({
        method: 'POST',
        url: '/v1/workspace',
        headers: bearer(token),
        payload: { name: 'Elsewhere', time_zone: 'UTC' },
      });
    }
    const results = await Promise.all(
      [a.token, b.token].map((token) =>
        t.app.inject({ method: 'POST', url: '/v1/self/workspace/leave', headers: bearer(token) }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await activeOwners(a.workspaceId)).toBe(1);
  });
});

describe('accepting an invitation is one transaction', () => {
  it('creates no account when joining fails', async () => {
    const owner = await createOwner(t);
    const invited = await t.app.inject({
      method: 'POST',
      url: '/v1/workspace/members/invite',
      headers: bearer(owner.token),
      payload: { email: 'late@example.com', role: 'member' },
    });
    expect(invited.statusCode).toBe(200);
    await setSeats(owner.workspaceId, 1); // the organization shrank before the invitee answered
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/public/v1/workspace/invite/accept',
      payload: {
        token: t.mail.tokenFor('late@example.com', '/auth/join'),
        account: { username: 'late', display_name: 'Late Comer', password: 'late password' },
      },
    });
    expect(accepted.statusCode).toBe(403);
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, 'late@example.com'));
    expect(account).toBeUndefined();
  });

  it('lets an invitee take over a never-verified registration of their address', async () => {
    const owner = await createOwner(t);
    await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/register',
      payload: {
        username: 'squatter',
        display_name: 'Squatter',
        email: 'invitee@example.com',
        password: 'attacker password',
        confirm_password: 'attacker password',
      },
    });
    await t.app.inject({
      method: 'POST',
      url: '/v1/workspace/members/invite',
      headers: bearer(owner.token),
      payload: { email: 'invitee@example.com', role: 'member' },
    });
    const token = t.mail.tokenFor('invitee@example.com', '/auth/join');
    const preview = await t.app.inject({ method: 'GET', url: `/public/v1/workspace/invite?token=${token}` });
    expect(json(preview).data.has_account).toBe(false);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/public/v1/workspace/invite/accept',
      payload: {
        token,
        account: { username: 'invitee', display_name: 'Real Invitee', password: 'invitee password' },
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const login = (username_or_email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/public/v1/auth/login', payload: { username_or_email, password } });
    expect((await login('invitee@example.com', 'attacker password')).statusCode).toBe(401);
    expect((await login('invitee@example.com', 'invitee password')).statusCode).toBe(200);
  });
});
