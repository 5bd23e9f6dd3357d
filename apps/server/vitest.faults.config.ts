import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The fault scenarios (decision 011): real server processes, a private PostgreSQL cluster per
 * file, killed and restarted. `npm run test:faults`; the default `vitest run` leaves them out.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/faults/**/*.faults.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
  },
});
