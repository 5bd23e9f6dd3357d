import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../runtime/server-root.ts';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Either driver: repositories only use what PostgreSQL and PGlite have in common. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other app process on this database runs its own: processes started
   * together (several behind a load balancer) take turns to migrate, create the first admin and
   * seed, and the later ones find it done. A session-level advisory lock on PostgreSQL, held on a
   * connection of its own; PGlite has one process anyway (the data-dir lock).
   */
  whileStarting<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up work (any constant no other program on the database uses). */
const START_LOCK_KEY = 0x43_54_53_54; // 'CTST'

const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

/**
 * Opens PostgreSQL when `url` is a postgres URL, an in-memory PGlite for `memory://`, and
 * otherwise PGlite stored in `dataDir/db`.
 */
export async function openDatabase(
  url: string | undefined,
  dataDir: string,
  options: {
    onConnectionError?: (error: Error) => void;
    /** PGlite only: start from this dump of a data directory (`dumpDataDir`) instead of an empty one. */
    loadDataDir?: Blob;
    /**
     * Hears every statement the ORM sends, before it runs: what the statement-count tests and the
     * benchmark's bare reference route read. Unset in production (no per-query cost).
     */
    onQuery?: (query: string, params: unknown[]) => void;
  } = {},
): Promise<Database> {
  if (url?.startsWith('postgres')) {
    const { pool, close } = openPool(url, options.onConnectionError);
    const db = drizzleNodePg(pool, {
      schema,
      casing: 'snake_case',
      logger: queryLogger(options.onQuery),
    }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
      async whileStarting(work) {
        const client = new pg.Client({ connectionString: url });
        client.on('error', () => {});
        await client.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [START_LOCK_KEY]);
          return await work();
        } finally {
          // Ending the session releases the lock too, should the unlock itself fail.
          await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK_KEY]).catch(() => undefined);
          await client.end().catch(() => undefined);
        }
      },
      close,
    };
  }
  let dataPath: string | undefined;
  if (url !== 'memory://') {
    dataPath = path.join(dataDir, 'db');
    fs.mkdirSync(dataPath, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir: dataPath,
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, {
    schema,
    casing: 'snake_case',
    logger: queryLogger(options.onQuery),
  }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    whileStarting: (work) => work(),
    close: () => client.close(),
  };
}

function queryLogger(onQuery: ((query: string, params: unknown[]) => void) | undefined): Logger | false {
  return onQuery ? { logQuery: onQuery } : false;
}

/**
 * A pool whose `close` waits for the sockets too: `pool.end()` resolves once it has asked every
 * connection to end, not once they have, and whatever comes next (a process exit, dropping the
 * database) must find none left.
 */
function openPool(url: string, onConnectionError?: (error: Error) => void) {
  // Without a connect timeout a request waits for ever on a server that does not answer (a
  // network cut rather than a refusal); with one it fails and answers 503 (plugins/errors).
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle connection the server drops (a restart, a terminated backend) is an 'error' event
  // on the pool; unheard, Node turns it into a crash. The pool discards the client on its own.
  pool.on('error', (error) => onConnectionError?.(error));
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
    // pg-pool listens for errors only while a client is idle: one checked out (inside a
    // transaction, between two queries) whose server goes away emits 'error' to nobody, which
    // crashes the process. Its next query fails on its own, and the pool drops the client when it
    // comes back unqueryable, so hearing the event is enough.
    client.on('error', () => {});
  });
  async function close() {
    const ended = [...open].map((client) => new Promise((resolve) => client.once('end', resolve)));
    await pool.end();
    await Promise.all(ended);
  }
  return { pool, close };
}

/** `host:port/database` of a PostgreSQL URL: what messages may show (never the password). */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the configured PostgreSQL server';
  }
}

/** Socket and server-side errors that mean the server is not (yet) there, as opposed to a refusal. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  // cannot_connect_now: starting up, shutting down or in recovery.
  '57P03',
  '57P01',
  '57P02',
  '53300',
]);

/** Errors pg raises without a code when a connection is lost or cannot be made in time. */
const UNREACHABLE_MESSAGES = [
  /Connection terminated/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /Connection ended unexpectedly/i,
];

/**
 * Whether an error (bare or wrapped by Drizzle, or one of Node's AggregateErrors for a host
 * with several addresses) says the database could not be reached, so that trying again later
 * may work: a 503 for a request, another attempt at start.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) {
      return true;
    }
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export class DatabaseWaitError extends Error {}

/**
 * Connects once to `url` and retries with a doubling delay (0.5 s up to 5 s) while the server is
 * unreachable, for `timeoutMs` at most: a server started with its database (a container, a
 * reboot) must not die because PostgreSQL came up a few seconds later. Anything else (a wrong
 * password, a missing database) fails at once: waiting would not fix it. Both failures are a
 * `DatabaseWaitError` whose message is one line for the operator, without the password.
 */
export async function waitForPostgres(
  url: string,
  options: { timeoutMs: number; onRetry: (reason: string, delayMs: number) => void },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (let delay = 500; ; delay = Math.min(delay * 2, 5_000)) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    // A connection that fails after connecting emits 'error' too; it is answered by the rejection.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      const reason = reasonOf(error);
      if (!isDatabaseUnavailable(error)) {
        throw new DatabaseWaitError(
          `PostgreSQL at ${describePostgresUrl(url)} refused the connection (${reason}). Check DATABASE_URL.`,
        );
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new DatabaseWaitError(
          `Gave up waiting for PostgreSQL at ${describePostgresUrl(url)} after ` +
            `${Math.round(options.timeoutMs / 1000)} s (${reason}). Start it, or check DATABASE_URL.`,
        );
      }
      const wait = Math.min(delay, left);
      options.onRetry(reason, wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** The short cause of a failed connection: its code, or its message. */
function reasonOf(error: unknown): string {
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.length > 0) return reasonOf(errors[0]);
  // A socket error's code (ECONNREFUSED) says it all; a server's message says more than its SQLSTATE.
  if (typeof code === 'string' && code.startsWith('E')) return code;
  return typeof message === 'string' && message !== '' ? message : String(error);
}
