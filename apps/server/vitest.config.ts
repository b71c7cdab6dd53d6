import { createHash } from 'node:crypto';
import { globSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['src/**/*.test.ts', 'test/fakes/*.test.ts'];
// run in the PGlite run only: a test whose processes always use an embedded database of their own, the route fuzz,
// which asks every route for its refusals, and the public pages' test, which builds them with the web app's renderer
const PGLITE_ONLY = [
  'src/shutdown.test.ts',
  'src/platform/http/fuzz*.test.ts',
  'src/platform/http/marketing-pages.test.ts',
];
// what only PostgreSQL can show: several processes or connections at once, a server that ends connections, writes
// racing on separate connections under READ COMMITTED (on PGlite, one connection runs them one by one), and times
// kept to the microsecond (PGlite's clock ticks in milliseconds, as a JavaScript Date)
const POSTGRES_FIRST = [
  'src/modules/broadcasts/*.test.ts',
  'src/modules/billing/**/*.test.ts',
  'src/modules/members/races.test.ts',
  'src/modules/conversations/auto-assign.test.ts',
  'src/modules/conversations/desk/desk.test.ts',
  'src/modules/customers/import/import.test.ts',
  'src/modules/cs-agents/knowledge.test.ts',
  'src/platform/realtime/cluster.test.ts',
  'src/platform/jobs/job-queue.test.ts',
  'src/platform/events/event-bus.test.ts',
  'src/platform/pacing/pacing-limiter.test.ts',
  'src/platform/auth/request-transaction.test.ts',
  'src/platform/db/*.test.ts',
  'src/roles-processes.test.ts',
];

/**
 * CI's split (`SERVER_TESTS_HALF=pglite|postgres`, docs/DECISIONS.md): each file runs once, on one of the two
 * databases side by side; the files above on theirs, a third of the others on PostgreSQL (its half has the
 * slow multi-process files) by a hash of their path, so a file keeps its database as files come and go. Without it, every file runs (`npm test` on PGlite, or on PostgreSQL with DATABASE_URL).
 */
function half(which: string | undefined): string[] {
  if (which !== 'pglite' && which !== 'postgres') return INCLUDE;
  const files = (patterns: string[]) => new Set(globSync(patterns, { cwd: import.meta.dirname }));
  const pgliteOnly = files(PGLITE_ONLY);
  const postgresFirst = files(POSTGRES_FIRST);
  const onPostgres = (file: string) =>
    !pgliteOnly.has(file) && (postgresFirst.has(file) || createHash('sha1').update(file).digest()[0]! % 3 === 0);
  return [...files(INCLUDE)].filter((file) => onPostgres(file) === (which === 'postgres'));
}

export default defineConfig({
  test: {
    name: 'server',
    include: half(process.env.SERVER_TESTS_HALF),
    exclude: process.env.DATABASE_URL ? PGLITE_ONLY : [],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    isolate: false,
    // migrations run once per run (a PGlite snapshot file or a PostgreSQL template), not once per file
    globalSetup: ['./test/global-setup.ts'],
  },
});
