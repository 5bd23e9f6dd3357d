import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import { type Db, openDatabase } from './client.ts';

// PostgreSQL only (vitest includes *.pg.test.ts when TEST_DATABASE_URL is set): PGlite has no
// connections to lose.
const serverUrl = process.env.TEST_DATABASE_URL as string;

/** A query on the server's maintenance connection, outside any pool under test. */
async function adminQuery<Row extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query<Row>(text, values)).rows;
  } finally {
    await admin.end();
  }
}

async function connectionsTo(database: string): Promise<number> {
  const rows = await adminQuery<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
    [database],
  );
  return rows[0]!.n;
}

async function currentDatabase(db: Db): Promise<string> {
  const result = await db.execute(sql`SELECT current_database() AS name`);
  return (result as unknown as { rows: { name: string }[] }).rows[0]!.name;
}

describe('PostgreSQL connection pool', () => {
  it('survives the server dropping an idle connection and reports it', async () => {
    const reported: Error[] = [];
    const database = await openTestDatabase({ onConnectionError: (error) => reported.push(error) });
    try {
      const name = await currentDatabase(database.db);
      await adminQuery('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);

      await vi.waitFor(() => expect(reported).toHaveLength(1));
      expect(reported[0]!.message).toContain('terminating connection');
      // The pool replaced the lost connection.
      expect(await currentDatabase(database.db)).toBe(name);
    } finally {
      await database.close();
    }
  });

  it('has no connection left open once close() resolves', async () => {
    const name = `ct_close_${process.pid}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase(url.toString(), os.tmpdir());
      // Several queries at once, so the pool holds several idle connections.
      await Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`SELECT pg_sleep(0.05)`)));
      expect(await connectionsTo(name)).toBe(5);
      await database.close();
      expect(await connectionsTo(name)).toBe(0);
    } finally {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
