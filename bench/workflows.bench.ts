/**
 * Workflows (issue 27): the app built in this process (its HTTP routes answered through `inject`, its job queue's
 * real workers running, as in a one-process deployment), on a database of its own (created on DATABASE_URL's
 * server and dropped afterwards, or PGlite in a temporary folder). Each figure beside its baseline, same run:
 *
 * 1. matching: signed WhatsApp messages through the webhook route; the time of the `workflow-triggers` listener of
 *    `message.stored` (its `events.deliver` job's work, timed around the event bus's delivery) per message, with
 *    1,000 active workflows of mixed triggers against the same messages with none;
 * 2. throughput: a 5-step workflow (condition, update_field, add_tag, remove_tag, update_field) run by hand for
 *    1,000 customers × 10 (`POST /v1/workflows/:id/run`), steps/s and runs/s until all succeeded; baseline: the same
 *    queue's slots running as many empty jobs; and one run alone, POST → succeeded, p50/p99;
 * 3. waiting runs: the same batch again with 100,000 runs parked at a one-day wait (wake jobs due tomorrow).
 *
 *   [DATABASE_URL=postgres://…] node bench/workflows.bench.ts [messages] [workflows] [runs] [waiting runs]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkflowEdge } from '@omnichat/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { workflowExecutions } from '../apps/server/src/modules/workflows/workflows.tables.ts';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { users } from '../apps/server/src/platform/identity/users.tables.ts';
import { defineJob } from '../apps/server/src/platform/jobs/job-definition.ts';
import { startFakeGraph } from '../apps/server/test/fakes/graph-api.ts';
import { metaJson, signMetaBody, whatsappText } from '../apps/server/test/fakes/meta-webhooks.ts';
import { BENCH_PASSWORD, benchServerEnv, createBenchDatabase } from './bench-server.ts';

const MESSAGES = Number(process.argv[2] ?? 10_000);
const WORKFLOWS = Number(process.argv[3] ?? 1_000);
const RUNS = Number(process.argv[4] ?? 10_000);
const WAITING = Number(process.argv[5] ?? 100_000);
const CUSTOMERS = Math.min(1_000, RUNS);
const IN_FLIGHT = 8;
const SINGLE_RUNS = 20;
const PHONE_NUMBER_ID = '106540352242922';
const APP_SECRET = 'bench-app-secret';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (check: () => Promise<boolean> | boolean, timeoutMs: number, what: string, everyMs = 100) => {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(everyMs);
  }
};

// the database and the app, in this process
const graph = await startFakeGraph();
graph.allow(PHONE_NUMBER_ID, 'bench-token');
const dataDir = mkdtempSync(path.join(tmpdir(), 'omnichat-bench-'));
const ownDatabase = process.env.DATABASE_URL ? await createBenchDatabase(process.env.DATABASE_URL) : undefined;
const database = await openDatabase(ownDatabase ? { databaseUrl: ownDatabase.url } : { dataDir });
const kind = ownDatabase ? 'PostgreSQL' : 'PGlite';
await database.db.insert(users).values({
  username: 'bench',
  displayName: 'Bench',
  email: 'bench@example.com',
  passwordHash: await hashPassword(BENCH_PASSWORD),
  emailVerified: true,
});
const config = loadConfig({
  ...process.env,
  ...benchServerEnv(dataDir, 0),
  DATABASE_URL: undefined,
  GRAPH_API_URL: graph.url,
  LOG_LEVEL: 'error',
});
const app = await buildApp({ config, database, logger: { level: 'error' } });
await app.ready();

// the listener's work: each delivery of `message.stored` to `workflow-triggers`, timed, per event
const listenerMs: number[] = [];
const deliver = app.events.deliver.bind(app.events);
app.events.deliver = async (name, stored, context) => {
  const started = performance.now();
  try {
    return await deliver(name, stored, context);
  } finally {
    if (name === 'workflow-triggers' && stored[0]?.type === 'message.stored')
      for (const _ of stored) listenerMs.push((performance.now() - started) / stored.length);
  }
};
// the baseline of the queue: empty jobs on the workflows' queue (its slots)
let emptyRan = 0;
const emptyJob = defineJob({
  name: 'bench.empty',
  version: 1,
  queue: 'workflows',
  payload: z.object({ n: z.number() }),
  handle: async () => void emptyRan++,
});
app.jobs.define(emptyJob);
await app.jobs.start();

async function call(method: 'GET' | 'POST', url: string, body?: object, token?: string) {
  const answer = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body && { payload: body }),
  });
  if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
  return (answer.json() as { data: Record<string, unknown> }).data;
}
const login = await call('POST', '/public/v1/auth/login', { username_or_email: 'bench', password: BENCH_PASSWORD });
const workspace = await call('POST', '/v1/workspace', { name: 'Workflows', time_zone: 'UTC' }, login.token as string);
const workspaceId = workspace.id as string;
const token = (await call('POST', '/public/v1/auth/refresh-token', { token: login.token, workspace_id: workspaceId }))
  .token as string;
const channel = await call(
  'POST',
  '/v1/channels',
  {
    type: 'whatsapp',
    name: 'Bench',
    phone_number_id: PHONE_NUMBER_ID,
    business_account_id: '102290129340398',
    access_token: 'bench-token',
    app_secret: APP_SECRET,
    verify_token: 'bench',
  },
  token,
);
const otherChannel = await call('POST', '/v1/channels', { type: 'webchat', name: 'Site chat' }, token);
const tag = await call('POST', '/v1/customer-tags', { name: 'Lead' }, token);
// the tag-added triggers' own tag: the 5-step workflow's tags start none of them
const triggerTag = await call('POST', '/v1/customer-tags', { name: 'VIP' }, token);

/** `MESSAGES` signed deliveries, one message each, from 5,000 phones (each phase its own), a keyword in 1 %. */
async function ingest(phase: number) {
  const deliveries = Array.from({ length: MESSAGES }, (_, i) => {
    const raw = metaJson(
      whatsappText({
        phoneNumberId: PHONE_NUMBER_ID,
        from: `852${phase}${String(1_000_000 + (i % 5000)).padStart(7, '0')}`,
        id: `wamid.bench${phase}.${i}`,
        text: i % 100 === 0 ? `hello kw${i % WORKFLOWS} please` : `message ${i} about my order`,
      }),
    );
    return { raw, signature: signMetaBody(raw, APP_SECRET) };
  });
  const before = listenerMs.length;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < deliveries.length) {
        const delivery = deliveries[next++]!;
        const answer = await app.inject({
          method: 'POST',
          url: `/public/v1/channels/${channel.id}/webhook`,
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': delivery.signature },
          payload: delivery.raw,
        });
        if (answer.statusCode !== 200) throw new Error(`webhook: ${answer.statusCode} ${answer.body}`);
      }
    }),
  );
  await until(() => listenerMs.length - before >= MESSAGES, 600_000, `phase ${phase}: the listener's deliveries`);
  const seconds = (performance.now() - started) / 1000;
  return { ms: listenerMs.slice(before), seconds };
}

