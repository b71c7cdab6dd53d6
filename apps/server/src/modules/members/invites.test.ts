import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner, createUser, loginUser } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { workspaceInvites, workspaces } from '../../platform/identity/workspaces.tables.ts';
import { auditOf } from '../teams/test-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const invite = (token: string, email: string, role = 'member') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/workspace/members/invite',
    headers: bearer(token),
    payload: { email, role },
  });
const accept = (payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/public/v1/workspace/invite/accept',
    payload,
    headers: token ? bearer(token) : {},
  });
const resend = (token: string, id: string) =>
  t.app.inject({ method: 'POST', url: `/v1/workspace/members/invites/${id}/resend`, headers: bearer(token) });
const pendingInvites = async (token: string) =>
  json(await t.app.inject({ method: 'GET', url: '/v1/workspace/members/invites', headers: bearer(token) })).data;
const inviteRows = (workspaceId: string) =>
  t.database.withWorkspace(workspaceId, (tx) => tx.select().from(workspaceInvites));
/** Dates the invitation's last mail (and optionally its expiry) `ms` earlier, as if time had passed. */
const age = (workspaceId: string, id: string, ms: number, expired = false) =>
  t.database.withWorkspace(workspaceId, (tx) =>
    tx
      .update(workspaceInvites)
      .set({ sentAt: new Date(Date.now() - ms), ...(expired && { expiresAt: new Date(Date.now() - 1000) }) })
      .where(eq(workspaceInvites.id, id)),
  );
const preview = (token: string) => t.app.inject({ method: 'GET', url: `/public/v1/workspace/invite?token=${token}` });
const memberEmails = async (token: string) =>
  json(await t.app.inject({ method: 'GET', url: '/v1/workspace/members', headers: bearer(token) })).data.items.map(
    (m: { user: { email: string } }) => m.user.email,
  );

