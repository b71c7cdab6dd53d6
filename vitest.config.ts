import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web',
      // the repository's own checks (module boundaries)
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
    ],
    // Vitest's default leaves a core idle on a 2-core machine; against PostgreSQL, tests wait on the server as
    // much as they compute, so one worker more
    maxWorkers: Math.max(2, availableParallelism()) + (process.env.DATABASE_URL ? 1 : 0),
  },
});
