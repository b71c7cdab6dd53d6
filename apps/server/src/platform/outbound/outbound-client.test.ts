import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../../test/fakes/tls-certificate.ts';
import { createOutboundClient, type OutboundClientOptions, type Resolve } from './outbound-client.ts';
import { OutboundError } from './outbound-error.ts';

/** A local server that records every request it gets and answers with `handler`. */
interface Local {
  origin: string;
  port: number;
  requests: IncomingMessage[];
}
const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void, tls?: object) {
  const requests: IncomingMessage[] = [];
  const listener: RequestListener = (request, response) => {
    requests.push(request);
    handler(request, response);
  };
  const server = tls ? createHttpsServer(tls, listener) : createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`, port, requests } satisfies Local;
}
const answering = (status: number, body = 'the secret', headers: Record<string, string> = {}) =>
  listen((_request, response) => response.writeHead(status, headers).end(body));

/** DNS for made-up names, all pointing at this machine */
const toLoopback: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
const client = (options: Partial<OutboundClientOptions> = {}) =>
  createOutboundClient({ allowPrivate: false, resolve: toLoopback, ...options });
const limits = { maxBytes: 1024, timeoutMs: 5_000 };

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof OutboundError)) throw new Error(`expected an OutboundError, got ${String(error)}`);
  return error;
}

describe('safe outbound client: destinations', () => {
  it('refuses loopback by IP literal, in any spelling, without connecting', async () => {
    const secret = await answering(200);
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
      '[::ffff:127.0.0.1]',
      'localhost',
    ]) {
      const error = await failure(client().request(`http://${host}:${secret.port}/secret`, limits));
      expect(error.kind, host).toBe('refused');
    }
    expect(secret.requests).toHaveLength(0);
  });

  it('refuses a name that resolves to a loopback address, checked inside the connection', async () => {
    const secret = await answering(200);
    let lookups = 0;
    const resolve: Resolve = async (name) => {
      lookups += 1;
      return name === 'internal.example.com' ? [{ address: '127.0.0.1', family: 4 }] : [];
    };
    const error = await failure(
      client({ resolve }).request(`http://internal.example.com:${secret.port}/secret`, limits),
    );
    expect(error).toMatchObject({ kind: 'refused', message: expect.stringContaining('127.0.0.1') });
    expect(lookups).toBe(1);
    expect(secret.requests).toHaveLength(0);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const secret = await answering(200);
    const resolve: Resolve = async () => [
      { address: '2a03:2880:f12f:83:face:b00c:0:25de', family: 6 },
      { address: '::ffff:10.0.0.5', family: 6 },
    ];
    const error = await failure(client({ resolve }).request(`http://mixed.example.com:${secret.port}/`, limits));
    expect(error.kind).toBe('refused');
  });

  it('reaches loopback with OUTBOUND_HTTP_ALLOW_PRIVATE, and a trusted origin without it', async () => {
    const local = await answering(200, 'hello', { 'content-type': 'text/plain' });
    const allowed = await client({ allowPrivate: true }).request(`http://on-premise.test:${local.port}/x`, limits);
    expect(allowed).toMatchObject({ status: 200, headers: { 'content-type': 'text/plain' } });
    expect(allowed.body.toString()).toBe('hello');
    const trusted = await client().request(`${local.origin}/y`, { ...limits, trustedOrigins: [local.origin] });
    expect(trusted.body.toString()).toBe('hello');
    expect(local.requests.map((request) => request.url)).toEqual(['/x', '/y']);
  });

  it('refuses http when https is required, and speaks https with a trusted authority', async () => {
    const certificate = selfSignedCertificate(['cdn.example.test']);
    const secure = await listen((_request, response) => response.end('over tls'), certificate);
    const https = client({ allowPrivate: true, ca: certificate.cert });
    const answer = await https.request(`https://cdn.example.test:${secure.port}/`, { ...limits, httpsOnly: true });
    expect(answer.body.toString()).toBe('over tls');
    const plain = await answering(200);
    const error = await failure(
      https.request(`http://cdn.example.test:${plain.port}/`, { ...limits, httpsOnly: true }),
    );
    expect(error.kind).toBe('refused');
    expect(plain.requests).toHaveLength(0);
    // without the authority the self-signed certificate is not trusted
    const untrusted = await failure(
      client({ allowPrivate: true }).request(`https://cdn.example.test:${secure.port}/`, limits),
    );
    expect(untrusted.kind).toBe('unreachable');
  });
});

