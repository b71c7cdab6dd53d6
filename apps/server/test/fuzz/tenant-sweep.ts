import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { FakeGraph } from '../fakes/graph-api.ts';
import { metaJson, signMetaBody, whatsappText } from '../fakes/meta-webhooks.ts';
import { createOwner } from '../fixtures.ts';
import { joinAs } from '../members.ts';
import { bearer, json, type TestApp } from '../test-app.ts';
import {
  concrete,
  fillPath,
  queryString,
  type Route,
  type Schema,
  typeOf,
  valid,
  validQuery,
} from './openapi-values.ts';

/**
 * The cross-tenant sweep of the route fuzz: organization B's owner aims every organization route at organization
 * A's records (each place a route takes an id: path parameters, query parameters, body fields), with an otherwise
 * valid request. Nothing of A may change, and no answer may carry an id of A.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** An organization with one record of each kind its owner can make, a second member and a WhatsApp conversation. */
export async function seedOrganization(t: TestApp, graph: FakeGraph, phoneNumberId: string) {
  const owner = await createOwner(t);
  const headers = bearer(owner.token);
  const create = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, headers, payload });
    if (response.statusCode >= 300) throw new Error(`seeding ${url} answered ${response.statusCode}: ${response.body}`);
    return json(response).data;
  };
  await joinAs(t, owner.workspaceId, 'member');
  await create('/v1/teams', { name: 'Sweep team' });
  await create('/v1/workspace/members/invite', { email: `${randomUUID()}@example.com`, role: 'member' });
  const customer = await create('/v1/customers', { first_name: 'Ada', last_name: 'Sweep' });
  const tag = await create('/v1/customer-tags', { name: 'Sweep tag' });
  await create('/v1/customers/bulk-tags', { customer_ids: [customer.id], add_tag_ids: [tag.id] });
  await create('/v1/customer-fields', { key: 'tier', type: 'text', label: 'Tier' });
  await create('/v1/canned-replies', { shortcut: 'hello', text: 'Hello!' });
  const token = `token-${phoneNumberId}`;
  graph.allow(phoneNumberId, token);
  const channel = await create('/v1/channels', {
    type: 'whatsapp',
    name: 'WhatsApp',
    phone_number_id: phoneNumberId,
    business_account_id: `9${phoneNumberId}`,
    access_token: token,
    app_secret: 'sweep-secret',
    verify_token: 'verify',
  });
  const raw = metaJson(whatsappText({ phoneNumberId, from: '85251234567', id: `wamid.${phoneNumberId}`, text: 'Hi' }));
  const delivery = await t.app.inject({
    method: 'POST',
    url: `/public/v1/channels/${channel.id}/webhook`,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaBody(raw, 'sweep-secret') },
    payload: raw,
  });
  if (delivery.statusCode !== 200) throw new Error(`webhook answered ${delivery.statusCode}: ${delivery.body}`);
  await t.app.jobs.drain();
  const [conversation] = json(await t.app.inject({ method: 'GET', url: '/v1/conversations', headers })).data;
  await create(`/v1/conversations/${conversation.id}/notes`, { text: 'A note' });
  const agent = await create('/v1/cs-agents', {
    name: 'Sweep agent',
    response_tone: 'friendly',
    channel_ids: [channel.id],
  });
  await create(`/v1/cs-agents/${agent.id}/instructions`, { title: 'Tone', condition: '', content: 'Be brief.' });
  await create(`/v1/cs-agents/${agent.id}/knowledge`, { title: 'Hours', content: 'Open 9 to 5.' });
  await create('/v1/email-templates', {
    name: 'Sweep mail',
    subject: 'Hello {{customer.first_name}}',
    body_html: '<p>Hi</p>',
    recipients: ['{{customer.email}}'],
  });
  const workflow = await create('/v1/workflows', {
    name: 'Sweep workflow',
    active: true,
    nodes: [
      { id: 'hand', type: 'trigger.manual', data: {} },
      { id: 'wait', type: 'action.wait', data: { seconds: 86_400 } },
    ],
    edges: [{ source: 'hand', target: 'wait' }],
  });
  await create(`/v1/workflows/${workflow.id}/run`, { customer_ids: [customer.id] });
  await create('/v1/workflows', {
    name: 'Sweep schedule',
    active: true,
    nodes: [
      { id: 'daily', type: 'trigger.schedule', data: { cron: '0 9 * * *' } },
      { id: 'wait', type: 'action.wait', data: { seconds: 60 } },
    ],
    edges: [{ source: 'daily', target: 'wait' }],
  });
  await t.app.jobs.drain();
  // the customer's message is answered (here: handed over, no provider is set) a moment later: before the sweep
  t.clock.advance(2_000);
  await t.app.jobs.drain();
  return owner;
}