const node = (id: string, type: string, data: Record<string, unknown> = {}) => ({ id, type, data });
const chain = (nodes: { id: string }[]) =>
  nodes.slice(1).map((one, index) => ({ source: nodes[index]!.id, target: one.id }));
const createWorkflow = async (name: string, nodes: ReturnType<typeof node>[], edges: WorkflowEdge[] = chain(nodes)) =>
  call('POST', '/v1/workflows', { name, active: true, nodes, edges }, token);

// 1. matching: the messages with no workflow, then with WORKFLOWS
console.error(`matching: ${MESSAGES} messages, no workflows…`);
const bare = await ingest(1);
const note = node('n', 'action.add_note', { text: 'matched {{message.text}}' });
const mix = { keywords: 0, otherChannel: 0, opened: 0, others: 0 };
for (let i = 0; i < WORKFLOWS; i++) {
  const slot = i % 20;
  let trigger: ReturnType<typeof node>;
  if (slot < 16) {
    // keyword workflows on the channel (or on every channel), of 1 to 3 keywords; one of them: kw<i>
    trigger = node('t', 'trigger.message_received', {
      keywords: [`kw${i}`, ...(i % 3 ? [`refund ${i}`] : []), ...(i % 3 === 2 ? [`promo${i}`] : [])],
      channel_ids: i % 2 ? [channel.id] : [],
    });
    mix.keywords++;
  } else if (slot === 16) {
    trigger = node('t', 'trigger.message_received', { channel_ids: [otherChannel.id] });
    mix.otherChannel++;
  } else if (slot === 17) {
    trigger = node('t', 'trigger.conversation_opened', { channel_ids: [otherChannel.id] });
    mix.opened++;
  } else {
    trigger =
      slot === 18
        ? node('t', 'trigger.customer_tag_added', { tag_id: triggerTag.id })
        : node('t', i % 40 === 19 ? 'trigger.conversation_closed' : 'trigger.manual');
    mix.others++;
  }
  await createWorkflow(`Matching ${i}`, [trigger, note]);
}
console.error(`matching: ${MESSAGES} messages, ${WORKFLOWS} workflows…`);
const loaded = await ingest(2);
const matchedRuns = await database.withWorkspace(workspaceId, async (tx) => {
  const [row] = await tx
    .select({ n: count() })
    .from(workflowExecutions)
    .where(eq(workflowExecutions.triggerType, 'trigger.message_received'));
  return row!.n;
});

