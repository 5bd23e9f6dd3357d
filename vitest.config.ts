import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: './apps/server',
          // *.pg.test.ts: behaviour only PostgreSQL has (connections), run in the PostgreSQL pass.
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // *.faults.test.ts: real processes and a private cluster, run by `npm run test:faults`.
          exclude: ['**/*.faults.test.ts', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'])],
          // One migrated template database per run, copied by each test file (decision 002).
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
    maxWorkers: 2,
  },
});
