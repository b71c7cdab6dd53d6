import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../modules/users/users.tables.ts';

/**
 * Every route of the OpenAPI document, with hostile values in each path parameter, query parameter and body field
 * (one at a time, the rest valid, so the handlers run too), as an organization owner, a super system admin and
 * nobody. Every answer must be below 500, and every 4xx the usual envelope. New routes are covered by themselves.
 */

// JSON schema as fastify-type-provider-zod writes it into the OpenAPI document
interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: string[];
  query: { name: string; schema: Schema }[];
  body?: Schema;
}
type Path = (string | number)[];

const MB = 1024 * 1024;
/** Values for body fields: wrong types, boundaries, characters PostgreSQL refuses, sizes, injection attempts. */
const BODY_VALUES: unknown[] = [
  'a\u0000b',
  '\ud800',
  'x\udfff',
  'x'.repeat(MB),
  '',
  ' ',
  "' OR 1=1; DROP TABLE users; --",
  '"; SELECT pg_sleep(10); --',
  '\u202e<script>alert(1)</script>',
  2 ** 31,
  2 ** 53,
  1e300,
  -1,
  0.5,
  [],
  ['a', 'b'],
  ['a\u0000'],
  {},
  { $ne: null },
  null,
  true,
  false,
];
/** Raw query string values (already URL-encoded): NUL, invalid UTF-8, bad escapes, numbers past every limit. */
const QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%',
  '%ZZ',
  'x'.repeat(MB),
  '',
  '2147483648',
  '9007199254740993',
  '1e300',
  '-1',
  '0.5',
  'NaN',
  'Infinity',
  'null',
  'true',
  "'%20OR%201%3D1--",
  '..%2F..%2Fetc%2Fpasswd',
];
/** Raw path parameter values (already URL-encoded). */
const PATH_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%',
  '%ZZ',
  'x'.repeat(600),
  'x'.repeat(100_000),
  '2147483648',
  '-1',
  '1e300',
  'null',
  'true',
  '%F0%9F%98%80',
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201%3D1--",
  '00000000-0000-0000-0000-000000000000',
];
const RAW_BODIES = [
  '{bad json',
  '[]',
  '"text"',
  '12',
  'null',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":'.repeat(5000),
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
];

let t: TestApp;
let routes: Route[];
let counter = 0;

function discover(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase() as Route['method'],
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}

/** The schema itself, or its first option that is not null. */
function concrete(schema: Schema): Schema {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) return concrete(options.find((option) => option.type !== 'null') ?? options[0] ?? {});
  return schema;
}
const typeOf = (schema: Schema) =>
  (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type) ??
  (schema.properties ? 'object' : schema.items ? 'array' : 'string');

/** A valid value for a schema; `name` picks a fitting string where the schema cannot say (e-mail, time zone). */
function valid(raw: Schema, name = ''): unknown {
  const schema = concrete(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, valid(sub, key)]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => valid(schema.items ?? {}, name));
    case 'boolean':
      return true;
    case 'integer':
    case 'number': {
      if (typeof schema.default === 'number') return schema.default;
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const floor = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : min;
      return typeof schema.maximum === 'number' ? Math.min(floor, schema.maximum) : floor;
    }
    default: {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'email' || /e-?mail|^to$/i.test(name)) return `fuzz${++counter}@example.com`;
      if (/time_?zone|identifier/i.test(name)) return 'Asia/Hong_Kong';
      // unique where the schema asks for a name; the same text elsewhere, so "confirm" fields match
      let text = /^(username|name)$/i.test(name) ? `fuzz${++counter}` : 'FuzzValue123';
      if (schema.minLength && text.length < schema.minLength) text = text.padEnd(schema.minLength, 'x');
      return schema.maxLength ? text.slice(0, schema.maxLength) : text;
    }
  }
}

/**
 * A valid value as large as the schema allows (strings at their longest, at most 1 MB; numbers at their maximum;
 * arrays full): what passes validation must also fit the database.
 */
function largest(raw: Schema, name = ''): unknown {
  const schema = concrete(raw);
  if (schema.const !== undefined || schema.enum?.length) return valid(schema, name);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, largest(sub, key)]));
    case 'array':
      return Array.from({ length: Math.min(schema.maxItems ?? 1000, 1000) }, () => largest(schema.items ?? {}, name));
    case 'integer':
    case 'number':
      return Math.min(schema.maximum ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER);
    case 'string': {
      const sample = valid(schema, name) as string;
      if (schema.format) return sample;
      const length = Math.min(schema.maxLength ?? 10_000, MB);
      if (sample.includes('@')) return `${'x'.repeat(Math.max(1, Math.min(64, length - 12)))}@example.com`;
      return sample.padEnd(length, 'x');
    }
    default:
      return valid(schema, name);
  }
}