/** The ids an organization's owner can read: every one, by the JSON key that holds it, and by the list it is in. */
export interface Harvest {
  all: Set<string>;
  byKey: Map<string, Set<string>>;
  /** GET path without parameters → the `id`s of its items */
  byCollection: Map<string, Set<string>>;
}

const add = (map: Map<string, Set<string>>, key: string, id: string) =>
  map.set(key, (map.get(key) ?? new Set()).add(id));

function collect(value: unknown, harvest: Harvest, key = '') {
  if (typeof value === 'string') {
    for (const id of value.match(UUID) ?? []) {
      harvest.all.add(id);
      if (key) add(harvest.byKey, key, id);
    }
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, harvest, key);
  } else if (value && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) collect(inner, harvest, name);
  }
}

/** Reads every GET route as `token` (list routes first, then item routes with the ids found) and keeps the ids. */
export async function harvest(t: TestApp, routes: Route[], token: string): Promise<Harvest> {
  const found: Harvest = { all: new Set(), byKey: new Map(), byCollection: new Map() };
  const read = async (route: Route, url: string) => {
    // without a query first (a valid filter made up of random values finds nothing), then with the required ones
    let response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    if (response.statusCode === 400)
      response = await t.app.inject({
        method: 'GET',
        url: url + queryString(validQuery(route)),
        headers: bearer(token),
      });
    if (response.statusCode >= 300 || !String(response.headers['content-type']).includes('json')) return;
    const data = json(response).data;
    collect(data, found);
    const items = Array.isArray(data) ? data : Array.isArray(data?.items) ? data.items : [];
    for (const item of items) if (typeof item?.id === 'string') add(found.byCollection, route.path, item.id);
  };
  const gets = routes.filter((route) => route.method === 'GET');
  for (const route of gets.filter((r) => r.pathParams.length === 0)) await read(route, route.path);
  for (const route of gets.filter((r) => r.pathParams.length > 0))
    for (const id of candidatesForPath(found, route, route.pathParams[0]!))
      await read(route, fillPath(route, Object.fromEntries(route.pathParams.map((name) => [name, id]))));
  return found;
}

/** The ids worth trying in a path parameter: those of the list the parameter indexes, else every id. */
function candidatesForPath(found: Harvest, route: Route, name: string): string[] {
  const collection = route.path.slice(0, route.path.indexOf(`/{${name}}`));
  // and for a parameter with a name of its own (`{message_id}`), what answers hold under that name
  const named = new Set([
    ...(found.byCollection.get(collection) ?? []),
    ...((name !== 'id' && found.byKey.get(name)) || []),
  ]);
  return [...(named.size > 0 ? named : found.all)];
}

/** The ids worth trying in a query or body field: those held under the same key (`x_ids` → `x_id`), else every id. */
function candidatesForField(found: Harvest, name: string): string[] {
  const named = new Set([...(found.byKey.get(name) ?? []), ...(found.byKey.get(name.replace(/_ids$/, '_id')) ?? [])]);
  return [...(named.size > 0 ? named : found.all)];
}

type Slot =
  | { place: 'path'; name: string }
  | { place: 'query'; name: string }
  | { place: 'body'; path: (string | number)[]; name: string };

const isUuid = (schema: Schema) => concrete(schema).format === 'uuid';

/** Every body field that holds an id (arrays of ids by their first item). */
function uuidFields(raw: Schema, prefix: (string | number)[] = []): (string | number)[][] {
  const schema = concrete(raw);
  if (isUuid(schema)) return [prefix];
  if (typeOf(schema) === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([key, sub]) => uuidFields(sub, [...prefix, key]));
  if (typeOf(schema) === 'array' && schema.items) return uuidFields(schema.items, [...prefix, 0]);
  return [];
}