// 2. throughput: the customers, the 5-step workflow, and the queue's own rate of empty jobs
await database.withWorkspace(workspaceId, (tx) =>
  tx.execute(sql`insert into customers (workspace_id, first_name, last_name, display_name)
    select ${workspaceId}, 'Cust' || n, 'X', 'Cust' || n || ' X' from generate_series(1, ${CUSTOMERS}::int) n`),
);
const customerIds = await database.withWorkspace(workspaceId, async (tx) => {
  const { customers } = await import('../apps/server/src/modules/customers/customers.tables.ts');
  return (await tx.select({ id: customers.id }).from(customers).where(sql`${customers.firstName} like 'Cust%'`)).map(
    (row) => row.id,
  );
});
const fiveSteps = await createWorkflow(
  'Five steps',
  [
    node('t', 'trigger.manual'),
    node('c', 'condition', { field: 'customer.first_name', operator: 'contains', value: 'Cust' }),
    node('f1', 'action.update_field', { field: 'company', value: 'Bench {{customer.first_name}}' }),
    node('a', 'action.add_tag', { tag_id: tag.id }),
    node('r', 'action.remove_tag', { tag_id: tag.id }),
    node('f2', 'action.update_field', { field: 'city', value: 'Hong Kong' }),
  ],
  [
    { source: 't', target: 'c' },
    { source: 'c', target: 'f1', branch: 'yes' },
    { source: 'f1', target: 'a' },
    { source: 'a', target: 'r' },
    { source: 'r', target: 'f2' },
  ],
);
const STEPS = 5;

const succeeded = (workflowId: string) =>
  database.withWorkspace(workspaceId, async (tx) => {
    const rows = await tx
      .select({ status: workflowExecutions.status, n: count() })
      .from(workflowExecutions)
      .where(eq(workflowExecutions.workflowId, workflowId))
      .groupBy(workflowExecutions.status);
    return Object.fromEntries(rows.map((row) => [row.status, row.n])) as Record<string, number>;
  });

async function emptyJobs() {
  const before = emptyRan;
  const started = performance.now();
  await app.jobs.enqueueMany(
    emptyJob,
    Array.from({ length: RUNS }, (_, n) => ({ n })),
    { workspaceId },
  );
  await until(() => emptyRan - before >= RUNS, 600_000, 'the empty jobs', 20);
  return RUNS / ((performance.now() - started) / 1000);
}