/** Every field path of a body schema, nested objects and the first item of arrays included. */
function fieldPaths(raw: Schema, prefix: Path = []): Path[] {
  const schema = concrete(raw);
  const type = typeOf(schema);
  if (type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([key, sub]) => [
      [...prefix, key],
      ...fieldPaths(sub, [...prefix, key]).filter((path) => path.length > prefix.length + 1),
    ]);
  if (type === 'array' && schema.items) return [[...prefix, 0], ...fieldPaths(schema.items, [...prefix, 0])];
  return [];
}

/** `base` with `value` at `path`; arrays on the way get a valid first item. */
function withValue(schema: Schema, base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const s = concrete(schema);
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...base] : [];
    const itemSchema = s.items ?? {};
    list[head] = withValue(itemSchema, list[head] ?? valid(itemSchema), rest, value);
    return list;
  }
  const object = { ...(base as Record<string, unknown>) };
  const sub = s.properties?.[head as string] ?? {};
  object[head as string] = withValue(sub, object[head as string] ?? valid(sub, head as string), rest, value);
  return object;
}

const queryString = (pairs: [string, string][]) =>
  pairs.length ? `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&')}` : '';
const validQuery = (route: Route): [string, string][] =>
  route.query.map(({ name, schema }) => [name, encodeURIComponent(String(valid(schema, name)))]);
const fillPath = (route: Route, values: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? randomUUID());

const failures: string[] = [];
let requests = 0;

/** Below 500; a 4xx is the envelope with the trace id of the header and no stack; a 2xx is a success envelope. */
function check(response: LightMyRequestResponse, label: string) {
  requests++;
  const fail = (why: string) =>
    failures.push(`${label}: ${why} (${response.statusCode} ${response.body.slice(0, 200)})`);
  if (response.statusCode >= 500) return fail('server error');
  const trace = response.headers['x-trace-id'];
  if (typeof trace !== 'string' || !trace) return fail('no x-trace-id header');
  let body: { success?: unknown; error?: unknown; trace_id?: unknown };
  try {
    body = JSON.parse(response.body);
  } catch {
    return fail('not JSON');
  }
  if (response.statusCode >= 400) {
    if (body.success !== false || typeof body.error !== 'string' || body.trace_id !== trace) fail('not an envelope');
    if (/\bat .+\.(ts|js):\d+|stack|node_modules/i.test(response.body)) fail('stack trace in the answer');
  } else if (body.success !== true) fail('2xx without success:true');
}

interface Fixtures {
  owner: Awaited<ReturnType<typeof createOwner>>;
  /** the organization, the owner, their membership, a team and an invitation */
  ownerIds: string[];
  adminToken: string;
  adminId: string;
}
let fixtures: Fixtures;
/** ids that exist, tried as path parameters so that handlers get past "not found" */
const existingIds = () => [...fixtures.ownerIds, fixtures.adminId];

async function newOwner(): Promise<Pick<Fixtures, 'owner' | 'ownerIds'>> {
  const owner = await createOwner(t, `Fuzz Org ${++counter}`);
  const headers = bearer(owner.token);
  const team = await t.app.inject({ method: 'POST', url: '/v1/teams', headers, payload: { name: 'Fuzz team' } });
  const invite = await t.app.inject({
    method: 'POST',
    url: '/v1/workspace/members/invite',
    headers,
    payload: { email: `invitee${++counter}@example.com`, role: 'member' },
  });
  const members = await t.app.inject({ method: 'GET', url: '/v1/workspace/members', headers });
  const ownerIds = [
    owner.workspaceId,
    owner.user.id,
    json(members).data.items[0]?.id,
    json(team).data?.id,
    json(invite).data?.id,
  ].filter((id): id is string => typeof id === 'string');
  return { owner, ownerIds };
}
async function newAdmin() {
  const admin = await createAdmin(t, { isSuper: true });
  return { adminToken: await loginAdmin(t, admin.username), adminId: admin.id };
}