describe('invitations', () => {
  it('mails a join link; a new person creates their account from it and is signed in', async () => {
    const owner = await createOwner(t, 'Acme');
    const sent = await invite(owner.token, 'new@example.com', 'viewer');
    expect(sent.statusCode).toBe(200);
    expect(json(sent).data).toMatchObject({ email: 'new@example.com', role: 'viewer' });
    const token = t.mail.tokenFor('new@example.com', '/auth/join');
    expect(t.mail.sent.at(-1)!.text).toContain('http://chat.test/auth/join?token=');

    const preview = json(await t.app.inject({ method: 'GET', url: `/public/v1/workspace/invite?token=${token}` })).data;
    expect(preview).toMatchObject({
      workspace: { name: 'Acme' },
      email: 'new@example.com',
      role: 'viewer',
      has_account: false,
    });

    const missing = await accept({ token });
    expect(json(missing).error).toBe('choose a username, display name and password to accept the invitation');
    const joined = await accept({
      token,
      account: { username: 'newbie', display_name: 'New Bie', password: 'new member pw' },
    });
    expect(joined.statusCode).toBe(200);
    expect(json(joined).data.workspace_id).toBe(owner.workspaceId);
    const self = json(
      await t.app.inject({ method: 'GET', url: '/v1/self', headers: bearer(json(joined).data.token) }),
    ).data;
    expect(self).toMatchObject({ username: 'newbie', email: 'new@example.com', invited: true, email_verified: true });
    expect(await memberEmails(owner.token)).toContain('new@example.com');
    // joined, so no longer "invited" (the account itself remembers it came from an invitation)
    const members = json(
      await t.app.inject({ method: 'GET', url: '/v1/workspace/members', headers: bearer(owner.token) }),
    ).data.items as { invited: boolean; user: { email: string } }[];
    expect(members.find((m) => m.user.email === 'new@example.com')).toMatchObject({ invited: false });
    // A viewer joins with read permissions only.
    const perms = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/refresh-token',
      payload: { token: json(joined).data.token, workspace_id: owner.workspaceId },
    });
    expect(json(perms).data.workspace.permissions.every((p: string) => p.endsWith('_read'))).toBe(true);

    const again = await accept({ token, account: { username: 'other', display_name: 'x', password: 'whatever pw' } });
    expect(json(again).error).toBe('invalid invite token');
    expect(json(await accept({ token: 'nope' })).error).toBe('invite token not found');
  });

  it('links an existing account: the invitee signs in as the invited address', async () => {
    const owner = await createOwner(t);
    const existing = await createUser(t);
    await invite(owner.token, existing.email.toUpperCase());
    const token = t.mail.tokenFor(existing.email.toUpperCase(), '/auth/join');
    expect(
      json(await t.app.inject({ method: 'GET', url: `/public/v1/workspace/invite?token=${token}` })).data.has_account,
    ).toBe(true);
    expect(json(await accept({ token })).error).toBe(
      'an account with this e-mail exists: sign in to accept the invitation',
    );
    const someoneElse = await loginUser(t, (await createUser(t)).username);
    expect(json(await accept({ token }, someoneElse)).error).toBe('this invitation was sent to another e-mail address');
    const ok = await accept({ token }, await loginUser(t, existing.username));
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.token).toBeUndefined();
    expect(await memberEmails(owner.token)).toContain(existing.email);
  });

  it('refuses to invite a member, replaces a pending invitation, and can withdraw one', async () => {
    const owner = await createOwner(t);
    const bob = await joinAs(t, owner.workspaceId, 'member');
    const dup = await invite(owner.token, bob.user.email);
    expect(dup.statusCode).toBe(409);
    expect(json(dup).fields).toEqual({ email: 'this person is already a member of the organization' });
    await invite(owner.token, 'x@example.com');
    const first = t.mail.tokenFor('x@example.com', '/auth/join');
    await invite(owner.token, 'x@example.com', 'admin');
    const list = json(
      await t.app.inject({ method: 'GET', url: '/v1/workspace/members/invites', headers: bearer(owner.token) }),
    ).data;
    expect(list.map((i: { email: string; role: string }) => `${i.email}:${i.role}`)).toEqual(['x@example.com:admin']);
    expect(
      json(await accept({ token: first, account: { username: 'xx', display_name: 'X', password: 'password xx' } }))
        .error,
    ).toBe('invite token not found');
    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `/v1/workspace/members/invites/${list[0].id}`,
      headers: bearer(owner.token),
    });
    expect(withdrawn.statusCode).toBe(200);
    const second = t.mail.tokenFor('x@example.com', '/auth/join');
    expect(
      json(await accept({ token: second, account: { username: 'xx', display_name: 'X', password: 'password xx' } }))
        .error,
    ).toBe('invite token not found');

    const audited = (await auditOf(t, owner.workspaceId)).filter((entry) => entry.action.startsWith('member.invite'));
    expect(audited.map((entry) => [entry.action, entry.after ?? entry.before, entry.actorId])).toEqual([
      ['member.invite', { email: 'x@example.com', role: 'member' }, owner.user.id],
      ['member.invite', { email: 'x@example.com', role: 'admin' }, owner.user.id],
      ['member.invite.revoke', { email: 'x@example.com', role: 'admin' }, owner.user.id],
    ]);
  });

  it('refuses to invite yourself with a message for the e-mail field, sending nothing', async () => {
    const owner = await createOwner(t);
    const mails = t.mail.sent.length;
    const self = await invite(owner.token, ` ${owner.user.email.toUpperCase()} `);
    expect(self.statusCode).toBe(409);
    expect(json(self)).toMatchObject({
      error: 'you cannot invite yourself: you are already a member of this organization',
      fields: { email: 'you cannot invite yourself: you are already a member of this organization' },
    });
    expect(t.mail.sent).toHaveLength(mails);
    expect(await inviteRows(owner.workspaceId)).toEqual([]);
  });

  it('resends an invitation with a new link and expiry, at most once a minute, and audits it', async () => {
    const owner = await createOwner(t, 'Acme');
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    await invite(owner.token, 'again@example.com', 'viewer');
    const first = t.mail.tokenFor('again@example.com', '/auth/join');
    const [sent] = await pendingInvites(owner.token);

    const tooSoon = await resend(owner.token, sent.id);
    expect(tooSoon.statusCode).toBe(429);
    expect(json(tooSoon).error).toMatch(/^this invitation was just sent, please try again in (60|59) seconds$/);
    expect(t.mail.sent.filter((m) => m.to === 'again@example.com')).toHaveLength(1);

    await age(owner.workspaceId, sent.id, 61_000);
    const again = await resend(admin.token, sent.id);
    expect(again.statusCode).toBe(200);
    expect(json(again).data).toMatchObject({
      id: sent.id,
      email: 'again@example.com',
      role: 'viewer',
      invited_by: admin.user.displayName,
    });
    expect(json(again).data.expires_at).toBeGreaterThanOrEqual(sent.expires_at);
    const mails = t.mail.sent.filter((m) => m.to === 'again@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`${admin.user.displayName} invited you to Acme`);
    const second = t.mail.tokenFor('again@example.com', '/auth/join');
    expect(second).not.toBe(first);
    expect(json(await preview(first)).error).toBe('invite token not found');
    expect(json(await preview(second)).data).toMatchObject({ email: 'again@example.com', role: 'viewer' });
    expect(await pendingInvites(owner.token)).toHaveLength(1);

    // an expired invitation comes back for another 7 days
    await age(owner.workspaceId, sent.id, 61_000, true);
    expect(await pendingInvites(owner.token)).toEqual([]);
    const revived = await resend(owner.token, sent.id);
    expect(revived.statusCode).toBe(200);
    expect(json(revived).data.expires_at * 1000).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    expect(await pendingInvites(owner.token)).toHaveLength(1);

    const audited = (await auditOf(t, owner.workspaceId)).filter((entry) => entry.action.startsWith('member.invite'));
    expect(audited.map((entry) => [entry.action, entry.after, entry.actorId])).toEqual([
      ['member.invite', { email: 'again@example.com', role: 'viewer' }, owner.user.id],
      ['member.invite.resend', { email: 'again@example.com', role: 'viewer' }, admin.user.id],
      ['member.invite.resend', { email: 'again@example.com', role: 'viewer' }, owner.user.id],
    ]);
  });

  it('refuses a resend from another organization, without member_write, or of an owner invitation by an admin', async () => {
    const owner = await createOwner(t);
    const stranger = await createOwner(t);
    const reader = await joinAs(t, owner.workspaceId, 'member', ['member_read']);
    const viewer = await joinAs(t, owner.workspaceId, 'viewer', ['member_read']);
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    await invite(owner.token, 'boss@example.com', 'owner');
    const token = t.mail.tokenFor('boss@example.com', '/auth/join');
    const [pending] = await pendingInvites(owner.token);
    await age(owner.workspaceId, pending.id, 61_000);
    const before = await inviteRows(owner.workspaceId);

    expect((await resend(stranger.token, pending.id)).statusCode).toBe(404);
    expect((await resend(owner.token, crypto.randomUUID())).statusCode).toBe(404);
    for (const who of [reader, viewer]) expect((await resend(who.token, pending.id)).statusCode).toBe(403);
    const byAdmin = await resend(admin.token, pending.id);
    expect(byAdmin.statusCode).toBe(403);
    expect(json(byAdmin).error).toBe('only an owner can grant, change or remove the owner role');

    expect(await inviteRows(owner.workspaceId)).toEqual(before);
    expect(t.mail.sent.filter((m) => m.to === 'boss@example.com')).toHaveLength(1);
    expect((await preview(token)).statusCode).toBe(200);
    const audited = await auditOf(t, owner.workspaceId);
    expect(audited.filter((entry) => entry.action === 'member.invite.resend')).toEqual([]);
    expect(await auditOf(t, stranger.workspaceId)).not.toContainEqual(
      expect.objectContaining({ action: 'member.invite.resend' }),
    );
  });

  it('counts pending invitations against the seats', async () => {
    const owner = await createOwner(t);
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.update(workspaces).set({ maxSeats: 2 }).where(eq(workspaces.id, owner.workspaceId)),
    );
    expect((await invite(owner.token, 'a@example.com')).statusCode).toBe(200);
    const full = await invite(owner.token, 'b@example.com');
    expect(full.statusCode).toBe(403);
    expect(json(full).error).toBe('this organization has no free seats left (2)');
    // Accepting the pending one needs no extra seat.
    const token = t.mail.tokenFor('a@example.com', '/auth/join');
    expect(
      (await accept({ token, account: { username: 'aa', display_name: 'A', password: 'password aa' } })).statusCode,
    ).toBe(200);
  });

  it('refuses members without member_write, viewers, other organizations, and owner invites by admins', async () => {
    const owner = await createOwner(t);
    const bob = await joinAs(t, owner.workspaceId, 'member', ['member_read']);
    const vic = await joinAs(t, owner.workspaceId, 'viewer', ['member_read']);
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    const stranger = await createOwner(t);
    for (const token of [bob.token, vic.token]) expect((await invite(token, 'z@example.com')).statusCode).toBe(403);
    expect(json(await invite(admin.token, 'boss@example.com', 'owner')).error).toBe(
      'only an owner can grant, change or remove the owner role',
    );
    await invite(owner.token, 'y@example.com');
    const [pending] = json(
      await t.app.inject({ method: 'GET', url: '/v1/workspace/members/invites', headers: bearer(owner.token) }),
    ).data;
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/v1/workspace/members/invites/${pending.id}`,
      headers: bearer(stranger.token),
    });
    expect(revoke.statusCode).toBe(404);
    expect(
      json(await t.app.inject({ method: 'GET', url: '/v1/workspace/members/invites', headers: bearer(stranger.token) }))
        .data,
    ).toEqual([]);
    expect(
      json(await t.app.inject({ method: 'GET', url: '/v1/workspace/members/invites', headers: bearer(owner.token) }))
        .data,
    ).toHaveLength(1);
    expect(t.mail.sent.filter((m) => m.to === 'z@example.com')).toEqual([]);
  });
});
