import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';

let server: ServerProcess | undefined;
afterEach(() => server?.dispose());

const PASSWORD = 'graceful shutdown password';

describe('shutdown', () => {
  it('on SIGTERM finishes an in-flight request, closes general sockets with 1001 and exits 0', async () => {
    server = await startServerProcess({ SHUTDOWN_TIMEOUT_MS: '15000', ADMIN_PASSWORD: PASSWORD });
    const { base, port } = server;
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

    server.process.kill('SIGTERM');
    expect(await socketClosed).toBe(1001);
    // the listener is closed: a new connection is refused, so a load balancer moves on
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    client.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"token"');
    const code = await server.exited;
    const log = server.log();
    expect(log).toContain('SIGTERM received, shutting down');
    expect(code, log.slice(log.indexOf('SIGTERM'))).toBe(0);
  }, 60_000);

  it('exits after SIGTERM within the shutdown timeout even while a client holds a request open', async () => {
    server = await startServerProcess({ SHUTDOWN_TIMEOUT_MS: '500', ADMIN_PASSWORD: 'shutdown test password' });
    // a request whose headers never end: the HTTP server waits for it far longer than the shutdown timeout
    const client = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    client.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    const started = Date.now();
    server.process.kill('SIGTERM');
    const code = await server.exited;
    client.destroy();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(code).not.toBeNull();
  }, 60_000);
});