/** Destructive routes (logout, deleting the organization, leaving) end a fixture: make new ones when needed. */
async function ensureFixtures(who: 'owner' | 'admin' | 'nobody') {
  const alive = async (token: string, url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode === 200;
  if (who === 'owner' && !(await alive(fixtures.owner.token, '/v1/self/workspace')))
    fixtures = { ...fixtures, ...(await newOwner()) };
  if (who === 'admin' && !(await alive(fixtures.adminToken, '/v1/admin/self')))
    fixtures = { ...fixtures, ...(await newAdmin()) };
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_ACCOUNT: '100000' });
  fixtures = { ...(await newAdmin()), ...(await newOwner()) };
  routes = discover(t.app.swagger() as { paths: Record<string, Record<string, Operation>> });
});
afterAll(() => t.close());

describe('every route of the OpenAPI document under hostile input', () => {
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

  it('never answers 500, and answers every refusal with the envelope', async () => {
    const started = Date.now();
    for (const route of routes) {
      for (const who of ['owner', 'admin', 'nobody'] as const) {
        await ensureFixtures(who);
        const token = who === 'owner' ? fixtures.owner.token : who === 'admin' ? fixtures.adminToken : null;
        // each route and caller from an address of its own, so per-IP limits of one route do not hide another
        const remoteAddress = `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
        counter++;
        const send = (url: string, payload?: unknown, raw?: string) =>
          t.app.inject({
            method: route.method,
            url,
            remoteAddress,
            headers: {
              ...(token ? bearer(token) : {}),
              ...(raw !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(raw !== undefined ? { payload: raw } : payload !== undefined ? { payload: payload as object } : {}),
          });
        const label = (what: string) => `${who} ${route.method} ${route.path} ${what}`;
        const body = route.body ? valid(route.body) : undefined;
        const query = validQuery(route);

        // path parameters: an id that exists when one answers, else a random one
        const params: Record<string, string> = {};
        for (const name of route.pathParams) {
          params[name] = randomUUID();
          let found: string | undefined;
          for (const id of existingIds()) {
            const response = await send(fillPath(route, { ...params, [name]: id }) + queryString(query), body);
            check(response, label(`${name}=<existing id>`));
            if (response.statusCode < 300) {
              found = id;
              break;
            }
            if (response.statusCode !== 404) found ??= id;
          }
          if (found) params[name] = found;
        }
        const url = fillPath(route, params);
        check(await send(url + queryString(query), body), label('valid'));

        for (const name of route.pathParams)
          for (const value of PATH_VALUES)
            check(
              await send(fillPath(route, { ...params, [name]: value }) + queryString(query), body),
              label(`${name}=${value.slice(0, 30)}`),
            );

        for (const { name } of route.query) {
          const others = query.filter(([key]) => key !== name);
          for (const value of QUERY_VALUES)
            check(
              await send(url + queryString([...others, [name, value]]), body),
              label(`?${name}=${value.slice(0, 30)}`),
            );
          check(await send(`${url + queryString([...others, [name, '1'], [name, '2']])}`, body), label(`?${name}[]`));
          check(await send(`${url + queryString(others)}&${name}[a]=1`, body), label(`?${name}[a]`));
        }

        if (route.body) {
          for (const path of fieldPaths(route.body)) {
            for (const value of BODY_VALUES)
              check(
                await send(url + queryString(query), withValue(route.body, body, path, value)),
                label(`${path.join('.')}=${JSON.stringify(value)?.slice(0, 30)}`),
              );
            const schemaAt = path.reduce<Schema>(
              (at, key) =>
                typeof key === 'number' ? (concrete(at).items ?? {}) : (concrete(at).properties?.[key] ?? {}),
              route.body,
            );
            const name = String(path.findLast((key) => typeof key === 'string') ?? '');
            check(
              await send(url + queryString(query), withValue(route.body, body, path, largest(schemaAt, name))),
              label(`${path.join('.')}=<largest valid>`),
            );
          }
        }
        if (route.method !== 'GET' && who !== 'nobody')
          for (const raw of RAW_BODIES) check(await send(url, undefined, raw), label(`raw ${raw.slice(0, 30)}`));
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    // biome-ignore lint/suspicious/noConsole: the run reports its size and time
    console.info(`fuzz: ${routes.length} routes, ${requests} requests in ${seconds} s`);
    expect(failures.length, `${failures.length} failures:\n${failures.slice(0, 40).join('\n')}`).toBe(0);
    // the hostile strings were data, never SQL
    expect((await t.database.db.select().from(users)).length).toBeGreaterThan(0);
  }, 600_000);
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
