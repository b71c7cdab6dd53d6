import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { call, memberToken, seedUsers, sharedDatabase, startRedis } from '../../../test/cluster.ts';
import { type FakeGraph, startFakeGraph } from '../../../test/fakes/graph-api.ts';
import { type ServerProcess, startServerProcess } from '../../../test/server-process.ts';

/*
 * Broadcasts on real server processes (PostgreSQL only, as the cluster tests): the channel's pace held by two
 * processes together, and a process killed with SIGKILL mid-broadcast, then a new one started.
 */

const serverUrl = process.env.DATABASE_URL;
let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

const PHONE_NUMBER_ID = '106540352242922';
const WABA_ID = '102290129340398';
const TOKEN = 'broadcast-crash-token';
const SENDS = { method: 'POST', path: `/${PHONE_NUMBER_ID}/messages` };

/** Polls `check` every 20 ms (a kill at half way must not overshoot by much) until it holds. */
async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Rows read as the database's owner (past row-level security). */
async function query<T>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A database, the fake Graph API, and the environment every server process of the test gets. */
async function system(extraEnv: Record<string, string> = {}) {
  const database = await sharedDatabase(serverUrl!);
  cleanup.push(() => database.drop());
  await seedUsers(database.url, ['owner']);
  const graph = await startFakeGraph();
  cleanup.push(() => graph.close());
  graph.allow(PHONE_NUMBER_ID, TOKEN);
  graph.allow(WABA_ID, TOKEN);
  const env = {
    DATABASE_URL: database.url,
    GRAPH_API_URL: graph.url,
    // the channel's token is sealed by one process and opened by another
    SECRETS_KEY: 'the same secrets key for every broadcast test process',
    ...extraEnv,
  };
  const start = async () => {
    const server = await startServerProcess(env);
    cleanup.push(() => server.dispose());
    return server;
  };
  return { databaseUrl: database.url, graph, start };
}

/**
 * Through the API: an organization, its WhatsApp channel at `mps`, the approved template synced from Meta; straight
 * into the database: `count` customers tagged `vip`. Answers what creating a broadcast needs.
 */
async function organization(server: ServerProcess, databaseUrl: string, graph: FakeGraph, mps: number, count: number) {
  const login = await call<{ token: string }>(server, '/public/v1/auth/login', {
    body: { username_or_email: 'owner', password: 'cluster test password' },
  });
  const workspace = await call<{ id: string }>(server, '/v1/workspace', {
    body: { name: 'Broadcasts', time_zone: 'UTC' },
    token: login.data.token,
  });
  const workspaceId = workspace.data.id;
  const token = await memberToken(server, 'owner', workspaceId);
  const channel = await call<{ id: string }>(server, '/v1/channels', {
    body: {
      type: 'whatsapp',
      name: 'WhatsApp',
      phone_number_id: PHONE_NUMBER_ID,
      business_account_id: WABA_ID,
      access_token: TOKEN,
      app_secret: 'broadcast-crash-app-secret',
      verify_token: 'verify',
    },
    token,
  });
  expect(channel.status, channel.error).toBe(200);
  const paced = await call(server, `/v1/channels/${channel.data.id}`, {
    method: 'PUT',
    body: { messages_per_second: mps },
    token,
  });
  expect(paced.data).toMatchObject({ messages_per_second: mps });

  graph.addTemplate(WABA_ID, {
    name: 'order_ready',
    components: [{ type: 'BODY', text: 'Hello {{1}}, your order is ready', example: { body_text: [['Ann']] } }],
  });
  const synced = await call(server, '/v1/whatsapp-templates/sync', { body: { channel_id: channel.data.id }, token });
  expect(synced.data).toMatchObject({ created: 1 });
  const templates = await call<{ id: string; status: string }[]>(server, '/v1/whatsapp-templates', { token });
  const template = templates.data[0]!;
  expect(template.status).toBe('approved');

  const [tag] = await query<{ id: string }>(
    databaseUrl,
    `insert into customer_tags (workspace_id, name, color) values ($1, 'vip', 'blue') returning id`,
    [workspaceId],
  );
  await query(
    databaseUrl,
    `with made as (
       insert into customers (workspace_id, first_name, last_name, display_name, whatsapp_id)
       select $1, 'Cust' || n, 'X', 'Cust' || n || ' X', '8526' || lpad(n::text, 7, '0')
       from generate_series(1, $2::int) n
       returning id
     )
     insert into customer_tag_links (workspace_id, customer_id, tag_id) select $1, id, $3 from made`,
    [workspaceId, count, tag!.id],
  );
  const broadcast = (name: string) => ({
    name,
    channel_id: channel.data.id,
    template_id: template.id,
    parameters: [{ key: '1', field: 'first_name' }],
    audience: { tag_ids: [tag!.id] },
  });
  return { token, workspaceId, broadcast };
}

type Progress = Record<'total' | 'pending' | 'sent' | 'failed' | 'skipped' | 'unknown' | 'cancelled', number>;
type Broadcast = { id: string; status: string; progress: Progress };

const templateSends = (graph: FakeGraph) =>
  graph.sent((request) => (request.body as { type?: string }).type === 'template');

