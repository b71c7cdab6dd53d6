/**
 * A server process of its own for a benchmark (as in production: the client never shares its event loop), on a
 * database of its own (created on DATABASE_URL's server and dropped afterwards, or PGlite in a temporary folder),
 * with one verified user to sign in as. `seed` prepares the database before the server opens it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts';
import { type Database, newPglite, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { users } from '../apps/server/src/platform/identity/users.tables.ts';

export const BENCH_PASSWORD = 'bench password';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export interface BenchServer {
  /** the API's address (a new one after `restart`) */
  base: string;
  kind: 'PostgreSQL' | 'PGlite';
  process: ChildProcess;
  /** the bench's own PostgreSQL database (the server's owner role reads it past row-level security) */
  databaseUrl: string | undefined;
  /** SIGKILL to the process running the jobs (the worker when split, else the one process), once it exited */
  crash(): Promise<void>;
  /** a new process in the crashed one's place (same role, database and data folder), once it answers */
  restart(): Promise<void>;
  /** GET or POST (with a JSON body) the API; answers `data`, throws on a refusal */
  call(route: string, body?: object, token?: string): Promise<Record<string, unknown>>;
  /** the server process's peak resident memory so far, in MB (Linux) */
  peakMemoryMb(): number;
  stop(): Promise<void>;
}

/** A database of the bench's own on the PostgreSQL server at `serverUrl`; `drop()` removes it. */
export async function createBenchDatabase(serverUrl: string) {
  const name = `omnichat_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The environment of a bench's server process (its data in `dataDir`, listening on `port`). */
export const benchServerEnv = (dataDir: string, port: number) => ({
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  WEB_DIST: '/nonexistent',
  LOG_LEVEL: 'warn',
  LOGIN_LIMIT_PER_IP: '1000',
  ADMIN_PASSWORD: 'bench admin password',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret!',
  SECRETS_KEY: 'bench-secrets-key-bench-secrets-key!!',
});

/** A process's resident memory now (`VmRSS`) or at its peak (`VmHWM`), in MB (Linux). */
export function processMemoryMb(pid: number, line: 'VmRSS' | 'VmHWM') {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${line}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

/**
 * `split`: the production shape instead of one process doing everything: an api process (`ROLE=api`, answering
 * `base`) and a worker process (`ROLE=worker`) on the same PostgreSQL database and Redis (`REDIS_URL`, default the
 * machine's); needs DATABASE_URL.
 */
export async function startBenchServer(
  seed: (database: Database, userId: string) => Promise<void> = async () => undefined,
  env: Record<string, string> = {},
  { split = false }: { split?: boolean } = {},
): Promise<BenchServer> {
  if (split && !process.env.DATABASE_URL) throw new Error('an api and a worker process need DATABASE_URL');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'omnichat-bench-'));
  const serverUrl = process.env.DATABASE_URL;
  const ownDatabase = serverUrl ? await createBenchDatabase(serverUrl) : undefined;
  const databaseUrl = ownDatabase?.url;
  const setup = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const [user] = await setup.db
    .insert(users)
    .values({
      username: 'bench',
      displayName: 'Bench',
      email: 'bench@example.com',
      passwordHash: await hashPassword(BENCH_PASSWORD),
      emailVerified: true,
    })
    .returning();
  await seed(setup, user!.id);
  await setup.close();
  // what autovacuum would do after such a load: statistics for the planner, and the visibility map that lets
  // index-only scans skip the table; it needs the tables' owner (the app's connections act as the app's role)
  if (databaseUrl) {
    const owner = new pg.Client({ connectionString: databaseUrl });
    await owner.connect();
    await owner.query('VACUUM ANALYZE');
    await owner.end();
  } else {
    const owner = newPglite({ dataDir: path.join(dataDir, 'pglite') });
    await owner.exec('VACUUM ANALYZE');
    await owner.close();
  }

  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const start = async (role: Record<string, string>) => {
    const port = await freePort();
    const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../apps/server/src/main.ts')], {
      env: {
        ...inherited,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...benchServerEnv(dataDir, port),
        ...env,
        ...role,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
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
    return { child, base };
  };
  const redis = { REDIS_URL: env.REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
  const first = await start(split ? { ROLE: 'api', ...redis } : {});
  let child = first.child;
  let worker = split ? (await start({ ROLE: 'worker', ...redis })).child : undefined;

  const server: BenchServer = {
    base: first.base,
    kind: serverUrl ? 'PostgreSQL' : 'PGlite',
    process: child,
    databaseUrl,
    async crash() {
      const running = worker ?? child;
      if (running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    async restart() {
      if (split) {
        worker = (await start({ ROLE: 'worker', ...redis })).child;
        return;
      }
      const again = await start({});
      child = again.child;
      server.process = child;
      server.base = again.base;
    },
    async call(route, body, token) {
      const response = await fetch(`${server.base}${route}`, {
        method: body ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body && JSON.stringify(body),
      });
      const json = (await response.json()) as { data: Record<string, unknown> };
      if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(json)}`);
      return json.data;
    },
    peakMemoryMb: () => processMemoryMb(child.pid!, 'VmHWM'),
    async stop() {
      for (const running of [child, worker]) {
        if (!running || running.exitCode !== null || running.signalCode !== null) continue;
        running.kill('SIGTERM');
        await new Promise((resolve) => running.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
      await ownDatabase?.drop();
    },
  };
  return server;
}

const signIn = (server: BenchServer) =>
  server.call('/public/v1/auth/login', { username_or_email: 'bench', password: BENCH_PASSWORD });

/** A token of the bench user bound to an organization they belong to. */
export async function tokenFor(server: BenchServer, workspaceId: string): Promise<string> {
  const login = await signIn(server);
  return (await server.call('/public/v1/auth/refresh-token', { token: login.token, workspace_id: workspaceId }))
    .token as string;
}

/** Signs the bench user in and answers a token bound to a new organization. */
export async function benchOrganization(server: BenchServer, name: string, timeZone = 'UTC') {
  const login = await signIn(server);
  const workspace = await server.call('/v1/workspace', { name, time_zone: timeZone }, login.token as string);
  return { workspaceId: workspace.id as string, token: await tokenFor(server, workspace.id as string) };
}

/** Runs `run` `runs` times one after another; its p50 and p99 in milliseconds, to one decimal. */
export async function timeRuns(runs: number, run: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(1);
  return { p50: at(0.5), p99: at(0.99) };
}
