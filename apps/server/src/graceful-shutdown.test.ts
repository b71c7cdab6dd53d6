import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

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

const PASSWORD = 'graceful shutdown password';

describe('graceful shutdown', () => {
  it('on SIGTERM finishes an in-flight request, closes general sockets with 1001 and exits 0', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'omnichat-graceful-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // its own embedded database, whatever the suite runs on
    const { DATABASE_URL: _shared, ...inherited } = process.env;
    child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'main.ts')], {
      env: {
        ...inherited,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: '/nonexistent',
        SHUTDOWN_TIMEOUT_MS: '15000',
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = child;
    let log = '';
    running.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    await new Promise<void>((resolve, reject) => {
      running.stdout!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (chunk.toString().includes('is running on')) resolve();
      });
      running.once('exit', (code) => reject(new Error(`server exited early with ${code}: ${log}`)));
    });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const login = await fetch(`${base}/public/v1/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: 'admin', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws?token=${encodeURIComponent(token)}`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const socketClosed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

    // a request in flight when the signal comes: its headers arrived (it is routed), its body not yet
    const body = JSON.stringify({ username_or_email: 'admin', password: PASSWORD });
    const client = connect(port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    let answer = '';
    client.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const answered = new Promise<void>((resolve) => client.once('end', resolve));
    client.write(
      `POST /public/v1/admin/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    running.kill('SIGTERM');
    expect(await socketClosed).toBe(1001);
    // the listener is closed: a new connection is refused, so a load balancer moves on
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    client.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"token"');
    const code = await exited;
    expect(log).toContain('SIGTERM received, shutting down');
    expect(code, log.slice(log.indexOf('SIGTERM'))).toBe(0);
  }, 60_000);
});