describe('safe outbound client: redirects', () => {
  it('judges every redirect again: an allowed host sending to a private one is refused', async () => {
    const secret = await answering(200);
    const allowed = await answering(302, '', { location: `http://127.0.0.1:${secret.port}/secret` });
    const error = await failure(
      client().request(`${allowed.origin}/media`, { ...limits, maxRedirects: 5, trustedOrigins: [allowed.origin] }),
    );
    expect(error.kind).toBe('refused');
    expect(allowed.requests).toHaveLength(1);
    expect(secret.requests).toHaveLength(0);

    // the same through a name that resolves to loopback, and to a host off the allowed list
    allowed.requests.length = 0;
    const byName = await answering(302, '', { location: `http://rebound.example.com:${secret.port}/secret` });
    const viaName = await failure(
      client().request(`${byName.origin}/media`, { ...limits, maxRedirects: 5, trustedOrigins: [byName.origin] }),
    );
    expect(viaName.kind).toBe('refused');
    const offList = await answering(302, '', { location: `http://elsewhere.test:${secret.port}/secret` });
    const rules = { ...limits, maxRedirects: 5, allowedHosts: ['cdn.test'] };
    const viaOffList = await failure(
      client({ allowPrivate: true }).request(`http://cdn.test:${offList.port}/media`, rules),
    );
    expect(viaOffList).toMatchObject({ kind: 'refused', message: expect.stringContaining('elsewhere.test') });
    expect(secret.requests).toHaveLength(0);
  });

  it('follows allowed redirects up to the limit, keeping credentials with their origin', async () => {
    const target = await answering(200, 'the file');
    const hop = await answering(301, '', { location: `http://target.test:${target.port}/file` });
    const first = await listen((_request, response) =>
      response.writeHead(302, { location: `http://hop.test:${hop.port}/next` }).end(),
    );
    const local = client({ allowPrivate: true });
    const request = { ...limits, maxRedirects: 2, headers: { authorization: 'Bearer meta-token' } };
    const answer = await local.request(`http://first.test:${first.port}/start`, request);
    expect(answer).toMatchObject({ status: 200, url: `http://target.test:${target.port}/file` });
    expect(first.requests[0]?.headers.authorization).toBe('Bearer meta-token');
    expect(hop.requests[0]?.headers.authorization).toBeUndefined();
    expect(target.requests[0]?.headers.authorization).toBeUndefined();

    const tooMany = await failure(
      local.request(`http://first.test:${first.port}/start`, { ...request, maxRedirects: 1 }),
    );
    expect(tooMany).toMatchObject({ kind: 'refused', message: expect.stringContaining('redirects') });
  });

  it('answers a redirect as it is when none may be followed, and turns a 303 after a POST into a GET', async () => {
    const target = await answering(200, 'done');
    const post = await answering(303, '', { location: `http://target.test:${target.port}/done` });
    const local = client({ allowPrivate: true });
    const url = `http://post.test:${post.port}/form`;
    const body = new TextEncoder().encode('a=1');
    const kept = await local.request(url, { ...limits, method: 'POST', body, acceptStatus: () => true });
    expect(kept).toMatchObject({ status: 303, headers: { location: expect.stringContaining('/done') } });
    expect(target.requests).toHaveLength(0);

    const followed = await local.request(url, { ...limits, method: 'POST', body, maxRedirects: 1 });
    expect(followed.body.toString()).toBe('done');
    expect(target.requests.map((request) => request.method)).toEqual(['GET']);
  });
});

describe('safe outbound client: limits and failures', () => {
  it('aborts an answer past the size cap, declared or streamed', async () => {
    const declared = await answering(200, 'x'.repeat(2048));
    const streamed = await listen((_request, response) => {
      response.writeHead(200);
      const chunk = 'y'.repeat(512);
      const timer = setInterval(() => response.write(chunk), 5);
      response.on('close', () => clearInterval(timer));
    });
    const local = client({ allowPrivate: true });
    expect((await failure(local.request(declared.origin, limits))).kind).toBe('too_large');
    expect((await failure(local.request(streamed.origin, limits))).kind).toBe('too_large');
  });

  it('gives up after the total timeout', async () => {
    const silent = await listen(() => {});
    const error = await failure(client({ allowPrivate: true }).request(silent.origin, { ...limits, timeoutMs: 200 }));
    expect(error.kind).toBe('timeout');
  });

  it('classifies an unaccepted status with the answer, and an unreachable host', async () => {
    const missing = await answering(404, '{"error":"gone"}');
    const local = client({ allowPrivate: true });
    const error = await failure(local.request(missing.origin, limits));
    expect(error).toMatchObject({ kind: 'status', response: { status: 404 } });
    expect(error.response?.body.toString()).toBe('{"error":"gone"}');

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect((await failure(local.request(`http://127.0.0.1:${port}/`, limits))).kind).toBe('unreachable');
    const unknown = client({ resolve: async () => [] });
    expect((await failure(unknown.request('http://nowhere.example.com/', limits))).kind).toBe('unreachable');
  });

  it('says before any request why a URL would be refused', () => {
    const strict = client();
    expect(strict.refusal('https://push.example.com/x', { httpsOnly: true })).toBeNull();
    expect(strict.refusal('http://push.example.com/x', { httpsOnly: true })).toContain('scheme');
    expect(strict.refusal('https://10.0.0.1/x', { httpsOnly: true })).toContain('10.0.0.1');
    expect(strict.refusal('not a url', {})).toContain('URL');
    expect(client({ allowPrivate: true }).refusal('https://10.0.0.1/x', {})).toBeNull();
  });
});
