import fs from 'node:fs';
import path from 'node:path';
import { type Duplex, pipeline as pipeStreams, type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DATABASE_EXTENSIONS, PGLITE_EXTENSIONS } from '../db/pglite-extensions.ts';
import type { Config } from '../lib/config.ts';
import { createFileStore } from '../storage/create-file-store.ts';
import { createLocalFileStore, type FileStore, isStorageKey } from '../storage/file-store.ts';
import { type Manifest, type MigrationRef, migrationStatements, type TableEntry } from './archive-format.ts';
import { quoteIdent } from './database-snapshot.ts';
import { Digest } from './digest.ts';
import { archiveEntries, RestoreRefusedError, verifyArchive } from './read-archive.ts';

export { RestoreRefusedError } from './read-archive.ts';

export interface RestoreOptions {
  /** Opens the archive from its start: it is read twice (checked, then restored). */
  open: () => Readable;
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'storageUrl'>;
  /** Over a target that holds data: keeps the old under a dated name until the restore has succeeded. */
  replace: boolean;
  log?: (line: string) => void;
  now?: Date;
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  files: number;
  /** What the restore replaced, removed once it succeeded (empty without `--replace`). */
  replaced: string[];
}

/**
 * Brings an archive back onto the database and file store that `npm start` would use (the
 * server stopped): checks the whole archive first, refuses a target holding data unless
 * `replace`, builds the schema of the archive's migrations in a new place (a new PGlite folder,
 * or a new `public` schema inside one PostgreSQL transaction), loads every table and file there,
 * checks every row count and checksum, and only then swaps it in. Any failure leaves the target
 * as it was.
 */
export async function restoreArchive(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  log('Checking the archive…');
  const manifest = await verifyArchive(options.open());
  const database = databaseTarget(options.config);
  const files = await fileTarget(options.config);
  try {
    if (!options.replace) {
      if (!(await database.isEmpty())) {
        throw new RestoreRefusedError(
          `The target database (${database.description}) holds data. Restore with --replace to replace it.`,
        );
      }
      if (!(await files.isEmpty())) {
        throw new RestoreRefusedError(
          `The target file store (${files.description}) holds files. Restore with --replace to replace it.`,
        );
      }
    }
    const stamp = datedName(options.now ?? new Date());
    log(`Restoring ${manifest.tables.length} tables and ${manifest.files.length} files…`);
    await database.begin(
      manifest.last_migration,
      stamp,
      manifest.tables.map((table) => table.table),
    );
    await files.begin(stamp);
    let rows = 0;
    try {
      rows = await loadEntries(options.open(), manifest, database, files);
      await database.finish(manifest);
      const replaced = [...(await database.commit()), ...(await files.commit())];
      for (const cleanup of [database.cleanUp, files.cleanUp]) await cleanup();
      return { manifest, rows, files: manifest.files.length, replaced };
    } catch (error) {
      await files.abort().catch(() => undefined);
      await database.abort().catch(() => undefined);
      throw error;
    }
  } finally {
    files.close();
  }
}

/** `2026-11-28T04-05-06Z`: sorts by time and is a valid folder and schema suffix. */
function datedName(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

async function loadEntries(
  source: Readable,
  manifest: Manifest,
  database: DatabaseTarget,
  files: FileTarget,
): Promise<number> {
  const tables = new Map(manifest.tables.map((table) => [table.entry, table]));
  const stored = new Map(manifest.files.map((file) => [file.entry, file]));
  let rows = 0;
  for await (const entry of archiveEntries(source)) {
    const table = tables.get(entry.name);
    const file = stored.get(entry.name);
    const digest = new Digest();
    if (table) {
      const loaded = await database.loadTable(table, chain(entry.stream, digest, createGunzip()));
      if (loaded !== table.rows) {
        throw new RestoreRefusedError(
          `Table ${table.table}: ${loaded} rows read, the manifest says ${table.rows}.`,
        );
      }
      rows += loaded;
    } else if (file) {
      await files.put(file.key, chain(entry.stream, digest), file.size);
    } else {
      await pipeline(entry.stream, digest, discard());
      continue;
    }
    // The first pass checked these bytes; the file could have changed since.
    const expected = table ? table.sha256 : file?.sha256;
    if (digest.hex() !== expected)
      throw new RestoreRefusedError(`${entry.name} changed while it was restored.`);
  }
  return rows;
}

/** `first` through `rest`, as one readable: an error anywhere reaches whoever reads the last. */
function chain(first: Readable, ...rest: Duplex[]): Readable {
  return pipeStreams(first, ...(rest as [Duplex]), () => undefined) as Readable;
}

const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

// ---------------------------------------------------------------------------------------------
// Databases

interface DatabaseTarget {
  description: string;
  isEmpty(): Promise<boolean>;
  /** Opens the new place and builds the schema of the migrations up to `last`. */
  begin(last: MigrationRef, stamp: string, tables: string[]): Promise<void>;
  /** Loads a table's COPY lines; returns the rows loaded. */
  loadTable(table: TableEntry, lines: Readable): Promise<number>;
  /** Sequences set, every table's row count checked. */
  finish(manifest: Manifest): Promise<void>;
  /** Swaps the new in; returns the dated names of what it replaced. */
  commit(): Promise<string[]>;
  /** Drops what `commit` replaced. */
  cleanUp(): Promise<void>;
  abort(): Promise<void>;
}

type Run = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * The schema as drizzle's migrator leaves it, so the next start migrates from there (an older
 * archive too); emptied, since some migrations insert reference rows the archive holds anyway.
 */
