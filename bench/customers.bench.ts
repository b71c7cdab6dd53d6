/**
 * Customers at scale: 100,000 customers (10 tags, 5 custom fields) in one organization beside another of 10,000,
 * the server in its own process. Each list query runs N times one after another (p50/p99 in ms) next to the same
 * query on an organization of 1,000 customers (the baseline, same run); then a 100,000-row CSV import and the
 * exports (CSV and .xlsx) of the 100,000, with their time and the server's peak memory.
 *
 *   [DATABASE_URL=postgres://…] node bench/customers.bench.ts [customers] [runs]
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/platform/db/database.ts';
import { workspaceMembers, workspaces } from '../apps/server/src/platform/identity/workspaces.tables.ts';
import { type BenchServer, startBenchServer, timeRuns, tokenFor } from './bench-server.ts';

const CUSTOMERS = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 50);
const FIRST = [
  'Amy',
  'Ben',
  'Cara',
  'David',
  'Emma',
  'Felix',
  'Grace',
  'Henry',
  'Ivy',
  'Jack',
  'Kitty',
  'Leo',
  'Mandy',
  'Nick',
  'Olive',
  'Peter',
  'Queenie',
  'Ray',
  'Sandy',
  'Tom',
];
const LAST = [
  'Chan',
  'Lee',
  'Wong',
  'Cheung',
  'Lau',
  'Ng',
  'Ho',
  'Leung',
  'Yip',
  'Tsang',
  'Lam',
  'Chow',
  'Tang',
  'Kwok',
  'Mak',
];
const TIERS = ['gold', 'silver', 'bronze'];

const big = randomUUID();
const other = randomUUID();
const small = randomUUID();
/** each organization's tag ids */
const tagIds = new Map<string, string[]>();

