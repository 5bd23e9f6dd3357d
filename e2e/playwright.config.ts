import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT moves the server off 3100 (say, when another run is using it); WEB_DIST, passed on
// to the server, serves a web build from another folder than apps/web/dist.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// A fresh data directory per run: first admin, demo data and outbox start empty.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// Issue 37: a second app on the bench's data set (bench-server.ts), for the 2,000-line facility.
const BENCH_PORT = PORT + 1;
const benchDataDir =
  process.env.E2E_BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-e2e-bench-'));
process.env.E2E_BENCH_DATA_DIR = benchDataDir;

export const E2E = {
  baseURL: `http://127.0.0.1:${PORT}`,
  benchURL: `http://127.0.0.1:${BENCH_PORT}`,
  appKey: 'e2e-app-key',
  admin: { email: 'admin@e2e.local', password: 'AdminPass123' },
  staff: { email: 'staff@chemtrack.local', password: 'Staff1234' },
  dataDir,
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // A `test.only` left in a commit would quietly run one test in CI; there it fails the run.
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: E2E.baseURL,
    trace: 'off',
    // The production build registers a service worker (the technician's pages offline, decision
    // 031); its fetches bypass `page.route`, so the specs that stub or abort requests would not
    // see them. Blocked here; technician-offline.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx ../apps/server/src/main.ts',
      url: `${E2E.baseURL}/login`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        // All interfaces: plain-http.spec.ts opens the app by the machine's own address.
        HOST: '0.0.0.0',
        DATA_DIR: dataDir,
        APP_URL: E2E.baseURL,
        APP_KEY: E2E.appKey,
        ADMIN_EMAIL: E2E.admin.email,
        ADMIN_PASSWORD: E2E.admin.password,
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        // Whatever the shell says: the embedded database and the outbox, never a real one.
        DATABASE_URL: '',
        SMTP_URL: '',
      },
    },
    {
      // The same app started on the bench's data set, the demo data left out (its ids would meet the set's).
      command: 'node --import tsx bench-server.ts',
      url: `http://127.0.0.1:${BENCH_PORT}/login`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(BENCH_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: benchDataDir,
        APP_URL: `http://127.0.0.1:${BENCH_PORT}`,
        APP_KEY: E2E.appKey,
        ADMIN_EMAIL: E2E.admin.email,
        ADMIN_PASSWORD: E2E.admin.password,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SMTP_URL: '',
      },
    },
  ],
});
