import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { discover, MB, type Operation, type Route } from '../../../test/fuzz/openapi-values.ts';
import { fuzzRoutes } from '../../../test/fuzz/route-fuzz.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

fuzzRoutes(0, 3);

let t: TestApp;
let routes: Route[];
let fixtures: { owner: Awaited<ReturnType<typeof createOwner>> };
beforeAll(async () => {
  t = await createTestApp();
  fixtures = { owner: await createOwner(t, 'Fuzz Org') };
  routes = discover(t.app.swagger() as { paths: Record<string, Record<string, Operation>> });
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('discovers the API, and serves it at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(json(response).paths)).toEqual(Object.keys((t.app.swagger() as { paths: object }).paths));
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /public/v1/auth/login', 'PUT /v1/admin/workspace/{id}/limits', 'GET /v1/teams']),
    );
    expect(routes.some((r) => r.query.length > 0)).toBe(true);
    expect(routes.some((r) => r.pathParams.length > 0)).toBe(true);
    expect(routes.filter((r) => r.body).length).toBeGreaterThan(20);
  });
});

describe('requests outside the routes', () => {
  it('refuses bodies over 20 MB with 413 and the spec text', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/workspace',
      headers: { ...bearer(fixtures.owner.token), 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'Big',
        time_zone: 'UTC',
        avatar: `data:image/png;base64,${'A'.repeat(21 * MB)}`,
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
      'NUL in the subject': await new SignJWT({ ...claims, sub: 'a\u0000b', exp: now + 60 })
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
