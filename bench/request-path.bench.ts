/**
 * The request path under load from a separate process: the server runs as its own process (as in production),
 * autocannon drives it from this one, so the client never shares the server's event loop. Three routes in one
 * run: a bare route with no database (GET /healthz), a public route with one query
 * (GET /public/v1/system-setting), and a signed-in organization list route (GET /v1/teams).
 *
 *   [DATABASE_URL=postgres://…] node bench/request-path.bench.ts [seconds] [connections]
 */
import autocannon from 'autocannon';
import { benchOrganization, startBenchServer } from './bench-server.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 16);

const server = await startBenchServer();
const { base } = server;
const { token } = await benchOrganization(server, 'Bench');
for (let i = 0; i < 20; i++) await server.call('/v1/teams', { name: `Team ${i}` }, token);

const routes = [
  { name: 'bare route, no database (GET /healthz)', path: '/healthz' },
  { name: 'public, one query (GET /public/v1/system-setting)', path: '/public/v1/system-setting?keys=system.name' },
  { name: 'signed in, organization list (GET /v1/teams)', path: '/v1/teams', token },
];
const results = [];
for (const route of routes) {
  const result = await autocannon({
    url: `${base}${route.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: route.token ? { authorization: `Bearer ${route.token}` } : {},
  });
  if (result.non2xx) throw new Error(`${route.path}: ${result.non2xx} answers were not 2xx`);
  results.push({ ...route, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
}
await server.stop();

const { kind } = server;
console.log(
  `\nRequest path, ${kind}: ${SECONDS} s per route, ${CONNECTIONS} connections, autocannon in its own process\n`,
);
console.log('| route | req/s | p50 ms | p99 ms | of bare | of one query |');
console.log('|---|---|---|---|---|---|');
const [bare, oneQuery] = results;
for (const r of results)
  console.log(
    `| ${r.name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${((r.rps / bare!.rps) * 100).toFixed(0)}% | ${((r.rps / oneQuery!.rps) * 100).toFixed(0)}% |`,
  );
