import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/fakes/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    isolate: false,
    // migrations run once per run (a PGlite snapshot file or a PostgreSQL template), not once per file
    globalSetup: ['./test/global-setup.ts'],
  },
});
