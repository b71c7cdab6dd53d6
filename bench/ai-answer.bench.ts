/**
 * An AI agent's answer path on the real server: a web-chat visitor's message stored, its event taken by the answer
 * listener, the answer job, the knowledge search over the agent's 500 articles and the prompt, until the chat
 * request reaches the model. The model is a stand-in answering at once, so its own time is out: the figure is the
 * time from the visitor's POST to the chat request's arrival (p50/p99 in ms), each run a new visitor (a new
 * conversation). Baseline in the same run: the visitor's POST alone (its answer, the message stored).
 *
 *   [DATABASE_URL=postgres://…] node bench/ai-answer.bench.ts [runs] [articles]
 */
import { randomUUID } from 'node:crypto';
import { startFakeOpenAi } from '../apps/server/test/fakes/openai-api.ts';
import { benchOrganization, startBenchServer } from './bench-server.ts';
import { generateArticles } from './retrieval-corpus.ts';

const RUNS = Number(process.argv[2] ?? 200);
const ARTICLES = Number(process.argv[3] ?? 500);
const KEY = 'sk-bench-ai-answer';
const ORIGIN = 'https://shop.example';

const llm = await startFakeOpenAi({ keys: [KEY], models: ['chat-model'] });
let arrived: (() => void) | undefined;
llm.answerWith(() => {
  arrived?.();
  return { text: 'Stand-in answer.' };
});

// each visitor comes from an address of their own, as customers do (past the per-address limit on new visitors)
const server = await startBenchServer(undefined, { TRUST_PROXY: 'true' });
const admin = await server.call('/public/v1/admin/auth/login', {
  username_or_email: 'admin',
  password: 'bench admin password',
});
const put = async (route: string, body: object, token: string) => {
  const response = await fetch(`${server.base}${route}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
};
const settings = {
  'cs_agent.llm.base_url': llm.url,
  'cs_agent.llm.api_key': KEY,
  'cs_agent.llm.model': 'chat-model',
  // every run is a new conversation: no loop guard to meet, but none needed either
  'cs_agent.max_answers_per_hour': '',
};
await put(
  '/v1/system-setting',
  { settings: Object.entries(settings).map(([key, value]) => ({ key, value })) },
  admin.token as string,
);

const { token } = await benchOrganization(server, 'AI bench');
const channel = await server.call('/v1/channels', { type: 'webchat', name: 'Bench chat' }, token);
const agent = await server.call(
  '/v1/cs-agents',
  {
    name: 'Ava',
    show_name_to_customer: true,
    response_tone: 'friendly',
    response_features: [],
    channel_ids: [channel.id],
  },
  token,
);
// with an instruction the model is asked whether or not a passage is relevant: every run reaches it
await server.call(
  `/v1/cs-agents/${agent.id}/instructions`,
  { title: 'Greeting', condition: '', content: 'Greet the customer.' },
  token,
);
const articles = generateArticles(ARTICLES, 1);
for (const article of articles)
  await server.call(`/v1/cs-agents/${agent.id}/knowledge`, { title: article.title, content: article.content }, token);
// indexing runs as jobs: wait until every article has its passages
for (;;) {
  const page = await fetch(`${server.base}/v1/cs-agents/${agent.id}/knowledge?size=100`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json() as Promise<{ data: { indexed_at: number | null }[] }>);
  if (page.data.every((article) => article.indexed_at !== null)) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}

const widget = async (path: string, body: object, address: string, visitorToken?: string) => {
  const response = await fetch(`${server.base}/public/v1/webchat/${channel.widget_key}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      'x-forwarded-for': address,
      ...(visitorToken ? { authorization: `Bearer ${visitorToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
};

const percentiles = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return { p50: at(0.5), p99: at(0.99) };
};

const toModel: number[] = [];
const posted: number[] = [];
for (let run = 0; run < RUNS + 10; run++) {
  const address = `10.${run >> 8}.${run & 255}.7`;
  const visitor = await widget('/visitors', {}, address);
  const question = articles[(run * 37) % articles.length]!.question;
  const called = new Promise<void>((resolve, reject) => {
    arrived = resolve;
    setTimeout(() => reject(new Error(`run ${run}: no chat request within 10 s`)), 10_000).unref();
  });
  const start = performance.now();
  await widget('/messages', { text: question, client_id: randomUUID() }, address, visitor.visitor_token as string);
  const stored = performance.now();
  await called;
  const reached = performance.now();
  // the first runs warm the process up
  if (run < 10) continue;
  posted.push(stored - start);
  toModel.push(reached - start);
  // the answer is written before the next run, as a customer's next message would find it
  await new Promise((resolve) => setTimeout(resolve, 20));
}

const model = percentiles(toModel);
const baseline = percentiles(posted);
console.log(`${server.kind}, ${ARTICLES} articles, ${RUNS} visitor messages (p50 / p99, ms)`);
console.log(`  visitor message → chat request at the model: ${model.p50} / ${model.p99}`);
console.log(`  baseline, the visitor's POST alone:           ${baseline.p50} / ${baseline.p99}`);
await server.stop();
await llm.close();
