import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Either driver: repositories only use what PostgreSQL and PGlite have in common. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

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
  } = {},
): Promise<Database> {
  if (url?.startsWith('postgres')) {
    const { pool, close } = openPool(url, options.onConnectionError);
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
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
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/**
 * A pool whose `close` waits for the sockets too: `pool.end()` resolves once it has asked every
 * connection to end, not once they have, and whatever comes next (a process exit, dropping the
 * database) must find none left.
 */
function openPool(url: string, onConnectionError?: (error: Error) => void) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart, a terminated backend) is an 'error' event
  // on the pool; unheard, Node turns it into a crash. The pool discards the client on its own.
  pool.on('error', (error) => onConnectionError?.(error));
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  async function close() {
    const ended = [...open].map((client) => new Promise((resolve) => client.once('end', resolve)));
    await pool.end();
    await Promise.all(ended);
  }
  return { pool, close };
}
