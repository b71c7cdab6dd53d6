/**
 * Job queue throughput: enqueue and drain N no-op jobs spread over 4 named queues and 10 organizations, first on
 * an empty table (the baseline), then with 200,000 finished rows present, in the same run, on a database of its
 * own (created on DATABASE_URL's server and dropped afterwards, or an in-memory PGlite without it).
 *
 *   DATABASE_URL=postgres://… node bench/job-queue.bench.ts [jobs] [finished rows] [slots per queue]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { z } from 'zod';
import { type Database, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { defineJob } from '../apps/server/src/platform/jobs/job-definition.ts';
import { JobQueue } from '../apps/server/src/platform/jobs/job-queue.ts';

const JOBS = Number(process.argv[2] ?? 100_000);
const FINISHED = Number(process.argv[3] ?? 200_000);
const SLOTS = Number(process.argv[4] ?? 8);
const QUEUES = ['q0', 'q1', 'q2', 'q3'];
const ORGANIZATIONS = Array.from({ length: 10 }, () => randomUUID());

async function withBenchDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  }
  const name = `omnichat_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    return await run(database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function round(database: Database, label: string, finishedRows: number) {
  const queue = new JobQueue(database, pino({ level: 'silent' }), {
    queues: Object.fromEntries(QUEUES.map((name) => [name, SLOTS])),
  });
  let ran = 0;
  const definitions = QUEUES.map((name) =>
    defineJob({
      name: `noop.${name}`,
      version: 1,
      queue: name,
      payload: z.object({ n: z.number() }),
      handle: async () => void ran++,
    }),
  );
  for (const definition of definitions) queue.define(definition);
  await database.unsafeCrossTenant('the benchmark resets the jobs table', async (tx) => {
    await tx.execute('DELETE FROM jobs' as never);
    if (finishedRows)
      await tx.execute(
        `INSERT INTO jobs (name, queue, payload, status, attempts, max_attempts, finished_at, workspace_id)
         SELECT 'noop.q' || (i % 4), 'q' || (i % 4), '{}', 'done', 1, 5, now() - interval '1 hour',
                ('${ORGANIZATIONS[0]}')::uuid FROM generate_series(1, ${finishedRows}) i` as never,
      );
  });

  const enqueueStart = performance.now();
  const perQueue = JOBS / QUEUES.length;
  for (const [q, definition] of definitions.entries()) {
    for (const [o, workspaceId] of ORGANIZATIONS.entries()) {
      const count = Math.floor(perQueue / ORGANIZATIONS.length) + (o < perQueue % ORGANIZATIONS.length ? 1 : 0);
      const payloads = Array.from({ length: count }, (_, n) => ({ n: q * 1e6 + o * 1e5 + n }));
      await queue.enqueueMany(definition, payloads, { workspaceId });
    }
  }
  const enqueueSeconds = (performance.now() - enqueueStart) / 1000;

  const drainStart = performance.now();
  await queue.drain();
  const drainSeconds = (performance.now() - drainStart) / 1000;
  if (ran !== JOBS) throw new Error(`${label}: ran ${ran} of ${JOBS}`);
  return { label, enqueuePerSecond: JOBS / enqueueSeconds, drainPerSecond: JOBS / drainSeconds, drainSeconds };
}

const results = await withBenchDatabase(async (database) => [
  await round(database, 'baseline: empty table', 0),
  await round(database, `with ${FINISHED.toLocaleString('en')} finished rows`, FINISHED),
]);
const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `\nJob queue, ${kind}: ${JOBS.toLocaleString('en')} no-op jobs, ${QUEUES.length} queues × ${SLOTS} slots, ${ORGANIZATIONS.length} organizations\n`,
);
console.log('| table | enqueue jobs/s | drain jobs/s | drain s |');
console.log('|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.label} | ${Math.round(r.enqueuePerSecond).toLocaleString('en')} | ${Math.round(r.drainPerSecond).toLocaleString('en')} | ${r.drainSeconds.toFixed(1)} |`,
  );
const [base, loaded] = results;
console.log(
  `\nwith old rows: ${((loaded!.drainPerSecond / base!.drainPerSecond) * 100).toFixed(0)}% of the empty-table rate`,
);
