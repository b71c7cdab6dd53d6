import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/fakes/*.test.ts'],
    // run once, in the PGlite run (`npm test`'s): a test whose processes always use an embedded database of their
    // own, the route fuzz, which asks every route for its refusals, and the public pages' test, which builds them
    // with the web app's renderer (the suite's other tests cover both databases)
    exclude: process.env.DATABASE_URL
      ? ['src/shutdown.test.ts', 'src/platform/http/fuzz*.test.ts', 'src/platform/http/marketing-pages.test.ts']
      : [],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    isolate: false,
    // migrations run once per run (a PGlite snapshot file or a PostgreSQL template), not once per file
    globalSetup: ['./test/global-setup.ts'],
  },
});
