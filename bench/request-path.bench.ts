/**
 * The request path under load from a separate process: the server runs as its own process (as in production),
 * autocannon drives it from this one, so the client never shares the server's event loop. Three routes in one
 * run: a bare route with no database (GET /healthz), a public route with one query
 * (GET /public/v1/system-setting), and a signed-in organization list route (GET /v1/teams).
 *
 *   [DATABASE_URL=postgres://…] node --import tsx bench/request-path.bench.ts [seconds] [connections]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { users } from '../apps/server/src/platform/identity/users.tables.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 16);
const PASSWORD = 'bench password';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

// A database of its own, with one verified user, prepared before the server opens it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'omnichat-bench-'));
const serverUrl = process.env.DATABASE_URL;
const dbName = `omnichat_bench_${randomBytes(4).toString('hex')}`;
let databaseUrl: string | undefined;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}
const setup = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
await setup.db.insert(users).values({
  username: 'bench',
  displayName: 'Bench',
  email: 'bench@example.com',
  passwordHash: await hashPassword(PASSWORD),
  emailVerified: true,
});
await setup.close();

const port = await freePort();
const { DATABASE_URL: _unused, ...inherited } = process.env;
const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.resolve(import.meta.dirname, '../apps/server/src/main.ts')],
  {
    env: {
      ...inherited,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_IP: '1000',
      ADMIN_PASSWORD: 'bench admin password',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret!',
      SECRETS_KEY: 'bench-secrets-key-bench-secrets-key!!',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  const up = await fetch(`${base}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (i > 600) throw new Error('the server did not start');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

async function call(route: string, body?: object, token?: string) {
  const response = await fetch(`${base}${route}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body && JSON.stringify(body),
  });
  const json = (await response.json()) as { data: Record<string, unknown> };
  if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}
const login = await call('/public/v1/auth/login', { username_or_email: 'bench', password: PASSWORD });
const workspace = await call('/v1/workspace', { name: 'Bench', time_zone: 'UTC' }, login.token as string);
const bound = await call('/public/v1/auth/refresh-token', { token: login.token, workspace_id: workspace.id });
for (let i = 0; i < 20; i++) await call('/v1/teams', { name: `Team ${i}` }, bound.token as string);

const routes = [
  { name: 'bare route, no database (GET /healthz)', path: '/healthz' },
  { name: 'public, one query (GET /public/v1/system-setting)', path: '/public/v1/system-setting?keys=system.name' },
  { name: 'signed in, organization list (GET /v1/teams)', path: '/v1/teams', token: bound.token as string },
];
const results = [];
for (const route of routes) {
  const result = await autocannon({
    url: `${base}${route.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: route.token ? { authorization: `Bearer ${route.token}` } : {},
  });
  if (result.non2xx) throw new Error(`${route.path}: ${result.non2xx} answers were not 2xx`);
  results.push({ ...route, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
}
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

const kind = serverUrl ? 'PostgreSQL' : 'PGlite';
console.log(
  `\nRequest path, ${kind}: ${SECONDS} s per route, ${CONNECTIONS} connections, autocannon in its own process\n`,
);
console.log('| route | req/s | p50 ms | p99 ms | of bare | of one query |');
console.log('|---|---|---|---|---|---|');
const [bare, oneQuery] = results;
for (const r of results)
  console.log(
    `| ${r.name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${((r.rps / bare!.rps) * 100).toFixed(0)}% | ${((r.rps / oneQuery!.rps) * 100).toFixed(0)}% |`,
  );
