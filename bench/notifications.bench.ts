/**
 * The notification panel with a user's 10,000 notifications: the time of the socket's `query` (page 1, a middle
 * page, 10 a page) on the real server, and of a `read` with the page pushed after it. Baseline in the same run: the
 * same socket's `ping`, and the same queries for a user with 10 notifications.
 *
 *   [DATABASE_URL=postgres://…] node bench/notifications.bench.ts [notifications] [runs]
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import type { Database } from '../apps/server/src/platform/db/database.ts';
import { workspaceMembers, workspaces } from '../apps/server/src/platform/identity/workspaces.tables.ts';
import { startBenchServer, timeRuns, tokenFor } from './bench-server.ts';

const COUNT = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 200);
const big = randomUUID();
const small = randomUUID();

async function seed(database: Database, id: string, userId: string, count: number) {
  await database.withWorkspace(id, async (tx) => {
    await tx.insert(workspaces).values({ id, name: `Bench ${count}`, timeZone: 'UTC' });
    await tx.insert(workspaceMembers).values({ workspaceId: id, userId, role: 'owner' });
    await tx.execute(sql`
      insert into notifications (workspace_id, user_id, type, params, url, read, pinned, created_at)
      select ${id}, ${userId}, 'member.joined', jsonb_build_object('name', 'Member ' || i, 'organization', 'Bench'),
        '/app/organization/users', i % 3 = 0, i % 500 = 0, now() - (i || ' seconds')::interval
      from generate_series(1, ${count}::int) i`);
  });
}

const server = await startBenchServer(async (database, userId) => {
  await seed(database, big, userId, COUNT);
  await seed(database, small, userId, 10);
});

async function socketOf(workspaceId: string) {
  const token = await tokenFor(server, workspaceId);
  const ws = new WebSocket(`${server.base.replace(/^http/, 'ws')}/v1/ws/system-notification?token=${token}`);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const ask = (message: object) =>
    new Promise<any>((resolve) => {
      ws.once('message', (raw) => resolve(JSON.parse(raw.toString())));
      ws.send(JSON.stringify(message));
    });
  return { ws, ask };
}

async function timed(run: () => Promise<unknown>) {
  const { p50, p99 } = await timeRuns(RUNS, run);
  return `${p50} | ${p99}`;
}

const query = (page: number) => ({ type: 'query', data: { page, size: 10, field: 'created_at', asc: false } });
const [bigSocket, smallSocket] = [await socketOf(big), await socketOf(small)];
const first = await bigSocket.ask(query(1));
if (first.page.total !== COUNT) throw new Error(`expected ${COUNT} notifications, the panel says ${first.page.total}`);
const ids: string[] = first.data.notifications.map((n: { id: string }) => n.id);

const rows = [
  ['ping (baseline)', await timed(() => bigSocket.ask({ type: 'ping' }))],
  [`query page 1, ${COUNT} notifications`, await timed(() => bigSocket.ask(query(1)))],
  [`query page ${COUNT / 20}, ${COUNT} notifications`, await timed(() => bigSocket.ask(query(COUNT / 20)))],
  ['query page 1, 10 notifications (baseline)', await timed(() => smallSocket.ask(query(1)))],
  [
    `read + page pushed, ${COUNT} notifications`,
    await timed(() => bigSocket.ask({ type: 'read', data: { notification_id: ids[0] } })),
  ],
];
console.log(`\nNotification panel, ${server.kind}: ${RUNS} runs each\n`);
console.log('| operation | p50 ms | p99 ms |\n|---|---|---|');
for (const [name, figures] of rows) console.log(`| ${name} | ${figures} |`);
bigSocket.ws.close();
smallSocket.ws.close();
await server.stop();