function slotsOf(route: Route): Slot[] {
  return [
    ...route.pathParams.map((name): Slot => ({ place: 'path', name })),
    ...route.query.filter((q) => isUuid(q.schema)).map(({ name }): Slot => ({ place: 'query', name })),
    ...(route.body ? uuidFields(route.body) : []).map(
      (path): Slot => ({ place: 'body', path, name: String(path.findLast((key) => typeof key === 'string')) }),
    ),
  ];
}

function setAt(base: unknown, path: (string | number)[], value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...base] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const object = { ...(base as Record<string, unknown>) };
  object[head as string] = setAt(object[head as string], rest, value);
  return object;
}

/**
 * One request per route, place and id of A that fits the place; the route's other ids are B's own (so the handler
 * gets past its other lookups) or random. Returns the requests that broke tenancy.
 */
export async function sweep(
  t: TestApp,
  routes: Route[],
  victim: Harvest,
  attacker: { token: string; ids: Harvest },
): Promise<{ failures: string[]; requests: number }> {
  const failures: string[] = [];
  let requests = 0;
  const ownId = (slot: Slot, route: Route) =>
    (slot.place === 'path'
      ? candidatesForPath(attacker.ids, route, slot.name)
      : candidatesForField(attacker.ids, slot.name))[0] ?? randomUUID();
  for (const route of routes) {
    const slots = slotsOf(route);
    for (const slot of slots) {
      const targets =
        slot.place === 'path' ? candidatesForPath(victim, route, slot.name) : candidatesForField(victim, slot.name);
      for (const target of targets) {
        const params: Record<string, string> = {};
        let query = validQuery(route);
        let body = route.body ? valid(route.body) : undefined;
        for (const other of slots) {
          const id = other === slot ? target : ownId(other, route);
          if (other.place === 'path') params[other.name] = id;
          else if (other.place === 'query') query = [...query.filter(([key]) => key !== other.name), [other.name, id]];
          else body = setAt(body, other.path, id);
        }
        const response = await t.app.inject({
          method: route.method,
          url: fillPath(route, params) + queryString(query),
          headers: bearer(attacker.token),
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        requests++;
        const why = breach(response, victim);
        if (why) failures.push(`${route.method} ${route.path} with A's ${slot.name}=${target}: ${why}`);
      }
    }
  }
  return { failures, requests };
}

/** A 5xx, or an answer that carries one of A's ids. */
function breach(response: LightMyRequestResponse, victim: Harvest): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (response.statusCode >= 300) return undefined;
  const leaked = (response.body.match(UUID) ?? []).find((id) => victim.all.has(id.toLowerCase()));
  return leaked ? `answered ${response.statusCode} with A's id ${leaked}` : undefined;
}

/** A digest of every row of one organization, in every table that has a workspace_id (and the organization's own). */
export async function fingerprint(t: TestApp, workspaceId: string): Promise<Record<string, string>> {
  return t.database.withWorkspace(workspaceId, async (tx) => {
    const tables = (
      (await tx.execute(sql`
        select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'workspace_id' order by table_name`)) as unknown as {
        rows: { table_name: string }[];
      }
    ).rows.map((row) => row.table_name);
    const digests: Record<string, string> = {};
    for (const table of [...tables, 'workspaces']) {
      const column = table === 'workspaces' ? 'id' : 'workspace_id';
      // A's jobs by what they are, not by how far they got: A's own queued work (a webhook's recheck a second
      // later) may run meanwhile, while a job B's request added for A would still show
      const text = table === 'jobs' ? sql`(t.name, t.payload)::text` : sql`t::text`;
      const result = (await tx.execute(
        sql`select count(*)::int as rows, md5(coalesce(string_agg(${text}, '|' order by ${text}), '')) as digest
            from ${sql.identifier(table)} t where ${sql.identifier(column)} = ${workspaceId}`,
      )) as unknown as { rows: { rows: number; digest: string }[] };
      const [row] = result.rows;
      digests[table] = `${row?.rows} ${row?.digest}`;
    }
    const members = (await tx.execute(
      sql`select count(*)::int as rows, md5(coalesce(string_agg(u::text, '|' order by u::text), '')) as digest
          from users u where u.id in (select user_id from workspace_members where workspace_id = ${workspaceId})`,
    )) as unknown as { rows: { rows: number; digest: string }[] };
    digests['users (members)'] = `${members.rows[0]?.rows} ${members.rows[0]?.digest}`;
    return digests;
  });
}
