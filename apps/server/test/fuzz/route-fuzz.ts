import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/platform/identity/users.tables.ts';
import { createAdmin, createOwner, loginAdmin } from '../fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../test-app.ts';
import {
  BODY_VALUES,
  concrete,
  discover,
  fieldPaths,
  fillPath,
  largest,
  type Operation,
  PATH_VALUES,
  QUERY_VALUES,
  queryString,
  RAW_BODIES,
  type Route,
  type Schema,
  valid,
  validQuery,
  withValue,
} from './openapi-values.ts';

/**
 * Every route of the OpenAPI document, with hostile values in each path parameter, query parameter and body field
 * (one at a time, the rest valid, so the handlers run too), as an organization owner, a super system admin and
 * nobody. Every answer must be below 500, and every 4xx the usual envelope. New routes are covered by themselves.
 * `fuzzRoutes(part, parts)` takes every `parts`-th route from `part` on, so the work spreads over test files (and
 * so over Vitest's workers); together the parts cover every route.
 */
/**
 * Who calls a route with hostile input: the caller it is for (an organization owner, or a system admin for
 * /v1/admin), and nobody. The other kind of account is refused by the guard before any input is read.
 */
const callersOf = (route: Route) =>
  route.path.startsWith('/v1/admin') ? (['admin', 'nobody'] as const) : (['owner', 'nobody'] as const);

export function fuzzRoutes(part: number, parts: number) {
  let t: TestApp;
  let routes: Route[];
  let counter = 0;
  const failures: string[] = [];
  let requests = 0;

  /**
   * Below 500; a 4xx is the envelope with the trace id of the header and no stack; a 2xx is a success envelope or a
   * file download (an attachment: exports, example files, reports).
   */
  function check(response: LightMyRequestResponse, label: string) {
    requests++;
    const fail = (why: string) =>
      failures.push(`${label}: ${why} (${response.statusCode} ${response.body.slice(0, 200)})`);
    if (response.statusCode >= 500) return fail('server error');
    const trace = response.headers['x-trace-id'];
    if (typeof trace !== 'string' || !trace) return fail('no x-trace-id header');
    if (response.statusCode < 300 && String(response.headers['content-disposition'] ?? '').startsWith('attachment;'))
      return;
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

  describe(`every route of the OpenAPI document under hostile input (part ${part + 1} of ${parts})`, () => {
    it('never answers 500, and answers every refusal with the envelope', async () => {
      const started = Date.now();
      for (const route of routes.filter((_, index) => index % parts === part)) {
        for (const who of callersOf(route)) {
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
          // a guarded route refuses a caller without a token before it reads anything: one request says so
          if (who === 'nobody' && !route.path.startsWith('/public/')) continue;

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
      console.info(
        `fuzz part ${part + 1} of ${parts}: ${routes.filter((_, index) => index % parts === part).length} routes, ${requests} requests in ${seconds} s`,
      );
      expect(failures.length, `${failures.length} failures:\n${failures.slice(0, 40).join('\n')}`).toBe(0);
      // the hostile strings were data, never SQL
      expect((await t.database.db.select().from(users)).length).toBeGreaterThan(0);
    }, 600_000);
  });
}