describe.skipIf(!serverUrl)('broadcasts on real server processes (PostgreSQL)', () => {
  it('two processes sending on one channel keep to its messages per second over every 5 seconds', async () => {
    const redis = await startRedis();
    cleanup.push(() => redis.stop());
    const { databaseUrl, graph, start } = await system({ REDIS_URL: redis.url });
    const [a, b] = await Promise.all([start(), start()]);
    const mps = 50;
    const perBroadcast = 150;
    const { token, broadcast } = await organization(a, databaseUrl, graph, mps, perBroadcast);

    // one sender job runs a broadcast: two broadcasts on the channel, created through each process, are what
    // lets both processes send on it at once, taking from one bucket
    const started = Date.now();
    const created = await Promise.all([
      call<Broadcast>(a, '/v1/broadcasts', { body: broadcast('First'), token }),
      call<Broadcast>(b, '/v1/broadcasts', { body: broadcast('Second'), token }),
    ]);
    for (const answer of created) expect(answer.data).toMatchObject({ status: 'sending' });
    const read = (id: string) => call<Broadcast>(a, `/v1/broadcasts/${id}`, { token });
    await until(
      async () => {
        const states = await Promise.all(created.map((answer) => read(answer.data.id)));
        return states.every((state) => state.data.status === 'completed');
      },
      30_000,
      'both broadcasts completed',
    );
    const took = Date.now() - started;

    const sends = templateSends(graph);
    const total = perBroadcast * 2;
    expect(sends).toHaveLength(total);
    expect(new Set(sends.map((send) => (send.body as { to: string }).to)).size).toBe(perBroadcast);
    // over any 5 seconds: at most mps × 5, plus 10%
    const times = sends.map((send) => send.at).sort((x, y) => x - y);
    const busiest = Math.max(...times.map((from) => times.filter((at) => at >= from && at < from + 5_000).length));
    expect(busiest).toBeLessThanOrEqual(mps * 5 * 1.1);
    expect(took).toBeGreaterThanOrEqual((total / mps) * 1_000);
    // the last send itself went no sooner than the pace lets (the bucket's burst, a tenth of a second, at once)
    expect(times.at(-1)! - started).toBeGreaterThanOrEqual(((total - mps / 10) / mps) * 1_000);
  }, 60_000);

  it('kill -9 at half way, a new process: each phone sent at most once, none left, completed by itself', async () => {
    // a process's lost jobs are taken again after 4 s of silence (JOB_LOCK_TIMEOUT_MS), not the default minute, and
    // its sends in flight are taken for lost after 4 s (twice GRAPH_TIMEOUT_MS), not the default 30
    const { databaseUrl, graph, start } = await system({ JOB_LOCK_TIMEOUT_MS: '4000', GRAPH_TIMEOUT_MS: '2000' });
    const first = await start();
    const total = 100;
    const { token, broadcast } = await organization(first, databaseUrl, graph, 20, total);
    // Meta answers each send after 150 ms: at the kill a batch is in flight, marked but not recorded
    graph.delayNext(SENDS, 150, 10_000);

    const created = await call<Broadcast>(first, '/v1/broadcasts', { body: broadcast('Crash'), token });
    expect(created.data).toMatchObject({ status: 'sending', progress: { total, pending: total } });
    await until(() => templateSends(graph).length >= total / 2, 30_000, 'half of the sends');
    first.process.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    const sentBeforeKill = templateSends(graph).length;
    expect(sentBeforeKill).toBeLessThan(total);

    const second = await start();
    const read = () => call<Broadcast>(second, `/v1/broadcasts/${created.data.id}`, { token });
    // nobody resumes it: the new process takes the dead one's sender job, and its in-flight batch turns unknown
    await until(async () => (await read()).data.status === 'completed', 50_000, 'the broadcast completed');

    const phones = templateSends(graph).map((send) => (send.body as { to: string }).to);
    const sendsOf = new Map<string, number>();
    for (const phone of phones) sendsOf.set(phone, (sendsOf.get(phone) ?? 0) + 1);
    expect([...sendsOf.entries()].filter(([, times]) => times > 1)).toEqual([]);
    expect(phones.length).toBeGreaterThan(sentBeforeKill);

    const recipients = await query<{ phone: string; status: string }>(
      databaseUrl,
      'select phone, status from broadcast_recipients where broadcast_id = $1',
      [created.data.id],
    );
    expect(recipients).toHaveLength(total);
    expect(recipients.filter((r) => !['sent', 'unknown'].includes(r.status))).toEqual([]);
    // every recipient recorded sent reached Meta; one never tried is sent, none is lost
    expect(recipients.filter((r) => r.status === 'sent' && !sendsOf.has(r.phone))).toEqual([]);
    const unknown = recipients.filter((r) => r.status === 'unknown');
    // what the dead process had in flight: one batch (the channel's burst, 2 at 20 messages/s) at most
    expect(unknown.length).toBeLessThanOrEqual(2);
    const { progress } = (await read()).data;
    expect(progress).toMatchObject({ total, pending: 0, sent: total - unknown.length, unknown: unknown.length });
  }, 90_000);
});
