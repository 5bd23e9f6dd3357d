/**
 * Test databases copied from one migrated template per run (docs/decisions/002-test-databases.md):
 * the server project's global setup builds the template, each test file opens its own copy.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';

export type OpenOptions = Parameters<typeof openDatabase>[2];

/** What the global setup hands to the test files (through vitest's `provide`/`inject`). */
export type TestDatabaseTemplate =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; serverUrl: string; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');

/** Changes whenever a migration is added or edited, so watch mode knows to rebuild the template. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Migrates one database to copy from: on PGlite a dump of a migrated in-memory data directory
 * written to a temporary file, on PostgreSQL (`serverUrl`) a migrated database nobody may
 * connect to. `drop` removes it.
 */
export async function createTemplate(
  serverUrl: string | undefined,
): Promise<{ template: TestDatabaseTemplate; drop(): Promise<void> }> {
  if (!serverUrl) {
    const database = await openDatabase('memory://', os.tmpdir());
    try {
      await database.migrate();
      // A checkpoint first, so a copy starts without replaying the migrations from the WAL.
      await database.db.execute(sql`CHECKPOINT`);
      // drizzle's PGlite database keeps the client it was built on as `$client`.
      const client = (database.db as unknown as { $client: PGlite }).$client;
      // Uncompressed: a copy loads in about half the time of a gzipped one, and the file stays local.
      const dump = await client.dumpDataDir('none');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-template-'));
      const dumpFile = path.join(dir, 'pgdata.tar');
      fs.writeFileSync(dumpFile, new Uint8Array(await dump.arrayBuffer()));
      return {
        template: { kind: 'pglite', dumpFile },
        async drop() {
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    } finally {
      await database.close();
    }
  }
  const name = `ct_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  try {
    const database = await openDatabase(databaseUrl(serverUrl, name), os.tmpdir());
    try {
      await database.migrate();
    } finally {
      // Resolves once every connection has ended: CREATE DATABASE … TEMPLATE refuses a source
      // database anyone is connected to.
      await database.close();
    }
    // A stray connection to the template would make every copy fail; refuse it outright.
    await onServer(serverUrl, `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  } catch (error) {
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  return {
    template: { kind: 'postgres', serverUrl, name },
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A database of its own for one test file, copied from the template: no test file sees another's rows. */
export async function openFromTemplate(
  template: TestDatabaseTemplate,
  options?: OpenOptions,
): Promise<Database> {
  if (template.kind === 'pglite') {
    const loadDataDir = await fs.openAsBlob(template.dumpFile);
    return openDatabase('memory://', os.tmpdir(), { ...options, loadDataDir });
  }
  const name = `ct_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(template.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  return withDroppedDatabase(
    await openDatabase(databaseUrl(template.serverUrl, name), os.tmpdir(), options),
    template.serverUrl,
    name,
  );
}

/** Without a template (outside vitest, e.g. the benchmarks): a new database, migrated here. */
export async function openMigrated(serverUrl: string | undefined, options?: OpenOptions): Promise<Database> {
  if (!serverUrl) {
    const database = await openDatabase('memory://', os.tmpdir(), options);
    await database.migrate();
    return database;
  }
  const name = `ct_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const database = withDroppedDatabase(
    await openDatabase(databaseUrl(serverUrl, name), os.tmpdir(), options),
    serverUrl,
    name,
  );
  await database.migrate();
  return database;
}

function withDroppedDatabase(database: Database, serverUrl: string, name: string): Database {
  return {
    ...database,
    async close() {
      await database.close();
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
