import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@chemtrack/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { type Config, loadConfig } from '../src/lib/config.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createSession } from '../src/modules/sessions/sessions.repository.ts';
import { API_PREFIX } from '../src/plugins/auth.ts';
import { type OpenOptions, openFromTemplate, openMigrated } from './template-database.ts';

export const APP_KEY = 'test-app-key';
export const PASSWORD = 'Secret123';

/**
 * A fresh database for one test file, copied from the run's migrated template (test/global-setup.ts):
 * an in-memory PGlite by default, or, when TEST_DATABASE_URL points at PostgreSQL, a new database
 * created for this file and dropped after. Outside vitest (the benchmarks) it migrates its own.
 */
export async function openTestDatabase(options?: OpenOptions): Promise<Database> {
  const template = process.env.VITEST ? inject('testDatabaseTemplate') : undefined;
  if (template) return openFromTemplate(template, options);
  return openMigrated(process.env.TEST_DATABASE_URL, options);
}

export interface TestUser {
  id: number;
  email: string;
  token: string;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  routes: { method: string; url: string; permission?: string | undefined }[];
  users: Record<Role, TestUser>;
  /** An authenticated call as the given role (or anonymous with `null`), under /api/admin/v1. */
  call(role: Role | null, options: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
  /** A new session for a role's user, for calls that end their session (logout). */
  freshToken(role: Role): Promise<string>;
  close(): Promise<void>;
}

let passwordHashCache: Promise<string> | undefined;

export async function createTestUser(
  database: Database,
  values: { email: string; role: Role; firstName?: string; lastName?: string; isActive?: boolean },
): Promise<TestUser> {
  passwordHashCache ??= hashPassword(PASSWORD);
  const [row] = await database.db
    .insert(users)
    .values({
      email: values.email,
      role: values.role,
      firstName: values.firstName ?? values.role[0]!.toUpperCase() + values.role.slice(1),
      lastName: values.lastName ?? 'Tester',
      passwordHash: await passwordHashCache,
      isActive: values.isActive ?? true,
    })
    .returning();
  const session = await createSession(database.db, {
    userId: row!.id,
    ttlMs: 60 * 60 * 1000,
    isRemembered: false,
    ipAddress: '127.0.0.1',
    userAgent: 'test',
  });
  return { id: row!.id, email: values.email, token: session.token };
}

/** `openedDatabase`: one opened elsewhere (the web tests' server, which has no vitest `inject`). */
export async function createTestContext(
  overrides: Partial<Config> = {},
  openedDatabase?: Database,
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-test-'));
  const database = openedDatabase ?? (await openTestDatabase());
  const config = loadConfig(
    { APP_KEY: APP_KEY, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    // The event-loop check measures this vitest worker, not a server: off here, tested in test/faults.
    { webDist: path.join(dataDir, 'no-web'), maxEventLoopDelayMs: 0, ...overrides },
  );
  const routes: { method: string; url: string; permission?: string | undefined }[] = [];
  const app = await buildApp({
    config,
    db: database.db,
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        routes.push({ method, url: route.url, permission: route.permission });
      }
    },
  });
  await app.ready();
  const testUsers = {
    admin: await createTestUser(database, { email: 'admin@test.local', role: 'admin', firstName: 'Ada' }),
    staff: await createTestUser(database, { email: 'staff@test.local', role: 'staff', firstName: 'Sam' }),
    technician: await createTestUser(database, {
      email: 'tech@test.local',
      role: 'technician',
      firstName: 'Tess',
    }),
  };
  return {
    app,
    database,
    config,
    dataDir,
    routes,
    users: testUsers,
    call(role, options) {
      const headers: Record<string, string> = { 'x-app-key': APP_KEY };
      if (role) headers.authorization = `Bearer ${testUsers[role].token}`;
      return app.inject({
        ...options,
        url: `${API_PREFIX}${options.url}`,
        headers: { ...headers, ...(options.headers as Record<string, string> | undefined) },
      });
    },
    async freshToken(role) {
      const session = await createSession(database.db, {
        userId: testUsers[role].id,
        ttlMs: 60 * 60 * 1000,
        isRemembered: false,
        ipAddress: '127.0.0.1',
        userAgent: 'test',
      });
      return session.token;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads every message the outbox holds, oldest first. */
export function readOutbox(dataDir: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .sort()
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'));
}

export function extractResetToken(mail: string): string {
  const match = /set-password\?token=([A-Za-z0-9_-]+)/.exec(mail);
  if (!match?.[1]) throw new Error(`no reset link in:\n${mail}`);
  return match[1];
}

/**
 * The `pg` pool under drizzle, for the PostgreSQL tests that EXPLAIN a route's own statements.
 * `Db` is the driver-neutral type, so the pool is reached here, once, after checking the kind.
 */
export function postgresPool(database: Database): pg.Pool {
  if (database.kind !== 'postgres') throw new Error('EXPLAIN tests run on PostgreSQL (TEST_DATABASE_URL)');
  return (database.db as unknown as { $client: pg.Pool }).$client;
}
