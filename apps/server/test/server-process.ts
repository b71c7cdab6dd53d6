import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newPglite } from '../src/platform/db/database.ts';
import { migrated } from './test-app.ts';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  process: ChildProcess;
  port: number;
  base: string;
  /** everything the process printed so far */
  log(): string;
  /** resolves with the exit code */
  exited: Promise<number | null>;
  /** kills it if still running and removes its data folder */
  dispose(): void;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

const killGroup = (pid: number) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group has ended already
  }
};

/**
 * Puts the run's migrated database into a new data folder: the process finds its migrations applied, as after a
 * restart, instead of spending most of its start on them (migrating a new folder is restart.test.ts's part).
 */
async function seedMigrated(dataDir: string) {
  const client = newPglite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: await migrated() });
  await client.waitReady;
  await client.close();
}

/**
 * The real server (src/main.ts) as a process of its own, on a free port and an embedded database in a new,
 * already migrated folder whatever the suite runs on (unless `env` names a DATABASE_URL); resolves once it
 * listens. With `serveScript`, started the way production starts it, by `npm run serve` (whatever that runs) in a
 * process group of its own.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: { serveScript?: boolean } = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'omnichat-process-'));
  if (!env.DATABASE_URL) await seedMigrated(dataDir);
  const { DATABASE_URL: _shared, ...inherited } = process.env;
  const [command, args] = options.serveScript
    ? ['npm', ['run', '--silent', 'serve']]
    : [process.execPath, [path.resolve(import.meta.dirname, '../src/main.ts')]];
  const start = async (port: number) => {
    const child = spawn(command, args, {
      cwd: options.serveScript ? repoRoot : undefined,
      detached: options.serveScript,
      env: {
        ...inherited,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = {
      child,
      port,
      log: '',
      exited: new Promise<number | null>((resolve) => child.once('exit', resolve)),
    };
    child.stderr!.on('data', (chunk: Buffer) => {
      started.log += chunk.toString();
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        started.log += chunk.toString();
        if (chunk.toString().includes('is running on')) resolve();
      });
      void started.exited.then((code) => reject(new Error(`server exited early with ${code}: ${started.log}`)));
    });
    return started;
  };
  // a free port can be taken by another test's process between the probe and the server's listen: another one
  let attempt = 0;
  let started: Awaited<ReturnType<typeof start>>;
  for (;;) {
    try {
      started = await start(await freePort());
      break;
    } catch (error) {
      if (++attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
  const { child, port } = started;
  return {
    process: child,
    port,
    base: `http://127.0.0.1:${port}`,
    log: () => started.log,
    exited: started.exited,
    dispose() {
      if (!options.serveScript) child.kill('SIGKILL');
      // npm and the shell it starts pass no SIGKILL on: the whole group goes
      else killGroup(child.pid!);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
