import { ACCESS_CHANGED_ACTION } from '@omnichat/contracts';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  addMember,
  call,
  eventually,
  memberToken,
  openSocket,
  seedUsers,
  sharedDatabase,
  startCluster,
  startRedis,
} from '../../../test/cluster.ts';
import { freePort, type ServerProcess, startServerProcess } from '../../../test/server-process.ts';

const serverUrl = process.env.DATABASE_URL;
let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** Two real server processes on one PostgreSQL database and one Redis, with an organization of two. */
async function cluster(env: Record<string, string> = {}) {
  const redis = await startRedis();
  cleanup.push(() => redis.stop().catch(() => undefined));
  const database = await sharedDatabase(serverUrl!);
  cleanup.push(() => database.drop());
  await seedUsers(database.url, ['owner', 'member']);
  const [a, b] = await startCluster({ DATABASE_URL: database.url, REDIS_URL: redis.url, ...env });
  cleanup.push(
    () => a!.dispose(),
    () => b!.dispose(),
  );
  const login = await call<{ token: string }>(a!, '/public/v1/auth/login', {
    body: { username_or_email: 'owner', password: 'cluster test password' },
  });
  const workspace = await call<{ id: string }>(a!, '/v1/workspace', {
    body: { name: 'Cluster', time_zone: 'UTC' },
    token: login.data.token,
  });
  const workspaceId = workspace.data.id;
  await addMember(database.url, workspaceId, 'member');
  return {
    a: a!,
    b: b!,
    redis,
    workspaceId,
    databaseUrl: database.url,
    owner: await memberToken(a!, 'owner', workspaceId),
  };
}

const ready = async (server: ServerProcess) => {
  const response = await fetch(`${server.base}/readyz`);
  return { status: response.status, body: await response.text() };
};

