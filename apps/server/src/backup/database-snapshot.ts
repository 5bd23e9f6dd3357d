import { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { MigrationRef, SequenceValue } from './archive-format.ts';
import { knownMigrations } from './archive-format.ts';
import type { SpooledTable } from './table-spool.ts';

/**
 * One consistent view of a database that a backup reads from: every query sees the same
 * committed state. PostgreSQL: one connection in a REPEATABLE READ, READ ONLY transaction
 * (writers go on; MVCC keeps the snapshot). PGlite: an instance nobody else writes to (a copy
 * of the live one, or the folder of a stopped server).
 */
export interface SnapshotReader {
  readonly kind: 'postgres' | 'pglite';
  rows<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** The table's rows in COPY text format (one line per row), streamed. */
  copyOut(table: string, columns: string[]): Readable;
  /**
   * The table's rows gzipped into `file` by the reader itself: the online PGlite copy's reader
   * does it in its worker thread. Without it the archive writer spools `copyOut` itself.
   */
  spoolTable?(table: TableInfo, file: string): Promise<SpooledTable>;
  close(): Promise<void>;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function openPostgresSnapshot(url: string): Promise<SnapshotReader> {
  const client = new pg.Client({ connectionString: url });
  // A connection dropped mid-backup fails the next query; unheard, the event would crash the process.
  client.on('error', () => {});
  await client.connect();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  // Timestamps written with a +00 offset whatever the server's zone: archives compare alike.
  await client.query(`SET LOCAL TIME ZONE 'UTC'`);
  return {
    kind: 'postgres',
    async rows<Row>(text: string, params: unknown[] = []) {
      return (await client.query(text, params)).rows as Row[];
    },
    copyOut(table, columns) {
      return client.query(
        copyTo(`COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) TO STDOUT`),
      );
    },
    async close() {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * PGlite answers a COPY with one in-memory blob, so a table is read in ranges of pages (a TID
 * range scan, PostgreSQL 14+): memory stays at one range, whatever the table's size. The
 * instance must not change meanwhile (a copy, or a stopped server's folder).
 */
const PAGES_PER_COPY = 2048; // 16 MB of heap pages at most per statement

export function pgliteReader(
  client: PGlite,
  options: { closeWith?: () => Promise<void> } = {},
): SnapshotReader {
  return {
    kind: 'pglite',
    async rows<Row>(text: string, params: unknown[] = []) {
      return (await client.query<Row>(text, params)).rows;
    },
    copyOut(table, columns) {
      async function* chunks() {
        const [size] = (
          await client.query<{ pages: number }>(
            `SELECT (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int AS pages`,
            [quoteIdent(table)],
          )
        ).rows;
        const pages = size?.pages ?? 0;
        const list = columns.map(quoteIdent).join(', ');
        for (let first = 0; first < pages; first += PAGES_PER_COPY) {
          const result = await client.query(
            `COPY (SELECT ${list} FROM ${quoteIdent(table)} WHERE ctid >= '(${first},0)'::tid AND ctid < '(${
              first + PAGES_PER_COPY
            },0)'::tid) TO '/dev/blob'`,
          );
          if (result.blob && result.blob.size > 0) yield Buffer.from(await result.blob.arrayBuffer());
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    close: options.closeWith ?? (async () => undefined),
  };
}

export interface TableInfo {
  name: string;
  columns: string[];
}

/**
 * The app's tables (schema `public`), each after every table its foreign keys point at, so a
 * restore can load them in this order with the keys checked. A table pointing at itself is
 * loaded in one statement, where PostgreSQL checks its keys at the end.
 */
export async function listTables(reader: SnapshotReader): Promise<TableInfo[]> {
  const tables = await reader.rows<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const links = await reader.rows<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k
     JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND child.oid <> parent.oid`,
  );
  const columns = await reader.rows<{ table: string; column: string }>(
    `SELECT c.relname AS "table", a.attname AS "column" FROM pg_attribute a
     JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
       AND a.attgenerated = '' ORDER BY c.relname, a.attnum`,
  );
  const parents = new Map<string, Set<string>>(tables.map((table) => [table.name, new Set<string>()]));
  for (const link of links) parents.get(link.child)?.add(link.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  // Kahn's order, alphabetical among equals so two backups of one schema list tables alike.
  while (ordered.length < tables.length) {
    const next = tables.find(
      (table) => !placed.has(table.name) && [...(parents.get(table.name) ?? [])].every((p) => placed.has(p)),
    );
    if (!next) throw new Error('The tables’ foreign keys form a cycle: no load order exists.');
    placed.add(next.name);
    ordered.push(next.name);
  }
  return ordered.map((name) => ({
    name,
    columns: columns.filter((column) => column.table === name).map((column) => column.column),
  }));
}

export async function readSequences(reader: SnapshotReader): Promise<SequenceValue[]> {
  return reader.rows<SequenceValue>(
    `SELECT sequencename AS name, last_value::text AS last_value FROM pg_sequences
     WHERE schemaname = 'public' ORDER BY sequencename`,
  );
}

/** The database's last applied migration, as this code knows it; throws for one it does not. */
export async function readLastMigration(reader: SnapshotReader): Promise<MigrationRef> {
  const [last] = await reader.rows<{ hash: string; created_at: string }>(
    'SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
  );
  if (!last) throw new Error('The database has no migrations applied: nothing to back up.');
  const known = knownMigrations().find((migration) => migration.hash === last.hash);
  if (!known) {
    throw new Error(
      'The database has a migration this version of ChemTrack does not know: update ChemTrack first.',
    );
  }
  return known;
}
