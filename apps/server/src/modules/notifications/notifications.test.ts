import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, createUser, loginAdmin, loginUser } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { join } from '../teams/test-helpers.ts';
import { notifications } from './notifications.tables.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** A notification socket that keeps what it heard; `next` waits for the next message of a type. */
async function connect(token: string, locale = 'en') {
  const ws = await t.app.injectWS(`/v1/ws/system-notification?token=${token}&locale=${locale}`);
  const heard: any[] = [];
  const waiting: ((message: any) => void)[] = [];
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    heard.push(message);
    for (const resolve of waiting.splice(0)) resolve(message);
  });
  const next = () => new Promise<any>((resolve) => waiting.push(resolve));
  const send = (message: object) => {
    const answer = next();
    ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    return answer;
  };
  return { ws, heard, next, send, close: () => ws.terminate() };
}

/** Invites `email` into the owner's organization and accepts as a new account; the join events are delivered. */
async function inviteAndJoin(ownerToken: string, email: string, displayName: string) {
  await t.app.inject({
    method: 'POST',
    url: '/v1/workspace/members/invite',
    headers: bearer(ownerToken),
    payload: { email, role: 'member' },
  });
  const joined = await t.app.inject({
    method: 'POST',
    url: '/public/v1/workspace/invite/accept',
    payload: {
      token: t.mail.tokenFor(email, '/auth/join'),
      account: { username: email.split('@')[0], display_name: displayName, password: 'joining password' },
    },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  await t.app.jobs.drain();
}

const query = { type: 'query', data: { page: 1, size: 10, field: 'created_at', asc: false } };

describe('notification socket', () => {
  it('refuses the upgrade without an organization-bound token', async () => {
    await expect(t.app.injectWS('/v1/ws/system-notification')).rejects.toThrow(/401/);
    await expect(t.app.injectWS('/v1/ws/system-notification?token=forged')).rejects.toThrow(/401/);
    const user = await createUser(t);
    const unbound = await loginUser(t, user.username);
    await expect(t.app.injectWS(`/v1/ws/system-notification?token=${unbound}`)).rejects.toThrow(/401/);
  });

  it('notifies each person once of a join: the inviter that their invitation was accepted, other admins of the member, live', async () => {
    const owner = await createOwner(t, 'Acme');
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    const [socket, adminSocket] = [await connect(owner.token), await connect(admin.token)];
    expect(await socket.send(query)).toMatchObject({
      type: 'query',
      success: true,
      data: { notifications: [], unread_count: 0 },
      page: { page: 1, size: 10, total: 0 },
    });
    await adminSocket.send(query);
    const [pushed, pushedToAdmin] = [socket.next(), adminSocket.next()];
    await inviteAndJoin(owner.token, 'amy@example.com', 'Amy Chan');
    const update = await pushed;
    expect(update.data.unread_count).toBe(1);
    expect(update.data.notifications).toEqual([
      expect.objectContaining({
        title: 'Amy Chan accepted your invitation',
        read: false,
        pinned: false,
        count: 1,
        url: '/app/organization/users',
      }),
    ]);
    expect(typeof update.data.notifications[0].created_at).toBe('number');
    expect((await pushedToAdmin).data.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Amy Chan joined Acme',
    ]);
    // the event delivered again notifies nobody twice
    await t.app.jobs.drain();
    expect((await socket.send(query)).page.total).toBe(1);
    expect((await adminSocket.send(query)).page.total).toBe(1);
    socket.close();
    adminSocket.close();
  });

  it('reads, pins, deletes and clears, keeping every tab of the user in step; reads are never undone', async () => {
    const owner = await createOwner(t, 'Acme');
    await inviteAndJoin(owner.token, 'amy@example.com', 'Amy Chan');
    await inviteAndJoin(owner.token, 'ben@example.com', 'Ben Wong');
    const [tab1, tab2] = [await connect(owner.token), await connect(owner.token, 'zh-hk')];
    const first = await tab1.send(query);
    await tab2.send(query);
    const [a, b] = first.data.notifications;

    const inOther = tab2.next();
    const mine = await tab1.send({ type: 'read', data: { notification_id: a.id } });
    expect(mine.data.unread_count).toBe(1);
    const other = await inOther;
    expect(other.data.unread_count).toBe(1);
    // the other tab reads in its own language
    expect(other.data.notifications.map((n: { title: string }) => n.title).sort()).toEqual([
      'Amy Chan 已接受你的邀請',
      'Ben Wong 已接受你的邀請',
    ]);
    expect((await tab1.send({ type: 'read', data: { notification_id: a.id } })).data.unread_count).toBe(1);

    const pinned = await tab1.send({ type: 'pin', data: { notification_id: b.id } });
    expect(pinned.data.notifications[0]).toMatchObject({ id: b.id, pinned: true });
    expect((await tab1.send({ type: 'pin', data: { notification_id: b.id } })).data.notifications).toContainEqual(
      expect.objectContaining({ id: b.id, pinned: false }),
    );
    const cleared = await tab1.send({ type: 'remove-read' });
    expect(cleared.data.notifications.map((n: { id: string }) => n.id)).toEqual([b.id]);
    expect((await tab1.send({ type: 'delete', data: { notification_id: b.id } })).page.total).toBe(0);
    expect(await tab1.send({ type: 'ping' })).toEqual({ type: 'pong', time: expect.any(Number) });
    tab1.close();
    tab2.close();
  });

  it("answers bad messages and another user's notification with an error, changing nothing", async () => {
    const owner = await createOwner(t, 'Acme');
    await inviteAndJoin(owner.token, 'amy@example.com', 'Amy Chan');
    await inviteAndJoin(owner.token, 'ben@example.com', 'Ben Wong');
    const outsider = await createOwner(t, 'Other');
    const colleague = await join(t, owner.workspaceId, 'admin');
    const socket = await connect(owner.token);
    const [mineOne] = (await socket.send(query)).data.notifications;
    for (const socketOf of [await connect(outsider.token), await connect(colleague.token)]) {
      for (const bad of [
        'not json',
        { type: 'explode' },
        { type: 'read', data: { notification_id: mineOne.id } },
        { type: 'pin', data: { notification_id: mineOne.id } },
        { type: 'delete', data: { notification_id: mineOne.id } },
        { type: 'read', data: { notification_id: "' or 1=1 --" } },
      ])
        expect(await socketOf.send(bad as object)).toMatchObject({
          type: 'error',
          success: false,
          error: expect.any(String),
          trace_id: expect.any(String),
        });
      socketOf.close();
    }
    expect((await socket.send(query)).data).toMatchObject({ unread_count: 2 });
    socket.close();
  });
});

describe('bulk actions of the panel', () => {
  /** The owner told of three joins (Amy's, Ben's, Cat's invitations accepted); an admin told of them as joins. */
  async function threeJoins() {
    const owner = await createOwner(t, 'Acme');
    const colleague = await joinAs(t, owner.workspaceId, 'admin');
    await inviteAndJoin(owner.token, 'amy@example.com', 'Amy Chan');
    await inviteAndJoin(owner.token, 'ben@example.com', 'Ben Wong');
    await inviteAndJoin(owner.token, 'cat@example.com', 'Cat Lee');
    const socket = await connect(owner.token);
    const listed: { id: string; title: string }[] = (await socket.send(query)).data.notifications;
    const idOf = (name: string) => listed.find((n) => n.title.startsWith(name))!.id;
    return { owner, colleague, socket, idOf };
  }
  const titles = (answer: { data: { notifications: { title: string }[] } }) =>
    answer.data.notifications.map((n) => n.title.split(' ')[0]).sort();

  it('marks all read in every tab of the reader, and nobody else’s', async () => {
    const { owner, colleague, socket } = await threeJoins();
    const [tab, colleagues] = [await connect(owner.token), await connect(colleague.token)];
    await tab.send(query);
    expect((await colleagues.send(query)).data.unread_count).toBe(3);
    const inTab = tab.next();
    const answered = await socket.send({ type: 'read-all' });
    expect(answered.data.unread_count).toBe(0);
    expect(answered.data.notifications.map((n: { read: boolean }) => n.read)).toEqual([true, true, true]);
    expect((await inTab).data.unread_count).toBe(0);
    expect((await colleagues.send(query)).data.unread_count).toBe(3);
    for (const open of [socket, tab, colleagues]) open.close();
  });

  it('clears read or all notifications, keeping the pinned ones', async () => {
    const { socket, idOf } = await threeJoins();
    await socket.send({ type: 'pin', data: { notification_id: idOf('Amy') } });
    await socket.send({ type: 'read', data: { notification_id: idOf('Amy') } });
    await socket.send({ type: 'read', data: { notification_id: idOf('Ben') } });
    expect(titles(await socket.send({ type: 'remove-read' }))).toEqual(['Amy', 'Cat']);
    const cleared = await socket.send({ type: 'remove-any' });
    expect(cleared.data.notifications).toEqual([expect.objectContaining({ id: idOf('Amy'), pinned: true })]);
    expect(cleared.page.total).toBe(1);
    socket.close();
  });

  it("never reads or clears another member's or another organization's notifications", async () => {
    const { colleague, socket } = await threeJoins();
    const outsider = await createOwner(t, 'Other');
    for (const token of [outsider.token, colleague.token]) {
      const other = await connect(token);
      for (const type of ['read-all', 'remove-read', 'remove-any']) await other.send({ type });
      other.close();
    }
    const mine = await socket.send(query);
    expect(mine.data.unread_count).toBe(3);
    expect(titles(mine)).toEqual(['Amy', 'Ben', 'Cat']);
    socket.close();
  });
});

describe('notification preferences', () => {
  it('lists every type, keeps a member’s choices, and leaves the panel out for a type switched off', async () => {
    const owner = await createOwner(t, 'Acme');
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    const answer = await t.app.inject({
      method: 'GET',
      url: '/v1/notification-preferences',
      headers: bearer(admin.token),
    });
    expect(json(answer).data.types).toContainEqual({ type: 'member.joined', in_app: true, email: true, push: true });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/notification-preferences',
      headers: bearer(admin.token),
      payload: { email_mode: 'digest', types: [{ type: 'member.joined', in_app: false, email: false, push: false }] },
    });
    expect(json(saved).data).toMatchObject({ email_mode: 'digest' });
    await inviteAndJoin(owner.token, 'amy@example.com', 'Amy Chan');
    const titlesOf = async (token: string) => {
      const socket = await connect(token);
      const titles = (await socket.send(query)).data.notifications.map((n: { title: string }) => n.title);
      socket.close();
      return titles;
    };
    expect(await titlesOf(owner.token)).toEqual(['Amy Chan accepted your invitation']);
    expect(await titlesOf(admin.token)).toEqual([]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/v1/notification-preferences',
      headers: bearer(owner.token),
      payload: { email_mode: 'hourly', types: [] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('e-mails a notification at once in the recipient’s language unless they chose the digest', async () => {
    const owner = await createOwner(t, 'Acme');
    const socket = await connect(owner.token, 'zh-cn');
    await socket.send(query);
    socket.close();
    await inviteAndJoin(owner.token, 'amy@example.com', 'Amy Chan');
    await inviteAndJoin(owner.token, 'ben@example.com', 'Ben Wong');
    const mails = t.mail.sent.filter((mail) => mail.to === owner.user.email && mail.subject.includes(' 已'));
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['Amy Chan 已接受你的邀请', 'Ben Wong 已接受你的邀请']);
    expect(mails[0]!.text).toContain('http://chat.test/app/organization/users');
  });
});

describe('digest and retention', () => {
  it('sends the day’s notifications in one e-mail to a member who chose the digest, and removes old ones as set', async () => {
    const owner = await createOwner(t, 'Acme');
    await t.app.inject({
      method: 'PUT',
      url: '/v1/notification-preferences',
      headers: bearer(owner.token),
      payload: { email_mode: 'digest', types: [] },
    });
    await inviteAndJoin(owner.token, 'amy@example.com', 'Amy Chan');
    await inviteAndJoin(owner.token, 'ben@example.com', 'Ben Wong');
    expect(t.mail.sent.filter((mail) => mail.to === owner.user.email)).toEqual([]);
    const admin = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    await t.app.inject({
      method: 'PUT',
      url: '/v1/system-setting',
      headers: bearer(admin),
      payload: {
        settings: [
          { key: 'notification.read.remove_after_days', value: '1' },
          { key: 'notification.any.remove_after_days', value: '30' },
        ],
      },
    });
    const socket = await connect(owner.token);
    const [older, newer] = (await socket.send(query)).data.notifications;
    await socket.send({ type: 'read', data: { notification_id: older.id } });
    socket.close();
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute(sql`update notifications set created_at = now() - interval '2 days' where id = ${older.id}`),
    );

    await t.app.jobs.start();
    await t.app.jobs.stop();
    t.clock.advance(25 * 3600 * 1000);
    await t.app.jobs.drain();
    const digest = t.mail.sent.filter((mail) => mail.to === owner.user.email);
    expect(digest).toHaveLength(1);
    expect(digest[0]).toMatchObject({ subject: 'Your notifications of the day' });
    expect(digest[0]!.text).toContain(`• ${newer.title}`);
    expect(digest[0]!.text).not.toContain(`• ${older.title}`);
    const left = await t.database.withWorkspace(owner.workspaceId, (tx) => tx.select().from(notifications));
    expect(left.map((row) => row.id)).toEqual([newer.id]);
  });
});