/** An organization owned by the bench user with `count` customers, 10 tags (two per customer) and 5 fields. */
async function seedOrganization(database: Database, id: string, userId: string, count: number, offset: number) {
  await database.withWorkspace(id, async (tx) => {
    await tx
      .insert(workspaces)
      .values({ id, name: `Bench ${count}`, timeZone: 'Asia/Hong_Kong', defaultCountry: 'HK' });
    await tx.insert(workspaceMembers).values({ workspaceId: id, userId, role: 'owner' });
    const tags = await tx.execute(sql`
      insert into customer_tags (workspace_id, name, color)
      select ${id}, 'Tag ' || n, '#1677ff' from generate_series(1, 10) n returning id`);
    const ids = (tags as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    tagIds.set(id, ids);
    await tx.execute(sql`
      insert into customer_fields (workspace_id, key, type, label, options, position) values
        (${id}, 'tier', 'single_select', 'Tier', ${`{${TIERS.join(',')}}`}, 0),
        (${id}, 'spend', 'number', 'Spend', '{}', 1),
        (${id}, 'birthday', 'date', 'Birthday', '{}', 2),
        (${id}, 'vip', 'boolean', 'VIP', '{}', 3),
        (${id}, 'member_no', 'text', 'Member number', '{}', 4)`);
    await tx.execute(sql`
      insert into customers (workspace_id, first_name, last_name, display_name, company, email, phone, custom_fields, search, created_at)
      select ${id}, f, l, f || ' ' || l, 'Company ' || (i % 500), 'user' || i || '@example.com',
        '+8525' || lpad(i::text, 7, '0'),
        jsonb_build_object('tier', (${`{${TIERS.join(',')}}`}::text[])[1 + i % 3], 'spend', i % 1000,
          'birthday', '1990-01-01', 'vip', i % 10 = 0, 'member_no', 'M' || i),
        lower(f || ' ' || l || ' ' || f || ' ' || l || ' company ' || (i % 500) || ' user' || i || '@example.com 8525' || lpad(i::text, 7, '0')),
        now() - (i || ' seconds')::interval
      from (select i, (${`{${FIRST.join(',')}}`}::text[])[1 + i % 20] as f, (${`{${LAST.join(',')}}`}::text[])[1 + (i / 20) % 15] as l
            from generate_series(${offset + 1}::int, ${offset + count}::int) i) people`);
    await tx.execute(sql`
      insert into customer_tag_links (workspace_id, customer_id, tag_id)
      select ${id}, c.id, t.id from (select id, row_number() over (order by id) as n from customers) c
      join (select id, row_number() over (order by id) as n from customer_tags) t on t.n = 1 + c.n % 10 or t.n = 1 + (c.n * 7) % 10
      on conflict do nothing`);
  });
}

const timings = (run: () => Promise<unknown>) => timeRuns(RUNS, run);

const server: BenchServer = await startBenchServer(async (database, userId) => {
  await seedOrganization(database, big, userId, CUSTOMERS, 0);
  await seedOrganization(database, other, userId, CUSTOMERS / 10, CUSTOMERS);
  await seedOrganization(database, small, userId, 1_000, CUSTOMERS + CUSTOMERS / 10);
});
const bigToken = await tokenFor(server, big);
const smallToken = await tokenFor(server, small);
const deepPage = Math.floor(CUSTOMERS / 20 / 2);
const cf = encodeURIComponent(JSON.stringify({ tier: 'gold' }));
const two = (organization: string) => tagIds.get(organization)!.slice(0, 2).join(',');
const queries: [string, (organization: string) => string][] = [
  ['list, page 1', () => '/v1/customers?page=1&size=20'],
  ['list, the middle page', (o) => `/v1/customers?page=${o === big ? deepPage : 25}&size=20`],
  ['sorted by name', () => '/v1/customers?sort=display_name&size=20'],
  ['keyword: a name prefix ("kitty")', () => '/v1/customers?keyword=kitty&size=20'],
  ['keyword: part of a phone ("512 34")', () => `/v1/customers?keyword=${encodeURIComponent('512 34')}&size=20`],
  ['tags: any of two', (o) => `/v1/customers?tags=${two(o)}&tag_mode=any&size=20`],
  ['tags: all of two', (o) => `/v1/customers?tags=${two(o)}&tag_mode=all&size=20`],
  ['custom field: tier = gold', () => `/v1/customers?custom_fields=${cf}&size=20`],
];

const lines: string[] = [];
for (const [name, path] of queries) {
  const get = (organization: string, token: string) => () => server.call(path(organization), undefined, token);
  const baseline = await timings(get(small, smallToken));
  const measured = await timings(get(big, bigToken));
  lines.push(`| ${name} | ${measured.p50} | ${measured.p99} | ${baseline.p50} | ${baseline.p99} |`);
}

const memoryBeforeImport = server.peakMemoryMb();

// a 100,000-row CSV into an organization with no customers
const importer = await server.call('/v1/workspace', { name: 'Import', time_zone: 'Asia/Hong_Kong' }, bigToken);
const importToken = await tokenFor(server, importer.id as string);
const rows = ['first_name,last_name,email,phone,company,tags'];
for (let i = 0; i < CUSTOMERS; i++)
  rows.push(
    `${FIRST[i % 20]},${LAST[i % 15]},import${i}@example.com,9${1_000_000 + i},Company ${i % 300},Tag ${i % 10}`,
  );
const file = new Blob([rows.join('\n')], { type: 'text/csv' });
const form = new FormData();
form.append('options', JSON.stringify({ match_by: ['phone'] }));
form.append('file', file, 'customers.csv');
const importStart = performance.now();
const started = await fetch(`${server.base}/v1/customers/import`, {
  method: 'POST',
  headers: { authorization: `Bearer ${importToken}` },
  body: form,
});
const jobId = ((await started.json()) as { data: { job_id: string } }).data.job_id;
let report: Record<string, unknown>;
for (;;) {
  report = await server.call(`/v1/customers/import/${jobId}`, undefined, importToken);
  if (report.status === 'done' || report.status === 'failed') break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const importSeconds = (performance.now() - importStart) / 1000;
if (report.error_count) console.log('first import errors:', JSON.stringify((report.errors as unknown[]).slice(0, 3)));
const memoryAfterImport = server.peakMemoryMb();

const exported = async (format: string) => {
  const start = performance.now();
  const response = await fetch(`${server.base}/v1/customers/export?format=${format}`, {
    headers: { authorization: `Bearer ${bigToken}` },
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  return { seconds: (performance.now() - start) / 1000, mb: bytes / 1024 / 1024 };
};
const csv = await exported('csv');
const xlsx = await exported('xlsx');
const memoryAfterExport = server.peakMemoryMb();
await server.stop();

console.log(
  `\nCustomers, ${server.kind}: ${CUSTOMERS.toLocaleString('en')} customers beside ${(CUSTOMERS / 10).toLocaleString('en')} of another organization, ${RUNS} runs each\n`,
);
console.log(`| query | p50 ms | p99 ms | baseline p50 (1,000 customers) | baseline p99 |`);
console.log('|---|---|---|---|---|');
for (const line of lines) console.log(line);
console.log(
  `\nimport of ${CUSTOMERS.toLocaleString('en')} CSV rows: ${importSeconds.toFixed(1)} s (${report.status}: ${report.created} created, ${report.error_count} errors)`,
);
console.log(
  `export CSV: ${csv.seconds.toFixed(1)} s, ${csv.mb.toFixed(1)} MB; .xlsx: ${xlsx.seconds.toFixed(1)} s, ${xlsx.mb.toFixed(1)} MB`,
);
console.log(
  `server peak memory: ${memoryBeforeImport.toFixed(0)} MB after the list queries, ${memoryAfterImport.toFixed(0)} MB after the import, ${memoryAfterExport.toFixed(0)} MB after the exports`,
);
