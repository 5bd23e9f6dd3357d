import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './scripts/slow-files-first.ts';

// Issue 35: the real SDSs of the development set stay out of the repository (SDS_DEV_DIR, or
// ../shared/data/sds-dev beside this checkout); their test file runs only where they are.
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const SDS_DEV_DIR = process.env.SDS_DEV_DIR ?? path.join(ROOT, '../shared/data/sds-dev');
const hasSdsDevSet = fs.existsSync(path.join(SDS_DEV_DIR, 'truth.json'));

// What both server projects share: the app's root, one migrated template database per run copied
// by each test file (decision 002), the time a request-heavy test may take.
const SERVER = {
  root: './apps/server',
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      // isolate: false (domain, server): a worker loads fastify, drizzle, zod and the app's modules
      // once for all its files instead of once a file. Every server file still opens its own
      // database and app, and no file of theirs mocks modules, stubs globals or changes process.env:
      // a mock would miss the modules an earlier file loaded. 14 server files: CPU 98.5 s -> 60.8 s,
      // wall 258 s -> 163 s (issue 24).
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'], isolate: false } },
      {
        test: {
          ...SERVER,
          name: 'server',
          // *.pg.test.ts: behaviour only PostgreSQL has (connections), run in the PostgreSQL pass.
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // *.faults.test.ts: real processes and a private cluster, run by `npm run test:faults`.
          exclude: [
            '**/*.faults.test.ts',
            '**/*.isolated.test.ts',
            ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts']),
            ...(hasSdsDevSet ? [] : ['**/sds-reading-dev-set.test.ts']),
          ],
          isolate: false,
        },
      },
      // *.isolated.test.ts: server files that mock a module, each loaded in a fresh module graph.
      {
        test: {
          ...SERVER,
          name: 'server-isolated',
          include: ['src/**/*.isolated.test.ts', 'test/**/*.isolated.test.ts'],
          isolate: true,
        },
      },
      './apps/web/vitest.config.ts',
    ],
    maxWorkers: 2,
    sequence: { sequencer: SlowFilesFirst },
  },
});