describe.skipIf(!serverUrl)('several processes, one system (PostgreSQL and Redis)', () => {
  it('a change made through one process reaches sockets of the other, notification panels too; revocations close them there', async () => {
    const { a, b, workspaceId, owner, databaseUrl } = await cluster();
    const ownerOnB = await openSocket(b, owner);
    const memberOnB = await openSocket(b, await memberToken(b, 'member', workspaceId));

    const created = await call<{ id: string }>(a, '/v1/teams', { body: { name: 'Support' }, token: owner });
    expect(created.status).toBe(200);
    expect(await ownerOnB.next('team.created')).toMatchObject({ data: { id: created.data.id, name: 'Support' } });
    // the member holds no team_read: the push is not for them
    expect(memberOnB.received.map((m) => m.action)).not.toContain('team.created');

    const members = await call<{ items: { id: string; user: { username: string } }[] }>(a, '/v1/workspace/members', {
      token: owner,
    });
    const member = members.data.items.find((m) => m.user.username === 'member')!;
    expect((await call(a, `/v1/workspace/members/${member.id}`, { method: 'DELETE', token: owner })).status).toBe(200);
    expect(await memberOnB.closed).toBe(4403);

    // a read in the notification panel on one process updates the user's panel on the other
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    const { rows } = await database.query(
      `insert into notifications (workspace_id, user_id, type, params)
       select $1, id, 'member.joined', '{"name":"Amy","organization":"Cluster"}' from users where username = 'owner'
       returning id`,
      [workspaceId],
    );
    await database.end();
    const panel = async (server: ServerProcess) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/v1/ws/system-notification?token=${owner}`);
      const received: { type: string; data?: { unread_count: number } }[] = [];
      ws.on('message', (raw) => received.push(JSON.parse(raw.toString())));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      cleanup.push(() => ws.terminate());
      return { ws, received };
    };
    const [onA, onB] = [await panel(a), await panel(b)];
    onB.ws.send(JSON.stringify({ type: 'query', data: { page: 1, size: 10, field: 'created_at', asc: false } }));
    await eventually(async () => onB.received.at(-1)?.data?.unread_count === 1);
    onA.ws.send(JSON.stringify({ type: 'read', data: { notification_id: rows[0].id } }));
    await eventually(async () => onB.received.at(-1)?.data?.unread_count === 0);

    // a socket ticket issued by one process opens a socket on the other, once
    const issued = await call<{ ticket: string }>(a, '/v1/ws/ticket', { body: {}, token: owner });
    expect(issued.status).toBe(200);
    const ticketOnB = await openSocket(b, issued.data.ticket);
    await expect(openSocket(a, issued.data.ticket)).rejects.toThrow(/401/);

    const panelClosed = new Promise<number>((resolve) => onB.ws.once('close', resolve));
    expect((await call(a, '/v1/auth/logout', { body: {}, token: owner })).status).toBe(200);
    expect(await ownerOnB.closed).toBe(4401);
    expect(await ticketOnB.closed).toBe(4401);
    expect(await panelClosed).toBe(4401);
    // the revoked token is refused on the other process at once
    expect((await call(b, '/v1/teams', { token: owner })).status).toBe(401);
  }, 60_000);

  it("a change of a member's access made through one process reaches their sockets on the other: read again, or closed", async () => {
    const { a, b, workspaceId, owner } = await cluster();
    const memberToB = await memberToken(b, 'member', workspaceId);
    const memberOnB = await openSocket(b, memberToB);
    const panelOnB = new WebSocket(`ws://127.0.0.1:${b.port}/v1/ws/system-notification?token=${memberToB}`);
    cleanup.push(() => panelOnB.terminate());
    const panelClosed = new Promise<number>((resolve) => panelOnB.once('close', resolve));
    await new Promise((resolve, reject) => panelOnB.once('open', resolve).once('error', reject));

    const members = await call<{ items: { id: string; user: { username: string } }[] }>(a, '/v1/workspace/members', {
      token: owner,
    });
    const member = members.data.items.find((m) => m.user.username === 'member')!;
    const granted = await call(a, `/v1/workspace/member/${member.id}/permission`, {
      method: 'PUT',
      body: { permissions: ['team_read'] },
      token: owner,
    });
    expect(granted.status).toBe(200);
    await memberOnB.next(ACCESS_CHANGED_ACTION);
    // the socket on B now pushes with the permission granted on A
    expect((await call(a, '/v1/teams', { body: { name: 'Support' }, token: owner })).status).toBe(200);
    expect(await memberOnB.next('team.created')).toMatchObject({ data: { name: 'Support' } });

    expect((await call(a, `/v1/workspace/members/${member.id}`, { method: 'DELETE', token: owner })).status).toBe(200);
    expect(await memberOnB.closed).toBe(4403);
    expect(await panelClosed).toBe(4403);
  }, 60_000);

  it('counts sign-in attempts made on either process against one limit', async () => {
    const { a, b } = await cluster({ LOGIN_LIMIT_PER_ACCOUNT: '4' });
    const attempt = (server: ServerProcess) =>
      call(server, '/public/v1/auth/login', { body: { username_or_email: 'member', password: 'wrong password' } });
    for (const server of [a, b, a, b]) expect((await attempt(server)).status).toBe(401);
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
  }, 60_000);

  it('keeps answering HTTP through a Redis outage and resumes pushes across processes when Redis is back', async () => {
    const { a, b, redis, workspaceId, owner } = await cluster();
    expect((await ready(a)).status).toBe(200);
    await redis.stop();

    await eventually(async () => (await ready(a)).status === 503);
    const down = await ready(b);
    expect(down.status).toBe(503);
    expect(down.body).toContain('redis');
    // HTTP goes on, and a socket on the same process still hears the change
    const sameProcess = await openSocket(a, owner);
    expect((await call(a, '/v1/teams', { body: { name: 'During outage' }, token: owner })).status).toBe(200);
    expect(await sameProcess.next('team.created')).toMatchObject({ data: { name: 'During outage' } });
    expect(a.log()).toContain('redis unavailable');
    // sign-in still answers: the limits count in memory meanwhile
    const signIn = await call(b, '/public/v1/auth/login', {
      body: { username_or_email: 'owner', password: 'cluster test password' },
    });
    expect(signIn.status).toBe(200);

    const again = await startRedis(redis.port);
    cleanup.push(() => again.stop());
    await eventually(async () => (await ready(a)).status === 200 && (await ready(b)).status === 200, 20_000);
    const otherProcess = await openSocket(b, await memberToken(b, 'owner', workspaceId));
    expect((await call(a, '/v1/teams', { body: { name: 'After outage' }, token: owner })).status).toBe(200);
    expect(await otherProcess.next('team.created')).toMatchObject({ data: { name: 'After outage' } });
  }, 90_000);

  it('starts while Redis is down, answers /readyz 503 naming it, and recovers once Redis comes up', async () => {
    const database = await sharedDatabase(serverUrl!);
    cleanup.push(() => database.drop());
    const port = await freePort();
    const server = await startServerProcess({ DATABASE_URL: database.url, REDIS_URL: `redis://127.0.0.1:${port}` });
    cleanup.push(() => server.dispose());
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    const down = await ready(server);
    expect(down.status).toBe(503);
    expect(down.body).toContain('redis');

    const redis = await startRedis(port);
    cleanup.push(() => redis.stop());
    await eventually(async () => (await ready(server)).status === 200, 20_000);
  }, 60_000);
});
