import { type ChildProcess, spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { users } from '../src/platform/identity/users.tables.ts';
import { workspaceMembers } from '../src/platform/identity/workspaces.tables.ts';
import { freePort, type ServerProcess, startServerProcess } from './server-process.ts';
import { createPostgresDatabase } from './test-app.ts';

/** A redis-server of the test's own on `port`, without persistence; `stop()` kills it (an outage). */
export async function startRedis(port?: number) {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A fresh PostgreSQL database on the DATABASE_URL server, for several server processes to share. */
export const sharedDatabase = (serverUrl: string) => createPostgresDatabase(serverUrl, 'omnichat_cluster');

export const PASSWORD = 'cluster test password';

/** Verified users straight into the shared database (the mail round trip is tested elsewhere). */
export async function seedUsers(databaseUrl: string, usernames: string[]) {
  const database = await openDatabase({ databaseUrl });
  const passwordHash = await hashPassword(PASSWORD);
  await database.db.insert(users).values(
    usernames.map((username) => ({
      username,
      displayName: username,
      email: `${username}@example.com`,
      passwordHash,
      emailVerified: true,
    })),
  );
  await database.close();
}

/** Adds `username` to the organization as a member holding `permissions` (none by default). */
export async function addMember(
  databaseUrl: string,
  workspaceId: string,
  username: string,
  permissions: string[] = [],
) {
  const database = await openDatabase({ databaseUrl });
  const [user] = await database.db.select().from(users).where(eq(users.username, username));
  await database.withWorkspace(workspaceId, (tx) =>
    tx.insert(workspaceMembers).values({ workspaceId, userId: user!.id, role: 'member', permissions }),
  );
  await database.close();
}

export async function call<T = Record<string, unknown>>(
  server: ServerProcess,
  route: string,
  options: { body?: object; token?: string; method?: string } = {},
): Promise<{ status: number; data: T; error?: string }> {
  const response = await fetch(`${server.base}${route}`, {
    method: options.method ?? (options.body ? 'POST' : 'GET'),
    headers: {
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body && JSON.stringify(options.body),
  });
  const json = (await response.json()) as { data: T; error?: string };
  return { status: response.status, data: json.data, error: json.error };
}

/** Signs `username` in on `server` and binds the token to the organization. */
export async function memberToken(server: ServerProcess, username: string, workspaceId: string) {
  const login = await call<{ token: string }>(server, '/public/v1/auth/login', {
    body: { username_or_email: username, password: PASSWORD },
  });
  const bound = await call<{ token: string }>(server, '/public/v1/auth/refresh-token', {
    body: { token: login.data.token, workspace_id: workspaceId },
  });
  return bound.data.token;
}

/** An open general socket and every message it received. */
export async function openSocket(server: ServerProcess, token: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/v1/ws?token=${encodeURIComponent(token)}`);
  const received: { action: string; data?: unknown }[] = [];
  ws.on('message', (raw) => received.push(JSON.parse(raw.toString())));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    ws,
    received,
    closed,
    /** resolves with the first message of `action`, already received or still to come */
    next(action: string, timeoutMs = 5_000) {
      return new Promise<{ action: string; data?: unknown }>((resolve, reject) => {
        const found = received.find((m) => m.action === action);
        if (found) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`no ${action} within ${timeoutMs} ms`)), timeoutMs);
        const listen = (raw: WebSocket.RawData) => {
          const message = JSON.parse(raw.toString());
          if (message.action !== action) return;
          clearTimeout(timer);
          ws.off('message', listen);
          resolve(message);
        };
        ws.on('message', listen);
      });
    },
  };
}

export async function startCluster(env: Record<string, string>) {
  return Promise.all([startServerProcess(env), startServerProcess(env)]);
}

export const eventually = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
