/**
 * Webhook ingest: signed WhatsApp messages posted to the real HTTP server (its own process) at rising rates, each
 * stored and applied by the job queue and pushed to an agent's socket held in this process. Per rate: messages
 * per second taken, acknowledgement p50 and p99, and p99 of the time from the post to the socket's receipt. The
 * baseline in the same run: the bare `GET /healthz` at the same rates.
 *
 *   [DATABASE_URL=postgres://…] [BENCH_SPLIT=1] node bench/webhook-ingest.bench.ts [seconds per rate] [rates,…]
 *
 * `BENCH_SPLIT=1` (PostgreSQL): an api process takes the deliveries and holds the socket, a worker process applies
 * them (ROLE=api and ROLE=worker over Redis), as docs/OPERATIONS.md deploys it.
 */
import { Agent, request } from 'node:http';
import WebSocket from 'ws';
import { startFakeGraph } from '../apps/server/test/fakes/graph-api.ts';
import { metaJson, signMetaBody, whatsappText } from '../apps/server/test/fakes/meta-webhooks.ts';
import { benchOrganization, startBenchServer } from './bench-server.ts';

const SECONDS = Number(process.argv[2] ?? 5);
const RATES = (process.argv[3] ?? '250,500,1000,2000').split(',').map(Number);
const PHONE_NUMBER_ID = '106540352242922';
const APP_SECRET = 'bench-app-secret';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};

const graph = await startFakeGraph();
graph.allow(PHONE_NUMBER_ID, 'bench-token');
const split = process.env.BENCH_SPLIT === '1';
const server = await startBenchServer(undefined, { GRAPH_API_URL: graph.url, LOG_LEVEL: 'error' }, { split });
const { token } = await benchOrganization(server, 'Inbox');
const channel = await server.call(
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
const webhook = `${server.base}/public/v1/channels/${channel.id}/webhook`;

// the agent: one socket of the organization, noting when each message arrives
const arrived = new Map<string, number>();
const socket = new WebSocket(`${server.base.replace('http', 'ws')}/v1/ws?token=${encodeURIComponent(token)}`);
await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
socket.on('message', (raw) => {
  const message = JSON.parse(raw.toString()) as { action?: string; data?: { external_id?: string } };
  if (message.action === 'conversation.message' && message.data?.external_id)
    arrived.set(message.data.external_id, performance.now());
});

// a lean client (node:http, kept-alive connections), so that on a 2-core machine the load it makes costs the
// server's share little: WHATWG fetch took a whole core at 2,000 requests a second
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
function send(url: string, body?: { raw: string; signature: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        agent,
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json', 'x-hub-signature-256': body.signature } : undefined,
      },
      (answer) => {
        answer.resume();
        answer.once('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    sent.once('error', reject);
    sent.end(body?.raw);
  });
}

/** Posts `rate` requests a second for SECONDS, paced; answers each request's send time and acknowledgement time. */
async function drive(rate: number, send: (index: number) => Promise<number>) {
  const total = rate * SECONDS;
  const started = performance.now();
  const acks: number[] = [];
  const sentAt: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const at = performance.now();
    sentAt[i] = at;
    pending.push(
      send(i).then(
        (status) => {
          if (status === 200) acks.push(performance.now() - at);
          else failures++;
        },
        () => {
          failures++;
        },
      ),
    );
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  return { acks, sentAt, failures, perSecond: acks.length / seconds };
}

const lines: string[] = [];
let offset = 0;
for (const rate of RATES) {
  const bare = await drive(rate, () => send(`${server.base}/healthz`));
  const base = offset;
  // made and signed before the clock runs
  const deliveries = Array.from({ length: rate * SECONDS }, (_, i) => {
    const raw = metaJson(
      whatsappText({
        phoneNumberId: PHONE_NUMBER_ID,
        from: `8525${String(1_000_000 + ((base + i) % 5000)).padStart(7, '0')}`,
        id: `wamid.bench${base + i}`,
        text: `message ${base + i}`,
      }),
    );
    return { raw, signature: signMetaBody(raw, APP_SECRET) };
  });
  const ingest = await drive(rate, (i) => send(webhook, deliveries[i]));
  offset += rate * SECONDS;
  // every acknowledged message reaches the socket; wait for the last ones (at most 30 s)
  const deadline = performance.now() + 30_000;
  while (
    performance.now() < deadline &&
    [...Array(rate * SECONDS).keys()].some((i) => !arrived.has(`wamid.bench${base + i}`))
  )
    await new Promise((resolve) => setTimeout(resolve, 50));
  const endToEnd = ingest.sentAt
    .map((at, i) => (arrived.get(`wamid.bench${base + i}`) ?? Number.NaN) - at)
    .filter((ms) => !Number.isNaN(ms));
  const lost = rate * SECONDS - ingest.failures - endToEnd.length;
  lines.push(
    `| ${rate.toLocaleString('en')} | ${Math.round(ingest.perSecond).toLocaleString('en')} | ${percentile(ingest.acks, 0.5).toFixed(1)} | ${percentile(ingest.acks, 0.99).toFixed(1)} | ${percentile(endToEnd, 0.99).toFixed(0)} | ${ingest.failures} / ${lost} | ${percentile(bare.acks, 0.5).toFixed(1)} | ${percentile(bare.acks, 0.99).toFixed(1)} |`,
  );
}
socket.terminate();
await server.stop();
await graph.close();

console.log(
  `\nWebhook ingest, ${server.kind}${split ? ', an api and a worker process' : ''}: signed WhatsApp messages, ${SECONDS} s per rate, one agent socket; baseline GET /healthz at the same rate\n`,
);
console.log(
  '| offered msg/s | taken msg/s | ack p50 ms | ack p99 ms | post → socket p99 ms | refused / not pushed | bare p50 ms | bare p99 ms |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const line of lines) console.log(line);