/** RUNS runs of the 5-step workflow started by hand, CUSTOMERS at a time; until all succeeded. */
async function batch() {
  const done = (await succeeded(fiveSteps.id as string)).succeeded ?? 0;
  const started = performance.now();
  for (let i = 0; i < RUNS / CUSTOMERS; i++)
    await call('POST', `/v1/workflows/${fiveSteps.id}/run`, { customer_ids: customerIds }, token);
  const startSeconds = (performance.now() - started) / 1000;
  let states: Record<string, number> = {};
  await until(
    async () => {
      states = await succeeded(fiveSteps.id as string);
      return (states.succeeded ?? 0) - done + (states.failed ?? 0) >= RUNS;
    },
    1_800_000,
    'the batch',
    250,
  );
  const seconds = (performance.now() - started) / 1000;
  return { runsPerSecond: RUNS / seconds, seconds, startSeconds, failed: states.failed ?? 0 };
}

/** One run alone, SINGLE_RUNS times: POST → succeeded. */
async function single() {
  const ms: number[] = [];
  for (let i = 0; i < SINGLE_RUNS; i++) {
    const started = performance.now();
    const answer = await call(
      'POST',
      `/v1/workflows/${fiveSteps.id}/run`,
      { customer_ids: [customerIds[i % customerIds.length]] },
      token,
    );
    const [id] = (answer.execution_ids ?? answer.ids ?? []) as string[];
    await until(
      async () =>
        database.withWorkspace(workspaceId, async (tx) => {
          const where = id
            ? eq(workflowExecutions.id, id)
            : and(eq(workflowExecutions.workflowId, fiveSteps.id as string), eq(workflowExecutions.status, 'running'));
          const rows = await tx.select({ status: workflowExecutions.status }).from(workflowExecutions).where(where);
          return id ? rows[0]?.status === 'succeeded' : rows.length === 0;
        }),
      60_000,
      'a single run',
      2,
    );
    ms.push(performance.now() - started);
  }
  return ms;
}

console.error(`throughput: ${RUNS} empty jobs, then ${RUNS} runs…`);
const emptyRate = await emptyJobs();
const fresh = await batch();
const freshSingle = await single();

// 3. WAITING runs parked at a day's wait, their wake jobs due tomorrow (as the engine leaves them)
console.error(`waiting: ${WAITING} parked runs…`);
const waiter = await createWorkflow('Waiter', [
  node('t', 'trigger.manual'),
  node('w', 'action.wait', { seconds: 86_400 }),
  node('g', 'action.add_tag', { tag_id: tag.id }),
]);
// one batch through the engine (the real shape of a parked run), then copies of it by SQL
await call('POST', `/v1/workflows/${waiter.id}/run`, { customer_ids: customerIds }, token);
await until(async () => (await succeeded(waiter.id as string)).waiting === CUSTOMERS, 300_000, 'the first waits');
await database.unsafeCrossTenant('the bench parks copies of the waiting runs', async (tx) => {
  for (let made = CUSTOMERS; made < WAITING; made += 10_000) {
    const n = Math.min(10_000, WAITING - made);
    await tx.execute(sql`
      with copies as (
        select gen_random_uuid() as id, gen_random_uuid() as job_id, e.workspace_id, e.workflow_id, e.version,
          e.status, e.test, e.trigger_type, e.customer_id, e.conversation_id, e.context, e.current_node_id,
          e.step_count, e.waiting_until, e.started_at
        from workflow_executions e, generate_series(1, ${Math.ceil(n / CUSTOMERS)}::int) g
        where e.workflow_id = ${waiter.id} and e.trigger_key is null
        limit ${n}
      ), runs as (
        insert into workflow_executions (id, workspace_id, workflow_id, version, status, test, trigger_type,
          customer_id, conversation_id, context, current_node_id, step_count, waiting_until, wait_job_id, started_at)
        select id, workspace_id, workflow_id, version, status, test, trigger_type, customer_id, conversation_id,
          context, current_node_id, step_count, waiting_until, job_id, started_at from copies
      ), steps as (
        insert into workflow_execution_steps (workspace_id, execution_id, seq, node_id, type, status, attempt,
          started_at)
        select workspace_id, id, 1, 'w', 'action.wait', 'waiting', 1, now() from copies
      )
      insert into jobs (id, workspace_id, name, queue, version, payload, run_at, max_attempts)
      select job_id, workspace_id, 'workflows.wake', 'workflows', 1,
        jsonb_build_object('execution_id', id, 'step_count', step_count), waiting_until, 6
      from copies`);
  }
});
await database.unsafeCrossTenant('statistics, as autovacuum would', (tx) => tx.execute(sql`analyze`));
const parked = (await succeeded(waiter.id as string)).waiting ?? 0;
console.error(`waiting: ${parked} parked; ${RUNS} empty jobs, then ${RUNS} runs…`);
const emptyRateWaiting = await emptyJobs();
const crowded = await batch();
const crowdedSingle = await single();

