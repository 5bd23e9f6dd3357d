import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // The real API on PGlite, started in Node for the component tests that talk to the server.
    globalSetup: ['../server/test/web-api-server.ts'],
    // As the server project: CI runs these beside the browser tests on 2 cores, where a test that
    // takes 1 s alone can take several; a limit is for a hang, not a speed check.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
