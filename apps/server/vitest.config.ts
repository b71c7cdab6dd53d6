import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/fakes/*.test.ts'],
    // a test whose processes always run on an embedded database of their own runs once, in the PGlite run
    exclude: process.env.DATABASE_URL ? ['src/shutdown.test.ts'] : [],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    isolate: false,
    // migrations run once per run (a PGlite snapshot file or a PostgreSQL template), not once per file
    globalSetup: ['./test/global-setup.ts'],
  },
});