await app.close();
await database.close();
await graph.close();
rmSync(dataDir, { recursive: true, force: true });
await ownDatabase?.drop();

const row = (...cells: (string | number)[]) => console.log(`| ${cells.join(' | ')} |`);
const ms = (values: number[]) => `${percentile(values, 0.5).toFixed(2)} / ${percentile(values, 0.99).toFixed(2)}`;
console.log(
  `\nWorkflows, ${kind}: the app in the bench's process (routes through inject, the job queue's workers running)\n`,
);
console.log(
  `1. Matching: ${MESSAGES.toLocaleString('en')} WhatsApp messages through the webhook (${IN_FLIGHT} in flight, 5,000 phones, 1 % with a keyword); ${WORKFLOWS.toLocaleString('en')} active workflows: ${mix.keywords} keyword message triggers, ${mix.otherChannel} message triggers of another channel, ${mix.opened} conversation-opened of another channel, ${mix.others} other triggers\n`,
);
row('workflow-triggers listener per message', 'p50 / p99 ms', 'p99.9 ms', 'mean ms', 'messages in', 'runs started');
row('---', '---', '---', '---', '---', '---');
const mean = (values: number[]) => (values.reduce((a, b) => a + b, 0) / values.length).toFixed(2);
row(
  'baseline: no workflows',
  ms(bare.ms),
  percentile(bare.ms, 0.999).toFixed(2),
  mean(bare.ms),
  `${bare.seconds.toFixed(1)} s`,
  0,
);
row(
  `${WORKFLOWS.toLocaleString('en')} workflows`,
  ms(loaded.ms),
  percentile(loaded.ms, 0.999).toFixed(2),
  mean(loaded.ms),
  `${loaded.seconds.toFixed(1)} s`,
  matchedRuns,
);
row(
  'added by matching',
  `${(percentile(loaded.ms, 0.5) - percentile(bare.ms, 0.5)).toFixed(2)} / ${(percentile(loaded.ms, 0.99) - percentile(bare.ms, 0.99)).toFixed(2)}`,
  '',
  '',
  '',
  'target: p99 < 5 ms',
);
console.log(
  `\n2 and 3. Throughput: ${RUNS.toLocaleString('en')} runs of a ${STEPS}-step workflow (condition, update_field, add_tag, remove_tag, update_field), started by hand ${CUSTOMERS.toLocaleString('en')} customers at a time; baseline: ${RUNS.toLocaleString('en')} empty jobs on the same queue's slots\n`,
);
row(
  '',
  'steps/s',
  'runs/s',
  'batch s (of it starting)',
  'failed',
  'empty jobs/s',
  `one run alone p50 / p99 ms (${SINGLE_RUNS})`,
);
row('---', '---', '---', '---', '---', '---', '---');
for (const [label, result, empty, alone] of [
  ['no waiting runs', fresh, emptyRate, freshSingle],
  [`${parked.toLocaleString('en')} waiting runs`, crowded, emptyRateWaiting, crowdedSingle],
] as const)
  row(
    label,
    Math.round(result.runsPerSecond * STEPS).toLocaleString('en'),
    Math.round(result.runsPerSecond).toLocaleString('en'),
    `${result.seconds.toFixed(1)} (${result.startSeconds.toFixed(1)})`,
    result.failed,
    Math.round(empty).toLocaleString('en'),
    ms(alone),
  );
console.log(
  `\nwith waiting runs: ${((crowded.runsPerSecond / fresh.runsPerSecond) * 100).toFixed(0)}% of the rate without; target ≥ 500 steps/s`,
);
