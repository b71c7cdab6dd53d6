import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../modules/users/users.tables.ts';

let t: TestApp;
let adminToken: string;
let ownerToken: string;
let routes: { method: string; url: string; fields: string[] }[];

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
  ownerToken = (await createOwner(t, 'Fuzz Org')).token;
  const doc = t.app.swagger() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>
    >;
  };
  routes = Object.entries(doc.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      url,
      fields: Object.keys(op.requestBody?.content['application/json']?.schema.properties ?? {}),
    })),
  );
});
afterAll(() => t.close());

const NASTY: unknown[] = [
  "' OR 1=1; DROP TABLE users; --",
  '"; SELECT pg_sleep(10); --',
  'x'.repeat(100_000),
  '\u0000\u202e<script>alert(1)</script>',
  12345,
  -1.5,
  null,
  true,
  { $ne: null },
  ['a', 'b'],
];

function expectCleanRefusal(response: { statusCode: number; body: string }, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = JSON.parse(response.body);
    expect(body, label).toMatchObject({ success: false, error: expect.any(String), trace_id: expect.any(String) });
    expect(response.body, label).not.toMatch(/at .+\.(ts|js):\d+|stack/i);
  }
}

describe('bad input on every route', () => {
  it('lists the API in OpenAPI at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(json(response).paths)).toEqual(
      expect.arrayContaining(['/public/v1/auth/login', '/v1/workspace', '/v1/timezone']),
    );
    expect(routes.length).toBeGreaterThan(20);
  });

  it('answers malformed JSON, wrong shapes and hostile values with a 4xx envelope, never a 500', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const token of [adminToken, ownerToken]) {
        const headers = { ...bearer(token), 'content-type': 'application/json' };
        for (const raw of ['{bad json', '[]', '"text"', '12', 'null', '{"__proto__":{"admin":true}}']) {
          const response = await t.app.inject({
            method: route.method as 'POST',
            url: route.url,
            headers,
            payload: raw,
          });
          expectCleanRefusal(response, `${route.method} ${route.url} ${raw}`);
        }
        for (const field of route.fields) {
          for (const value of NASTY) {
            const response = await t.app.inject({
              method: route.method as 'POST',
              url: route.url,
              headers: bearer(token),
              payload: { [field]: value },
            });
            expectCleanRefusal(response, `${route.method} ${route.url} ${field}=${String(value).slice(0, 40)}`);
          }
        }
      }
    }
    // The hostile strings were data, never SQL.
    expect((await t.database.db.select().from(users)).length).toBeGreaterThan(0);
  }, 120_000);

  it('answers hostile query strings cleanly', async () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      for (const value of ["' OR 1=1 --", 'x'.repeat(5000), '%00', '../../etc/passwd']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${route.url}?keys=${encodeURIComponent(value)}&keyword=${encodeURIComponent(value)}`,
          headers: bearer(adminToken),
        });
        expectCleanRefusal(response, `GET ${route.url} ${value.slice(0, 20)}`);
      }
    }
  });

  it('refuses bodies over 20 MB with 413 and the spec text', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/workspace',
      headers: { ...bearer(ownerToken), 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'Big',
        time_zone: 'UTC',
        avatar: `data:image/png;base64,${'A'.repeat(21 * 1024 * 1024)}`,
      }),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toMatchObject({ success: false, error: 'Media size cannot be larger than 20MB' });
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nope'],
      ['POST', '/public/v1/nope'],
      ['DELETE', '/v1/workspace'],
      ['GET', '/api/nope'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(json(response)).toMatchObject({
        success: false,
        error: 'resource not found',
        trace_id: response.headers['x-trace-id'],
      });
    }
  });

  it('answers an unsupported content type cleanly', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(json(response).error).toBe('unsupported content type');
  });
});

describe('hostile tokens', () => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses forged, expired, unsigned and malformed tokens with 401', async () => {
    // The fuzzing above signed ownerToken out (logout), so this test has an owner of its own.
    const ownerToken = (await createOwner(t, 'Token Org')).token;
    const [, payload] = ownerToken.split('.');
    const now = Math.floor(Date.now() / 1000);
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const secret = new TextEncoder().encode(t.config.JWT_SECRET);
    const tokens = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'alg none, no dot': `${b64({ alg: 'none' })}.${payload}`,
      forged: await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('another-secret-another-secret-another')),
      expired: await new SignJWT({ ...claims, exp: now - 60 }).setProtectedHeader({ alg: 'HS256' }).sign(secret),
      'HS512 with the right key': await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(secret),
      'tampered payload': `${ownerToken.split('.')[0]}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${ownerToken.split('.')[2]}`,
      'wrong claim types': await new SignJWT({ ...claims, sub: "' OR 1=1 --", exp: now + 60 })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(secret),
      garbage: 'abc',
      huge: 'a'.repeat(10_000),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const response = await t.app.inject({ method: 'GET', url: '/v1/self/workspace', headers: bearer(token) });
      expect(response.statusCode, name).toBe(401);
      expect(json(response).error, name).toBe('unauthorized');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/self/workspace', headers: { authorization: 'Basic abc' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/self/workspace', headers: bearer(ownerToken) })).statusCode,
    ).toBe(200);
  });
});
