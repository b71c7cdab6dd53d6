/**
 * Knowledge retrieval at scale: one CS agent with 5,000 generated articles (about 20,000 passages, one in ten
 * Chinese) beside two other agents of 1,000 articles each and another organization's agent of 1,000, all
 * indexed as saving an article does. `searchKnowledge` runs for 200 questions one after another, each in its own
 * transaction as the system role (p50/p99 in ms), next to a primary-key select of one passage in the same kind of
 * transaction (the baseline, same run). On PostgreSQL (DATABASE_URL, a database of its own) and
 * on PGlite (a temporary folder).
 *
 * With VECTORS=<dimension>, the agent's passages are embedded too (repeatable pseudo-random unit vectors: the
 * timing of the vector list, not its quality) and each question brings its vector.
 *
 *   [DATABASE_URL=postgres://…] [VECTORS=1536] node bench/retrieval.bench.ts [articles] [queries]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { csAgents } from '../apps/server/src/modules/cs-agents/cs-agents.tables.ts';
import { indexArticle } from '../apps/server/src/modules/cs-agents/retrieval/index-article.ts';
import { searchKnowledge } from '../apps/server/src/modules/cs-agents/retrieval/search-knowledge.ts';
import { type Database, newPglite, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { workspaces } from '../apps/server/src/platform/identity/workspaces.tables.ts';
import { createBenchDatabase, timeRuns } from './bench-server.ts';
import { type GeneratedArticle, generateArticles, random } from './retrieval-corpus.ts';

const ARTICLES = Number(process.argv[2] ?? 5_000);
const QUERIES = Number(process.argv[3] ?? 200);
const BATCH = 250;
const DIMENSION = Number(process.env.VECTORS ?? 0);

/** A repeatable vector for a text (the same text, the same vector). */
function vectorOf(text: string) {
  let seed = 7;
  for (const char of text) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) >>> 0;
  const next = random(seed);
  return Array.from({ length: DIMENSION }, () => next() - 0.5);
}
const embed = DIMENSION ? async (texts: string[]) => texts.map(vectorOf) : undefined;

// new for each database: the server keeps an agent's vectors in the process by organization and agent
let organization = randomUUID();
let otherOrganization = randomUUID();
let agent = randomUUID();
const corpus = generateArticles(ARTICLES, 1);

async function indexAll(
  database: Database,
  workspaceId: string,
  agentId: string,
  articles: GeneratedArticle[],
  embedWith?: typeof embed,
) {
  await database.withWorkspace(workspaceId, (tx) =>
    tx.insert(csAgents).values({ id: agentId, workspaceId, name: 'Bench agent', responseTone: 'friendly' }),
  );
  for (let start = 0; start < articles.length; start += BATCH)
    await database.withWorkspace(workspaceId, async (tx) => {
      for (const article of articles.slice(start, start + BATCH))
        await indexArticle(tx, { workspaceId, agentId, articleId: randomUUID(), ...article }, embedWith);
    });
}

async function seed(database: Database) {
  organization = randomUUID();
  otherOrganization = randomUUID();
  agent = randomUUID();
  for (const id of [organization, otherOrganization])
    await database.withWorkspace(id, (tx) => tx.insert(workspaces).values({ id, name: 'Bench', timeZone: 'UTC' }));
  await indexAll(database, organization, agent, corpus, embed);
  await indexAll(database, organization, randomUUID(), generateArticles(1_000, 2));
  await indexAll(database, organization, randomUUID(), generateArticles(1_000, 3));
  // the other organization's agent answers the very same questions
  await indexAll(database, otherOrganization, randomUUID(), generateArticles(1_000, 1));
}

/** The questions: those of distinct articles spread over the agent's (one in ten Chinese, as the articles). */
const questions = Array.from({ length: QUERIES }, (_, i) => corpus[(i * 37) % ARTICLES]!);

async function measure(database: Database, kind: string, seconds: number) {
  const passage = await database.withWorkspace(organization, async (tx) => {
    const result = await tx.execute(sql`select id from knowledge_passages where agent_id = ${agent} limit 1`);
    return (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
  });
  const count = await database.withWorkspace(organization, async (tx) => {
    const result = await tx.execute(sql`select count(*)::int as n from knowledge_passages where agent_id = ${agent}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  });
  let found = 0;
  let relevant = 0;
  let query = 0;
  const search = await timeRuns(QUERIES, async () => {
    const article = questions[query++ % QUERIES]!;
    const hits = await searchKnowledge(database, {
      workspaceId: organization,
      agentId: agent,
      query: article.question,
      ...(DIMENSION ? { queryVector: vectorOf(article.question) } : {}),
    });
    if (hits[0]?.title === article.title) found++;
    if (hits[0]?.relevant) relevant++;
  });
  const baseline = await timeRuns(QUERIES, () =>
    database.unsafeCrossTenant('bench baseline', (tx) =>
      tx.execute(sql`select id, title, content from knowledge_passages where id = ${passage}`),
    ),
  );
  return [
    `| ${kind} | ${count.toLocaleString('en')} | ${seconds.toFixed(0)} s | ${search.p50} | ${search.p99} | ${baseline.p50} | ${baseline.p99} | ${found}/${QUERIES} | ${relevant}/${QUERIES} |`,
  ];
}

/** PostgreSQL: a database of the bench's own, statistics gathered (as autovacuum would) before measuring. */
async function onPostgres(serverUrl: string) {
  const own = await createBenchDatabase(serverUrl);
  try {
    const database = await openDatabase({ databaseUrl: own.url });
    const start = performance.now();
    await seed(database);
    const seconds = (performance.now() - start) / 1000;
    const owner = new pg.Client({ connectionString: own.url });
    await owner.connect();
    await owner.query('VACUUM ANALYZE knowledge_passages');
    await owner.end();
    const lines = await measure(database, 'PostgreSQL', seconds);
    await database.close();
    return lines;
  } finally {
    await own.drop();
  }
}

async function onPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'omnichat-retrieval-bench-'));
  try {
    const setup = await openDatabase({ dataDir });
    const start = performance.now();
    await seed(setup);
    const seconds = (performance.now() - start) / 1000;
    await setup.close();
    const owner = newPglite({ dataDir: path.join(dataDir, 'pglite') });
    await owner.exec('VACUUM ANALYZE knowledge_passages');
    await owner.close();
    const database = await openDatabase({ dataDir });
    const lines = await measure(database, 'PGlite', seconds);
    await database.close();
    return lines;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const lines: string[] = [];
if (process.env.DATABASE_URL) lines.push(...(await onPostgres(process.env.DATABASE_URL)));
lines.push(...(await onPglite()));

console.log(
  `\nRetrieval${DIMENSION ? ` with vectors of ${DIMENSION}` : ''}: one agent of ${ARTICLES.toLocaleString('en')} articles beside 3,000 of other agents and organizations, ${QUERIES} questions\n`,
);
console.log(
  '| database | agent passages | indexing (all agents) | search p50 ms | search p99 ms | baseline p50 (primary key) | baseline p99 | top hit from the asked article | top hit relevant |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const line of lines) console.log(line);
console.log('\ntargets: search p99 under 50 ms on PostgreSQL and under 100 ms on PGlite');