async function buildSchema(run: Run, last: MigrationRef, tables: string[]): Promise<void> {
  const { statements, applied } = migrationStatements(last);
  for (const statement of statements) await run(statement);
  await run('CREATE SCHEMA IF NOT EXISTS drizzle');
  await run(
    'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  for (const migration of applied) {
    await run('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
      migration.hash,
      migration.folder_millis,
    ]);
  }
  if (tables.length > 0)
    await run(`TRUNCATE ${tables.map((table) => `public.${quoteIdent(table)}`).join(', ')}`);
}

async function finishDatabase(run: Run, manifest: Manifest): Promise<void> {
  for (const sequence of manifest.sequences) {
    if (sequence.last_value === null) continue;
    await run('SELECT setval($1::regclass, $2::bigint, true)', [
      `public.${quoteIdent(sequence.name)}`,
      sequence.last_value,
    ]);
  }
  for (const table of manifest.tables) {
    const { rows } = await run(`SELECT count(*)::int AS count FROM public.${quoteIdent(table.table)}`);
    const count = Number(rows[0]?.count);
    if (count !== table.rows) {
      throw new RestoreRefusedError(
        `Table ${table.table} holds ${count} rows after the restore, the manifest says ${table.rows}.`,
      );
    }
  }
}

function copyColumns(table: TableEntry): string {
  return `public.${quoteIdent(table.table)} (${table.columns.map(quoteIdent).join(', ')})`;
}

function databaseTarget(config: RestoreOptions['config']): DatabaseTarget {
  if (config.databaseUrl?.startsWith('postgres')) return postgresTarget(config.databaseUrl);
  if (config.databaseUrl === 'memory://')
    throw new RestoreRefusedError('An in-memory database cannot be restored into.');
  return pgliteFolderTarget(config.dataDir);
}

/** PGlite: a new folder beside `DATA_DIR/db`, renamed into its place once complete. */
function pgliteFolderTarget(dataDir: string): DatabaseTarget {
  const live = path.join(dataDir, 'db');
  let staging = '';
  let replacedPath: string | undefined;
  let client: PGlite | undefined;
  const run: Run = async (text, params) => {
    if (!client) throw new Error('The restore target is not open.');
    return (await client.query<Record<string, unknown>>(text, params)) as { rows: Record<string, unknown>[] };
  };
  return {
    description: `embedded database in ${live}`,
    async isEmpty() {
      return !fs.existsSync(live) || fs.readdirSync(live).length === 0;
    },
    async begin(last, stamp, tables) {
      staging = path.join(dataDir, `db.restoring-${stamp}`);
      fs.mkdirSync(staging, { recursive: true });
      client = await PGlite.create({ dataDir: staging, extensions: PGLITE_EXTENSIONS });
      await buildSchema(run, last, tables);
      // Tables are loaded in ranges of lines (PGlite takes a COPY as one blob in memory), so a row
      // may come before the row of its own table it points at: the keys were checked where the
      // archive was taken, and the row counts and checksums are checked here.
      await run('SET session_replication_role = replica');
    },
    async loadTable(table, lines) {
      let rows = 0;
      for await (const chunk of lineChunks(lines)) {
        rows += countLines(chunk);
        await client?.query(`COPY ${copyColumns(table)} FROM '/dev/blob'`, [], { blob: new Blob([chunk]) });
      }
      return rows;
    },
    async finish(manifest) {
      await run('SET session_replication_role = origin');
      await finishDatabase(run, manifest);
      await run('CHECKPOINT');
    },
    async commit() {
      await client?.close();
      client = undefined;
      if (fs.existsSync(live)) {
        replacedPath = `${live}.replaced-${path.basename(staging).replace('db.restoring-', '')}`;
        fs.renameSync(live, replacedPath);
      }
      fs.renameSync(staging, live);
      return replacedPath ? [replacedPath] : [];
    },
    async cleanUp() {
      if (replacedPath) fs.rmSync(replacedPath, { recursive: true, force: true });
    },
    async abort() {
      await client?.close().catch(() => undefined);
      client = undefined;
      if (staging) fs.rmSync(staging, { recursive: true, force: true });
    },
  };
}

