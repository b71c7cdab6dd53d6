/**
 * Broadcasts: a WhatsApp channel at 1,000 messages/s sends a template to 100,000 customers through a fake Graph
 * API (on a thread of this process, answering in Meta's format). Printed: the sustained send rate against the channel's, the
 * total time, and the p99 of the inbox's reply route (`POST /v1/conversations/{id}/messages`, a modest paced load)
 * while the broadcast runs, beside the same route's p99 with no broadcast (the baseline, same run). Then a second
 * broadcast to them all is killed (SIGKILL) at half way and a new process started: phones sent twice, recipients
 * lost (neither sent nor in a final status), those `unknown` (in flight at the kill) and the time to completion.
 *
 *   [BENCH_SPLIT=1] DATABASE_URL=postgres://… node bench/broadcast.bench.ts [customers] [replies per second]
 */
import { Agent, request } from 'node:http';
import pg from 'pg';
import { metaJson, signMetaBody } from '../apps/server/test/fakes/meta-common.ts';
import { whatsappText } from '../apps/server/test/fakes/meta-whatsapp.ts';
import { benchOrganization, startBenchServer } from './bench-server.ts';
import { startGraphSink } from './graph-sink.ts';

const CUSTOMERS = Number(process.argv[2] ?? 100_000);
const REPLIES_PER_SECOND = Number(process.argv[3] ?? 20);
const MPS = 1_000;
const BASELINE_SECONDS = 10;
const PHONE_NUMBER_ID = '106540352242922';
const WABA_ID = '102290129340398';
const TOKEN = 'bench-token';
const APP_SECRET = 'bench-app-secret';
const FINAL = ['sent', 'delivered', 'read', 'failed', 'skipped', 'cancelled', 'unknown'];

if (!process.env.DATABASE_URL) throw new Error('the broadcast bench runs on PostgreSQL: set DATABASE_URL');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};
const until = async (check: () => Promise<boolean> | boolean, timeoutMs: number, what: string, everyMs = 200) => {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
};

const graph = await startGraphSink({ phoneNumberId: PHONE_NUMBER_ID, token: TOKEN });
// a crashed process's sender job is taken again after 10 s of silence instead of a minute (docs/OPERATIONS.md)
// BENCH_SPLIT=1: an api process answers the replies while a worker process (ROLE=worker) sends the broadcast
const split = process.env.BENCH_SPLIT === '1';
const server = await startBenchServer(
  undefined,
  { GRAPH_API_URL: graph.url, LOG_LEVEL: 'error', JOB_LOCK_TIMEOUT_MS: '10000' },
  { split },
);
const { workspaceId, token } = await benchOrganization(server, 'Broadcasts');
const channel = await server.call(
  '/v1/channels',
  {
    type: 'whatsapp',
    name: 'Bench',
    phone_number_id: PHONE_NUMBER_ID,
    business_account_id: WABA_ID,
    access_token: TOKEN,
    app_secret: APP_SECRET,
    verify_token: 'bench',
  },
  token,
);
const paced = await fetch(`${server.base}/v1/channels/${channel.id}`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({ messages_per_second: MPS }),
});
if (!paced.ok) throw new Error(`the channel's rate: ${paced.status} ${await paced.text()}`);

// the template (as synced from Meta, approved) and the customers, straight into the database
const owner = new pg.Client({ connectionString: server.databaseUrl });
await owner.connect();
const {
  rows: [template],
} = await owner.query(
  `insert into whatsapp_templates (workspace_id, channel_id, external_id, name, language, category, status, header, body, parameters, buttons)
   values ($1, $2, '1234567890123456', 'spring_sale', 'en_US', 'utility', 'approved', '{"type":"none"}',
     'Hello {{1}}, your order is ready', '[{"key":"1","value":"Ann"}]', '[]') returning id`,
  [workspaceId, channel.id],
);
const {
  rows: [tag],
} = await owner.query(
  `insert into customer_tags (workspace_id, name, color) values ($1, 'everyone', 'blue') returning id`,
  [workspaceId],
);
const seeded = performance.now();
await owner.query(
  `with made as (
     insert into customers (workspace_id, first_name, last_name, display_name, whatsapp_id)
     select $1, 'Cust' || n, 'X', 'Cust' || n || ' X', '8529' || lpad(n::text, 7, '0')
     from generate_series(1, $2::int) n
     returning id
   )
   insert into customer_tag_links (workspace_id, customer_id, tag_id) select $1, id, $3 from made`,
  [workspaceId, CUSTOMERS, tag.id],
);
await owner.query('analyze');
console.error(`${CUSTOMERS.toLocaleString('en')} customers inserted in ${Math.round(performance.now() - seeded)} ms`);

