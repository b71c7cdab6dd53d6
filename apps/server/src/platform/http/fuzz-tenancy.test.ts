import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGraph, startFakeGraph } from '../../../test/fakes/graph-api.ts';
import { discover, type Operation, type Route } from '../../../test/fuzz/openapi-values.ts';
import { fingerprint, type Harvest, harvest, seedOrganization, sweep } from '../../../test/fuzz/tenant-sweep.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

/** Every organization route, GET first and DELETE last, so B's own records stay for the other places of a request. */
const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const organizationRoutes = (routes: Route[]) =>
  routes
    .filter((route) => route.path.startsWith('/v1/') && !route.path.startsWith('/v1/admin'))
    .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));

let graph: FakeGraph;
let t: TestApp;
let routes: Route[];
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await createTestApp({ GRAPH_API_URL: graph.url, LOGIN_LIMIT_PER_IP: '100000' });
  routes = organizationRoutes(discover(t.app.swagger() as { paths: Record<string, Record<string, Operation>> }));
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

describe('every organization route aimed at another organization (route fuzz, tenancy)', () => {
  it("lets organization B's owner neither change nor read organization A's records", async () => {
    const started = Date.now();
    const a = await seedOrganization(t, graph, '106540352240001');
    const b = await seedOrganization(t, graph, '106540352240002');
    const attacker: { token: string; ids: Harvest } = { token: b.token, ids: await harvest(t, routes, b.token) };
    const victim = await harvest(t, routes, a.token);
    // what both can read (their own records never overlap) is no one's secret
    for (const id of attacker.ids.all) victim.all.delete(id);
    expect(victim.all.size).toBeGreaterThan(10);
    expect(victim.all.has(a.workspaceId)).toBe(true);

    const before = await fingerprint(t, a.workspaceId);
    const { failures, requests } = await sweep(t, routes, victim, attacker);
    await t.app.jobs.drain();
    // biome-ignore lint/suspicious/noConsole: the run reports its size and time
    console.info(
      `tenancy sweep: ${routes.length} routes, ${victim.all.size} ids of A, ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
    expect(await fingerprint(t, a.workspaceId)).toEqual(before);
  }, 600_000);

  it("notices a change of A's records (the fingerprint is not blind)", async () => {
    const a = await seedOrganization(t, graph, '106540352240003');
    const before = await fingerprint(t, a.workspaceId);
    expect(Object.values(before).filter((digest) => !digest.startsWith('0 ')).length).toBeGreaterThan(8);
    const [tag] = json(await t.app.inject({ method: 'GET', url: '/v1/customer-tags', headers: bearer(a.token) })).data;
    const rename = { method: 'PUT', url: `/v1/customer-tags/${tag.id}`, payload: { name: 'Renamed' } } as const;
    expect((await t.app.inject({ ...rename, headers: bearer(a.token) })).statusCode).toBe(200);
    expect(await fingerprint(t, a.workspaceId)).not.toEqual(before);
  });
});
