import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import { openPostgresSnapshot, type SnapshotReader } from './database-snapshot.ts';
import { openWorkerSnapshot } from './worker-snapshot.ts';

export interface OnlineSnapshot {
  reader: SnapshotReader;
  /** How long the live database was held for the copy (PGlite); 0 on PostgreSQL, where nothing waits. */
  heldMs: number;
}

/**
 * A consistent view of the database the app is serving from, taken without holding it up.
 * PostgreSQL: a REPEATABLE READ transaction on a connection of its own (writers go on). PGlite
 * has one connection, so a long transaction there would stop every request: `dumpDataDir` copies
 * its data directory under its query lock (between two statements, after a CHECKPOINT), and the
 * slow logical dump then reads a second, in-memory PGlite loaded from that copy in a worker
 * thread (worker-snapshot.ts), so the event loop goes on serving requests. A transaction open at
 * the copy is rolled back by the copy's recovery: a write is in the archive whole or not at all.
 */
export async function openOnlineSnapshot(db: Db): Promise<OnlineSnapshot> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    const started = performance.now();
    await client.query('CHECKPOINT');
    const copy = await client.dumpDataDir('none');
    const heldMs = performance.now() - started;
    return { reader: await openWorkerSnapshot(copy), heldMs };
  }
  if (client instanceof pg.Pool) {
    const url = client.options.connectionString;
    if (!url) throw new Error('The database pool has no connection string to back up from.');
    return { reader: await openPostgresSnapshot(url), heldMs: 0 };
  }
  throw new Error('This database cannot be backed up online.');
}