// the agent's conversation: a customer writes (the reply window opens)
const webhookRaw = metaJson(
  whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85290000001', id: 'wamid.inbound1', text: 'Hello?' }),
);
const delivered = await fetch(`${server.base}/public/v1/channels/${channel.id}/webhook`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaBody(webhookRaw, APP_SECRET) },
  body: webhookRaw,
});
if (!delivered.ok) throw new Error(`the inbound message: ${delivered.status}`);
let conversationId = '';
await until(
  async () => {
    const list = (await server.call('/v1/conversations', undefined, token)) as unknown as
      | { items?: { id: string }[] }
      | { id: string }[];
    const items = Array.isArray(list) ? list : (list.items ?? []);
    conversationId = items[0]?.id ?? '';
    return conversationId !== '';
  },
  10_000,
  'the conversation',
);

// the reply load: a lean client (node:http, kept-alive), REPLIES_PER_SECOND paced replies
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const reply = (i: number) =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const sent = request(
      `${server.base}/v1/conversations/${conversationId}/messages`,
      { agent, method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } },
      (answer) => {
        answer.resume();
        answer.once('end', () =>
          answer.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${answer.statusCode}`)),
        );
      },
    );
    sent.once('error', reject);
    sent.end(JSON.stringify({ type: 'text', text: `reply ${i}` }));
  });
/** Replies at REPLIES_PER_SECOND until `stop()` holds (checked before each); answers their times in ms. */
async function replyLoad(stop: () => boolean) {
  const ms: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; !stop(); i++) {
    const wait = started + (i * 1000) / REPLIES_PER_SECOND - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      reply(i).then(
        (took) => void ms.push(took),
        () => void failures++,
      ),
    );
  }
  await Promise.all(pending);
  return { ms, failures };
}

type Progress = Record<'total' | 'pending' | 'sent' | 'failed' | 'skipped' | 'unknown', number>;
const broadcastBody = (name: string) => ({
  name,
  channel_id: channel.id,
  template_id: template.id,
  parameters: [{ key: '1', field: 'first_name' }],
  audience: { tag_ids: [tag.id] },
});
const statusOf = async (id: string) =>
  (await server.call(`/v1/broadcasts/${id}`, undefined, token)) as { status: string; progress: Progress };

// baseline: the reply route with no broadcast
const baselineEnd = performance.now() + BASELINE_SECONDS * 1000;
const baseline = await replyLoad(() => performance.now() >= baselineEnd);

// run 1: the whole broadcast, replies meanwhile
await graph.reset();
const startedAt = Date.now();
const first = await server.call('/v1/broadcasts', broadcastBody('Run 1'), token);
let done = false;
const during = replyLoad(() => done);
await until(
  async () => {
    done = (await statusOf(first.id as string)).status === 'completed';
    return done;
  },
  600_000,
  'run 1 completed',
  250,
);
const totalMs = Date.now() - startedAt;
const loaded = await during;
const run1 = await graph.stats();
const times = run1.times;
const sendSpanS = (times.at(-1)! - times[0]!) / 1000;
const sustained = (times.length - 1) / sendSpanS;
// the slowest 10 s stretch of sends (start to start), a floor under the average
let slowest = Number.POSITIVE_INFINITY;
for (let i = 0, j = 0; i < times.length; i++) {
  while (j < times.length && times[j]! < times[i]! + 10_000) j++;
  if (times[i]! + 10_000 <= times.at(-1)!) slowest = Math.min(slowest, (j - i) / 10);
}
const firstRun = await statusOf(first.id as string);
const twiceInRun1 = run1.counts.filter(([, count]) => count > 1).length;

// run 2: killed at half way (SIGKILL), a new process started; nobody resumes the broadcast
await graph.reset();
const second = await server.call('/v1/broadcasts', broadcastBody('Run 2'), token);
await until(() => graph.sent() >= CUSTOMERS / 2, 600_000, 'half of run 2', 5);
await server.crash();
const killedAt = performance.now();
const sentAtKill = graph.sent();
await server.restart();
const restartedAt = performance.now();
await until(async () => (await statusOf(second.id as string)).status === 'completed', 600_000, 'run 2 completed', 500);
const recoveredMs = performance.now() - killedAt;
const run2 = new Map((await graph.stats()).counts);
const sentTwice = [...run2.values()].filter((count) => count > 1).length;
const {
  rows: [states],
} = await owner.query(
  `select count(*) filter (where status not in (select unnest($2::text[])))::int as unfinished,
          count(*) filter (where status = 'unknown')::int as unknown,
          count(*) filter (where status = 'sent')::int as sent,
          array_agg(phone) filter (where status = 'sent') as sent_phones
   from broadcast_recipients where broadcast_id = $1`,
  [second.id, FINAL],
);
// lost: neither in a final status, nor recorded sent while Meta never received it
const sentUnseen = (states.sent_phones as string[]).filter((phone) => !run2.has(phone)).length;
const lost = states.unfinished + sentUnseen;
const secondRun = await statusOf(second.id as string);

await owner.end();
agent.destroy();
await server.stop();
await graph.close();

const row = (...cells: (string | number)[]) => console.log(`| ${cells.join(' | ')} |`);
console.log(
  `\nBroadcast, ${server.kind}${split ? ', an api and a worker process (the worker killed in run 2)' : ''}: ${CUSTOMERS.toLocaleString('en')} customers, channel at ${MPS.toLocaleString('en')} messages/s, fake Graph API on a thread of the bench; replies ${REPLIES_PER_SECOND}/s to one conversation\n`,
);
row('measure', 'value', 'target');
row('---', '---', '---');
row('sustained send rate (sends / first to last send)', `${Math.round(sustained)}/s`, `≥ ${0.95 * MPS}/s`);
row('slowest 10 s of sends', `${Math.round(slowest)}/s`, '');
row('total time (POST → completed)', `${(totalMs / 1000).toFixed(1)} s`, '< 110 s');
row('run 1: progress', JSON.stringify(firstRun.progress), `${CUSTOMERS} sent`);
row('run 1: phones sent twice', twiceInRun1, '0');
row(
  `reply p50 / p99, no broadcast (${baseline.ms.length} replies)`,
  `${percentile(baseline.ms, 0.5).toFixed(1)} / ${percentile(baseline.ms, 0.99).toFixed(1)} ms`,
  '',
);
row(
  `reply p50 / p99, broadcast running (${loaded.ms.length} replies)`,
  `${percentile(loaded.ms, 0.5).toFixed(1)} / ${percentile(loaded.ms, 0.99).toFixed(1)} ms`,
  'p99 < 100 ms',
);
row('reply failures (baseline / broadcast)', `${baseline.failures} / ${loaded.failures}`, '0');
row('run 2: sent before the kill', sentAtKill, `≈ ${CUSTOMERS / 2}`);
row('run 2: kill → new process answering', `${((restartedAt - killedAt) / 1000).toFixed(1)} s`, '');
row('run 2: kill → completed (by itself)', `${(recoveredMs / 1000).toFixed(1)} s`, '');
row('run 2: phones sent twice', sentTwice, '0');
row('run 2: lost (not final, or "sent" never received)', lost, '0');
row('run 2: unknown (in flight at the kill)', states.unknown, `≤ ${(3 * MPS) / 10} (3 lanes × a batch)`);
row('run 2: status, progress', `${secondRun.status} ${JSON.stringify(secondRun.progress)}`, 'completed');
