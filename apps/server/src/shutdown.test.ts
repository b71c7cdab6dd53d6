import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('shutdown', () => {
  it('exits after SIGTERM within the shutdown timeout even while a client holds a request open', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'omnichat-shutdown-'));
    const port = await freePort();
    // its own embedded database, whatever the suite runs on
    const { DATABASE_URL: _shared, ...inherited } = process.env;
    const env = { ...inherited, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WEB_DIST: '/nonexistent' };
    child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'main.ts')], {
      env: { ...env, SHUTDOWN_TIMEOUT_MS: '500', ADMIN_PASSWORD: 'shutdown test password', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = child;
    await new Promise<void>((resolve, reject) => {
      running.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('is running on')) resolve();
      });
      running.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
    });
    // a request whose headers never end: the HTTP server waits for it far longer than the shutdown timeout
    const client = connect(port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    client.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    running.kill('SIGTERM');
    const code = await exited;
    client.destroy();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(code).not.toBeNull();
  }, 60_000);
});
