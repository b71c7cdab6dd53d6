/**
 * Socket fan-out: 2,000 general sockets of one organization spread over two server processes (one PostgreSQL
 * database, one Redis), one organization-wide push (a team created through process A: `team.created`), and the
 * time from the request to each socket's receipt. Baseline in the same run: the same 2,000 sockets on one process
 * without Redis. The sockets live in this process, which reads all 2,000 messages: its own event loop is part of
 * the figure, as a browser's would be.
 *
 *   [DATABASE_URL=postgres://…] [REDIS_URL=redis://…] node bench/socket-fanout.bench.ts [sockets] [rounds]
 */
import WebSocket from 'ws';
import {
  addMember,
  call,
  memberToken,
  PASSWORD,
  seedUsers,
  sharedDatabase,
  startRedis,
} from '../apps/server/test/cluster.ts';
import { type ServerProcess, startServerProcess } from '../apps/server/test/server-process.ts';

const SOCKETS = Number(process.argv[2] ?? 2000);
const ROUNDS = Number(process.argv[3] ?? 20);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Array.from({ length: 9 }, (_, i) => `member${i}`);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function openSockets(servers: ServerProcess[], tokens: string[]) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < SOCKETS; i += 100) {
    const batch = Array.from({ length: Math.min(100, SOCKETS - i) }, (_, j) => {
      const server = servers[(i + j) % servers.length]!;
      const token = tokens[(i + j) % tokens.length]!;
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/v1/ws?token=${encodeURIComponent(token)}`);
      return new Promise<WebSocket>((resolve, reject) => {
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Rounds of one push each: the delay of every socket, and per round the delay of the last one. */
async function measure(servers: ServerProcess[], databaseUrl: string) {
  const [a] = servers;
  const login = await call<{ token: string }>(a!, '/public/v1/auth/login', {
    body: { username_or_email: 'owner', password: PASSWORD },
  });
  const workspace = await call<{ id: string }>(a!, '/v1/workspace', {
    body: { name: 'Fan-out', time_zone: 'UTC' },
    token: login.data.token,
  });
  const workspaceId = workspace.data.id;
  const owner = await memberToken(a!, 'owner', workspaceId);
  // the owner and members allowed to read teams (so every socket is a recipient), spread over the processes
  const tokens = [owner];
  for (const name of MEMBERS) {
    await addMember(databaseUrl, workspaceId, name, ['team_read']);
    tokens.push(await memberToken(a!, name, workspaceId));
  }
  const sockets = await openSockets(servers, tokens);

  const all: number[] = [];
  const last: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let started = 0;
    const arrivals = sockets.map(
      (ws) =>
        new Promise<number>((resolve) => {
          const listen = (raw: WebSocket.RawData) => {
            if (!raw.toString().includes('"team.created"')) return;
            ws.off('message', listen);
            resolve(performance.now() - started);
          };
          ws.on('message', listen);
        }),
    );
    started = performance.now();
    const created = await call(a!, '/v1/teams', { body: { name: `Team ${round}` }, token: owner });
    if (created.status !== 200) throw new Error(`team: ${created.status} ${created.error}`);
    const delays = await Promise.all(arrivals);
    all.push(...delays);
    last.push(Math.max(...delays));
  }
  for (const ws of sockets) ws.terminate();
  all.sort((x, y) => x - y);
  last.sort((x, y) => x - y);
  return {
    p50: percentile(all, 0.5),
    p99: percentile(all, 0.99),
    lastP50: percentile(last, 0.5),
    lastP99: percentile(last, 0.99),
    lastMax: last.at(-1)!,
  };
}

async function run(kind: 'cluster' | 'single') {
  const database = await sharedDatabase(serverUrl);
  const ownRedis = kind === 'cluster' && !process.env.REDIS_URL ? await startRedis() : undefined;
  const redisUrl = process.env.REDIS_URL ?? ownRedis?.url;
  const servers: ServerProcess[] = [];
  try {
    await seedUsers(database.url, ['owner', ...MEMBERS]);
    const env = {
      DATABASE_URL: database.url,
      ...(kind === 'cluster' ? { REDIS_URL: redisUrl! } : {}),
    };
    servers.push(await startServerProcess(env));
    if (kind === 'cluster') servers.push(await startServerProcess(env));
    return await measure(servers, database.url);
  } finally {
    for (const server of servers) server.dispose();
    await ownRedis?.stop();
    await database.drop();
  }
}

const single = await run('single');
const cluster = await run('cluster');
const ms = (value: number) => value.toFixed(1);
console.log(`\nSocket fan-out: ${SOCKETS} sockets of one organization, ${ROUNDS} organization-wide pushes\n`);
console.log(
  '| setup | every socket p50 ms | every socket p99 ms | last socket p50 ms | last socket p99 ms | last socket max ms |',
);
console.log('|---|---|---|---|---|---|');
for (const [name, r] of [
  ['one process, no Redis (baseline)', single],
  ['two processes through Redis', cluster],
] as const)
  console.log(`| ${name} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.lastP50)} | ${ms(r.lastP99)} | ${ms(r.lastMax)} |`);