/** Up to this many bytes of whole lines per COPY into PGlite. */
const PGLITE_COPY_BYTES = 8 * 1024 * 1024;

async function* lineChunks(source: Readable): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    pending.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size < PGLITE_COPY_BYTES) continue;
    const joined = Buffer.concat(pending);
    const end = joined.lastIndexOf(10) + 1;
    if (end === 0) continue;
    yield joined.subarray(0, end);
    pending = [joined.subarray(end)];
    size = pending[0]?.length ?? 0;
  }
  if (size > 0) yield Buffer.concat(pending);
}

function countLines(chunk: Buffer): number {
  let lines = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  return lines;
}

/**
 * PostgreSQL: one transaction. What the database held moves to dated schemas
 * (`public_replaced_<stamp>`, `drizzle_replaced_<stamp>`), a new `public` gets the schema and the
 * rows, and the commit makes it all visible at once; a failure rolls every step back. The dated
 * schemas are dropped once the files are in place too.
 */
function postgresTarget(url: string): DatabaseTarget {
  let client: pg.Client | undefined;
  const moved: string[] = [];
  let loaded: string[] = [];
  const run: Run = async (text, params) => {
    if (!client) throw new Error('The restore target is not open.');
    return client.query(text, params);
  };
  async function connect(): Promise<pg.Client> {
    const connection = new pg.Client({ connectionString: url });
    connection.on('error', () => {});
    await connection.connect();
    return connection;
  }
  return {
    description: `PostgreSQL ${new URL(url).pathname.slice(1)}`,
    async isEmpty() {
      const probe = await connect();
      try {
        const tables = (
          await probe.query<{ name: string }>(
            `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
          )
        ).rows;
        for (const table of tables) {
          const { rows } = await probe.query(
            `SELECT EXISTS (SELECT 1 FROM public.${quoteIdent(table.name)}) AS any`,
          );
          if (rows[0]?.any) return false;
        }
        return true;
      } finally {
        await probe.end().catch(() => undefined);
      }
    },
    async begin(last, stamp, tables) {
      client = await connect();
      await run('BEGIN');
      const suffix = stamp.toLowerCase().replaceAll('-', '_');
      const schemas = await run(
        `SELECT nspname AS name FROM pg_namespace WHERE nspname IN ('public', 'drizzle')
           AND (nspname = 'drizzle' OR EXISTS (SELECT 1 FROM pg_class WHERE relnamespace = pg_namespace.oid)
                OR EXISTS (SELECT 1 FROM pg_type WHERE typnamespace = pg_namespace.oid))`,
      );
      for (const row of schemas.rows) {
        const name = String(row.name);
        await run(`ALTER SCHEMA ${name} RENAME TO ${name}_replaced_${suffix}`);
        moved.push(`${name}_replaced_${suffix}`);
        if (name === 'public') await run('CREATE SCHEMA public');
      }
      // The extensions moved with the old schema: bring them back, or the new indexes and
      // f_unaccent would not find them.
      for (const extension of DATABASE_EXTENSIONS) {
        const found = await run(
          `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = $1`,
          [extension],
        );
        if (found.rows[0] && found.rows[0].schema !== 'public')
          await run(`ALTER EXTENSION ${extension} SET SCHEMA public`);
      }
      await buildSchema(run, last, tables);
      // The app's own triggers (a version bumped on each write) would change rows as they load;
      // the foreign keys' triggers stay on (DISABLE TRIGGER USER leaves them), so keys are checked.
      for (const table of tables) await run(`ALTER TABLE public.${quoteIdent(table)} DISABLE TRIGGER USER`);
      loaded = tables;
    },
    async loadTable(table, lines) {
      if (!client) throw new Error('The restore target is not open.');
      const counter = new Digest();
      const copy = client.query(copyFrom(`COPY ${copyColumns(table)} FROM STDIN`));
      await pipeline(lines, counter, copy);
      return counter.lines;
    },
    async finish(manifest) {
      for (const table of loaded) await run(`ALTER TABLE public.${quoteIdent(table)} ENABLE TRIGGER USER`);
      await finishDatabase(run, manifest);
    },
    async commit() {
      await run('COMMIT');
      return [...moved];
    },
    async cleanUp() {
      for (const schema of moved) await run(`DROP SCHEMA ${schema} CASCADE`);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
    async abort() {
      await client?.query('ROLLBACK').catch(() => undefined);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Files

interface FileTarget {
  description: string;
  isEmpty(): Promise<boolean>;
  begin(stamp: string): Promise<void>;
  put(key: string, source: Readable, size: number): Promise<void>;
  commit(): Promise<string[]>;
  cleanUp(): Promise<void>;
  abort(): Promise<void>;
  close(): void;
}

/** Far enough ahead that every stored file was written before it. */
const END_OF_TIME = new Date(8.64e15);

async function fileTarget(config: RestoreOptions['config']): Promise<FileTarget> {
  if (config.storageUrl === undefined) return localFilesTarget(config.dataDir);
  return bucketTarget(await createFileStore(config));
}

/** Local files: a new folder beside `DATA_DIR/files`, renamed into its place once complete. */
function localFilesTarget(dataDir: string): FileTarget {
  const live = path.join(dataDir, 'files');
  let staging = '';
  let replacedPath: string | undefined;
  return {
    description: `local folder ${live}`,
    async isEmpty() {
      return (await createLocalFileStore(dataDir).listWrittenBefore(END_OF_TIME)).length === 0;
    },
    async begin(stamp) {
      staging = path.join(dataDir, `files.restoring-${stamp}`);
      fs.mkdirSync(staging, { recursive: true });
    },
    async put(key, source) {
      if (!isStorageKey(key))
        throw new RestoreRefusedError(`The archive names a file ${key} that is no storage key.`);
      const target = path.join(staging, ...key.split('/'));
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await pipeline(source, fs.createWriteStream(target, { flags: 'wx' }));
    },
    async commit() {
      if (fs.existsSync(live)) {
        replacedPath = `${live}.replaced-${path.basename(staging).replace('files.restoring-', '')}`;
        fs.renameSync(live, replacedPath);
      }
      fs.renameSync(staging, live);
      return replacedPath ? [replacedPath] : [];
    },
    async cleanUp() {
      if (replacedPath) fs.rmSync(replacedPath, { recursive: true, force: true });
    },
    async abort() {
      if (staging) fs.rmSync(staging, { recursive: true, force: true });
    },
    close() {},
  };
}

/**
 * A bucket: each file goes back under its own key (keys are UUIDs, so a key already there holds
 * the same upload and is left as it is). A failure deletes the objects this restore added; with
 * `--replace`, objects the archive does not hold stay until the hourly sweep removes those no row
 * points at.
 */
function bucketTarget(store: FileStore): FileTarget {
  const added: string[] = [];
  return {
    description: store.description,
    async isEmpty() {
      return (await store.listWrittenBefore(END_OF_TIME)).length === 0;
    },
    async begin() {},
    async put(key, source, size) {
      if (!isStorageKey(key))
        throw new RestoreRefusedError(`The archive names a file ${key} that is no storage key.`);
      if (!store.putAt) throw new Error('This file store cannot restore files.');
      if (await store.exists(key)) {
        await pipeline(source, discard());
        return;
      }
      await store.putAt(key, source, size);
      added.push(key);
    },
    async commit() {
      return [];
    },
    async cleanUp() {},
    async abort() {
      for (const key of added) await store.delete(key).catch(() => undefined);
    },
    close() {
      store.close?.();
    },
  };
}
