/**
 * What every API benchmark shares: a fresh database (PGlite, or PostgreSQL when DATABASE_URL is
 * set), the app with an admin session, and a timer that prints p50/p95 and throughput.
 */
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { loadConfig } from '../apps/server/src/lib/config.ts';
import { createSession } from '../apps/server/src/modules/sessions/sessions.repository.ts';
import { openTestDatabase } from '../apps/server/test/helper.ts';

export interface Bench {
  database: Database;
  app: FastifyInstance;
  /** The app key and the admin's bearer token, for calls the benchmark makes itself. */
  headers: Record<string, string>;
  measure(label: string, url: () => string, requests: number): Promise<void>;
  /**
   * Runs the bulk load, then VACUUM ANALYZE (autovacuum's steady state: a freshly loaded table
   * has no visibility map yet, and the planner prices the trigram bitmap scans above a
   * sequential scan until it is vacuumed), and prints what was seeded and how long it took.
   */
  seed(what: string, requests: number, load: () => Promise<void>): Promise<void>;
  /** What every list is measured on: page 1, a deep page and a substring search of a name. */
  measureListBasics(entity: string, rows: number, requests: number): Promise<void>;
  close(): Promise<void>;
}

export async function openBench(): Promise<Bench> {
  if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  const database = await openTestDatabase();
  const { db } = database;
  await db.execute(
    sql`INSERT INTO users (email, role, first_name, last_name) VALUES ('admin@bench.local', 'admin', 'Ada', 'Admin')`,
  );
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@bench.local'));
  if (!admin) throw new Error('the bench admin was not created');
  const { token } = await createSession(db, {
    userId: admin.id,
    ttlMs: 3_600_000,
    isRemembered: false,
    ipAddress: '127.0.0.1',
    userAgent: 'bench',
  });
  // The event-loop check off, as in the test apps: requests injected back to back never yield to
  // the loop's timers, so under-pressure would read the gap as an infinite delay and answer 503.
  const config = loadConfig(
    { APP_KEY: 'bench', DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' },
    { maxEventLoopDelayMs: 0 },
  );
  const app = await buildApp({ config, db });
  await app.ready();
  const headers = { 'x-app-key': 'bench', authorization: `Bearer ${token}` };

  async function measure(label: string, url: () => string, requests: number) {
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: url(), headers });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2);
    const total = times.reduce((sum, t) => sum + t, 0);
    console.log(
      `${label.padEnd(34)} p50 ${at(0.5).padStart(7)} ms  p95 ${at(0.95).padStart(7)} ms  ${(requests / (total / 1000)).toFixed(0).padStart(5)} req/s`,
    );
  }

  return {
    database,
    app,
    headers,
    measure,
    async seed(what, requests, load) {
      const started = performance.now();
      await load();
      await database.db.execute(sql`VACUUM ANALYZE`);
      const seedMs = performance.now() - started;
      console.log(
        `database: ${database.kind}, ${what} seeded in ${seedMs.toFixed(0)} ms, ${requests} sequential requests each`,
      );
    },
    async measureListBasics(entity, rows, requests) {
      const list = `/api/admin/v1/${entity}/list`;
      await measure(`${entity} list, page 1`, () => `${list}?page=1&ipp=10&status=active`, requests);
      await measure(
        `${entity} list, deep page`,
        () => `${list}?page=${Math.floor(rows / 20)}&ipp=10`,
        requests,
      );
      await measure(
        `${entity} search (substring)`,
        () => `${list}?search=${Math.floor(Math.random() * 900) + 100}`,
        requests,
      );
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
