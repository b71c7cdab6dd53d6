import { request as httpRequest } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let adminToken: string;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
  owner = await createOwner(t, 'Hardening Org');
});
afterAll(() => t.close());

/** A 4xx envelope with the trace id of the header, and the field errors when given. */
function expectEnvelope(response: LightMyRequestResponse, status: number | number[], fields?: Record<string, string>) {
  const statuses = Array.isArray(status) ? status : [status];
  expect(statuses, response.body.slice(0, 300)).toContain(response.statusCode);
  const body = json(response);
  expect(body).toMatchObject({ success: false, error: expect.any(String), trace_id: response.headers['x-trace-id'] });
  if (fields) {
    expect(body.fields).toEqual(fields);
    expect(body.error).toBe(Object.values(fields)[0]);
  }
  return body;
}

const notAllowed = (field: string) => `${field} contains characters that are not allowed`;

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL in a body field with a field error from the catalogue, in the caller locale', async () => {
    const payload = { username_or_email: 'a\u0000b', password: 'x' };
    const response = await t.app.inject({ method: 'POST', url: '/public/v1/auth/login', payload });
    expectEnvelope(response, 400, { username_or_email: notAllowed('username or email') });
    const hk = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/login',
      headers: { 'x-locale': 'zh-hk' },
      payload,
    });
    expect(json(hk).fields.username_or_email).toBe('username or email 包含不允許的字元');
  });

  it('refuses unpaired surrogates, escaped in JSON', async () => {
    for (const escaped of ['\\ud800', 'x\\udc00', 'x\\ud83d']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/public/v1/auth/forgot-password',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"a${escaped}@example.com"}`,
      });
      expectEnvelope(response, 400, { email: notAllowed('email') });
    }
    // a well-formed pair is text like any other
    const emoji = await t.app.inject({
      method: 'PUT',
      url: '/v1/self',
      headers: bearer(owner.userToken),
      payload: { display_name: 'Smile \ud83d\ude00' },
    });
    expect(emoji.statusCode, emoji.body).toBe(200);
  });

  it('keys nested fields by their path, and names them in words', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v1/system-setting',
      headers: bearer(adminToken),
      payload: {
        settings: [
          { key: 'system.name', value: 'fine' },
          { key: 'system.copyright', value: 'x\u0000' },
        ],
      },
    });
    expectEnvelope(response, 400, { 'settings.1.value': notAllowed('value') });
  });

  it('refuses a NUL in the query string', async () => {
    for (const url of [
      '/v1/teams?keyword=%00',
      '/v1/workspace/members?keyword=a%00b',
      '/public/v1/workspace/invite?token=a%00b',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
      const field = url.includes('token') ? 'token' : 'keyword';
      expectEnvelope(response, 400, { [field]: notAllowed(field) });
    }
    const admin = await t.app.inject({ method: 'GET', url: '/v1/admin/user?keyword=%00', headers: bearer(adminToken) });
    expectEnvelope(admin, 400, { keyword: notAllowed('keyword') });
  });

  it('answers a NUL in a path parameter or an unknown path with a 4xx envelope', async () => {
    for (const [method, url] of [
      ['GET', '/v1/teams/%00'],
      ['PUT', '/v1/workspace/members/a%00b/role'],
      ['DELETE', '/v1/workspace/members/invites/%00'],
      ['GET', '/v1/nope%00'],
      ['GET', '/v1/teams/%ED%A0%80'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(owner.token), payload: { role: 'member' } });
      expectEnvelope(response, [400, 404]);
    }
  });
});

describe('integers bounded by their column', () => {
  const limits = { max_seats: 5, member_limit: null, channel_limit: null, ai_agent_limit: null, trial_days: 0 };
  const put = (body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/v1/admin/workspace/${owner.workspaceId}/limits`,
      headers: bearer(adminToken),
      payload: { ...limits, promote_code: null, ...body },
    });

  it('refuses limits beyond an int4 column and keeps the largest that fits', async () => {
    expectEnvelope(await put({ max_seats: 2 ** 31 }), 400, { max_seats: 'max seats must be at most 2147483647' });
    for (const value of [2 ** 31, 2 ** 53, 1e300]) {
      expect(json(await put({ max_seats: value })).fields).toHaveProperty('max_seats');
      expect(json(await put({ trial_days: value })).fields).toHaveProperty('trial_days');
    }
    const largest = await put({ max_seats: 2_147_483_647, trial_days: 2_147_483_647 });
    expect(largest.statusCode, largest.body).toBe(200);
    expect(json(largest).data).toMatchObject({ max_seats: 2_147_483_647, trial_days: 2_147_483_647 });
  });

  it('bounds pages so that the offset stays sane', async () => {
    for (const url of ['/v1/admin/user', '/v1/admin/workspace', '/v1/admin/audit-logs', '/v1/admin/system-admin']) {
      for (const page of ['2147483648', '9007199254740993', '1e300', '1000001']) {
        const response = await t.app.inject({ method: 'GET', url: `${url}?page=${page}`, headers: bearer(adminToken) });
        expectEnvelope(response, 400);
        expect(json(response).fields).toHaveProperty('page');
      }
      const last = await t.app.inject({
        method: 'GET',
        url: `${url}?page=1000000&size=100`,
        headers: bearer(adminToken),
      });
      expect(last.statusCode, `${url} ${last.body}`).toBe(200);
    }
    for (const url of ['/v1/teams', '/v1/workspace/members', '/v1/workspace/audit-logs']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${url}?page=2147483648`,
        headers: bearer(owner.token),
      });
      expectEnvelope(response, 400);
      const last = await t.app.inject({ method: 'GET', url: `${url}?page=1000000`, headers: bearer(owner.token) });
      expect(last.statusCode, `${url} ${last.body}`).toBe(200);
    }
  });
});

describe('limits of the protocol', () => {
  it('answers a path parameter over the length limit with 414', async () => {
    for (const url of [`/v1/teams/${'a'.repeat(600)}`, `/v1/admin/workspace/${'0'.repeat(501)}/limits`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
      const body = expectEnvelope(response, 414);
      expect(body.error).toBe('the address is too long');
    }
    // at the limit, it is an ordinary id
    const atLimit = await t.app.inject({
      method: 'GET',
      url: `/v1/teams/${'a'.repeat(500)}`,
      headers: bearer(owner.token),
    });
    expectEnvelope(atLimit, [400, 404]);
  });

  it('answers oversized headers with a 431 envelope and a trace id', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: '/v1/self', headers: { 'x-big': 'a'.repeat(20 * 1024) } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
              body += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    const body = JSON.parse(answer.body);
    expect(body).toEqual({
      success: false,
      error: 'the request headers are too large',
      trace_id: answer.headers['x-trace-id'],
    });
    expect(body.trace_id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('answers the socket address without an upgrade with an envelope', async () => {
    const signedIn = await t.app.inject({ method: 'GET', url: `/v1/ws?token=${owner.token}` });
    const body = expectEnvelope(signedIn, 426);
    expect(body.error).toBe('this address only accepts WebSocket connections');
    expect(signedIn.headers.upgrade).toBe('websocket');
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/v1/ws' }), [401, 426]);
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/v1/ws?token=nope' }), 401);
  });
});
