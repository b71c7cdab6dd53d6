import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export const ADMIN = { username: 'e2e-admin', password: 'e2e admin password' };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

/** Starts the real server (built web app, its own data) and tells the journeys where it is and where it logs. */
export async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '..');
  const artifacts = path.join(root, 'e2e/.artifacts');
  mkdirSync(artifacts, { recursive: true });
  // named per database, so the journeys on PGlite and on PostgreSQL can run side by side
  const logFile = path.join(artifacts, process.env.DATABASE_URL ? 'server-postgres.log' : 'server-pglite.log');
  const port = await freePort();
  // the inbox and broadcast journeys start a fake Graph API on this port (Meta is out of reach)
  const graphPort = await freePort();
  // the billing journey starts a fake Stripe API on this port (Stripe is out of reach)
  const stripePort = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'omnichat-e2e-'));

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'info',
    GRAPH_API_URL: `http://127.0.0.1:${graphPort}/v23.0`,
    STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
    // workflows' HTTP steps call the journeys' local endpoints
    OUTBOUND_HTTP_ALLOW_PRIVATE: 'true',
  };
  if (process.env.DATABASE_URL) {
    const name = `omnichat_e2e_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }

  const log = createWriteStream(logFile);
  server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start; see ${logFile}`)), 60_000);
    server?.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('OmniChat is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server?.on('exit', (code) => reject(new Error(`server exited with ${code}; see ${logFile}`)));
  });

  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('serverLog', logFile);
  project.provide('graphPort', graphPort);
  project.provide('stripePort', stripePort);
}

export async function teardown() {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase?.();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    graphPort: number;
    stripePort: number;
  }
}
