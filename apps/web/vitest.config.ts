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
    hookTimeout: 60_000,
  },
});
