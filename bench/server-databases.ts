/**
 * The databases the side-by-side benches make on a PostgreSQL server (`BENCH_DATABASE_URL`): named
 * per run, created and dropped from the server's own database, each with the admin the benches
 * sign in as.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';

/** The admin every bench database has. */
export const BENCH_ADMIN = { email: 'admin@bench.local', password: 'BenchPassword1' };

/** Runs one statement on the server's own database (CREATE or DROP DATABASE need one). */
export async function onServer(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** `chemtrack_bench_<what>_<UTC time to the second>`: two runs never share a database. */
export function runDatabaseName(what: string): string {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  return `chemtrack_bench_${what}_${stamp}`;
}

/** The URL of the server's database `name`. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Adds `BENCH_ADMIN` to a migrated database. */
export async function addBenchAdmin(db: Db): Promise<void> {
  await db.execute(
    sql`INSERT INTO users (email, role, first_name, last_name, password_hash)
        VALUES (${BENCH_ADMIN.email}, 'admin', 'Ada', 'Admin', ${await hashPassword(BENCH_ADMIN.password)})`,
  );
}
