/**
 * Cost of the signed-in request path: JWT verification, user and membership lookups under RLS
 * (GET /v1/self/workspace), against a baseline of a public route with one query (GET /public/v1/system-setting),
 * over real HTTP on loopback, same process, same run. Bounded: a fixed number of requests per route.
 *
 *   node --import tsx bench/api-auth.bench.ts [requests] [concurrency]
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';

const REQUESTS = Number(process.argv[2] ?? 3000);
const CONCURRENCY = Number(process.argv[3] ?? 16);

const config = loadConfig({
  NODE_ENV: 'test',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret!',
  WEB_DIST: '/nonexistent',
  LOG_LEVEL: 'silent',
});
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const app = await buildApp({ config, database, mailer: { send: async () => {} } });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${address}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const body = (await response.json()) as { data: Record<string, unknown> };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

// One organization owner to sign requests with.
const suffix = Date.now().toString(36);
await call('/public/v1/auth/register', {
  method: 'POST',
  body: JSON.stringify({
    username: `bench${suffix}`,
    display_name: 'Bench',
    email: `bench${suffix}@example.com`,
    password: 'bench password',
    confirm_password: 'bench password',
  }),
});
const { users } = await import('../apps/server/src/modules/users/users.tables.ts');
await database.db.update(users).set({ emailVerified: true });
const login = await call('/public/v1/auth/login', {
  method: 'POST',
  body: JSON.stringify({ username_or_email: `bench${suffix}`, password: 'bench password' }),
});
const auth = { authorization: `Bearer ${login.token}` };
const workspace = await call('/v1/workspace', {
  method: 'POST',
  headers: auth,
  body: JSON.stringify({ name: 'Bench', time_zone: 'UTC' }),
});
const bound = await call('/public/v1/auth/refresh-token', {
  method: 'POST',
  body: JSON.stringify({ token: login.token, workspace_id: workspace.id }),
});
const memberAuth = { authorization: `Bearer ${bound.token}` };

async function measure(name: string, path: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 200; i++) await call(path, { headers }); // warm-up
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const t0 = performance.now();
        await call(path, { headers });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2);
  return { name, 'req/s': Math.round(REQUESTS / seconds), 'p50 ms': at(0.5), 'p95 ms': at(0.95), 'p99 ms': at(0.99) };
}

const rows = [
  await measure('baseline: public setting (1 query)', '/public/v1/system-setting?keys=system.name'),
  await measure('signed in: member + workspace (JWT, 3 queries, RLS)', '/v1/self/workspace', memberAuth),
];
console.log(
  `database: ${database.kind}, ${REQUESTS} requests per route, ${CONCURRENCY} concurrent, node ${process.version}`,
);
console.table(rows);
await app.close();
await database.close();
