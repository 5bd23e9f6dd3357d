import fs from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { z } from 'zod';
import { SERVER_ROOT } from '../runtime/server-root.ts';

/**
 * A backup archive (decision 027) is one uncompressed tar, written and read as a stream:
 *
 * 1. `chemtrack-backup.json`: the header (format, app version, the last migration), first, so a
 *    restore refuses an archive of a newer schema before reading anything else;
 * 2. `db/NNN-<table>.copy.gz`: each table's rows in PostgreSQL's COPY text format, gzipped, in an
 *    order where every table comes after the tables its foreign keys point at;
 * 3. `files/<storage key>`: each stored file's bytes as they are (PDFs do not compress);
 * 4. `manifest.json`, last: row counts, sequences, and the size and SHA-256 of every entry above,
 *    known only once they are written.
 */
export const ARCHIVE_FORMAT = 1;
export const HEADER_ENTRY = 'chemtrack-backup.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const TABLE_ENTRY_PREFIX = 'db/';
export const FILE_ENTRY_PREFIX = 'files/';

export const MigrationRefSchema = z.object({
  /** Position in `drizzle/meta/_journal.json` (0-based). */
  index: z.number().int().min(0),
  tag: z.string(),
  /** drizzle's `created_at` of the migration: what its migrator compares on the next start. */
  folder_millis: z.number(),
  hash: z.string(),
});
export type MigrationRef = z.infer<typeof MigrationRefSchema>;

export const ArchiveHeaderSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  app_version: z.string(),
  created_at: z.string(),
  /** Where it was taken from, for the reader: an archive restores onto either database. */
  source_database: z.enum(['postgres', 'pglite']),
  last_migration: MigrationRefSchema,
});
export type ArchiveHeader = z.infer<typeof ArchiveHeaderSchema>;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const TableEntrySchema = z.object({
  table: z.string(),
  entry: z.string(),
  /** The columns the COPY lines hold, in their order (generated columns are left out). */
  columns: z.array(z.string()),
  rows: z.number().int().min(0),
  /** Of the gzipped entry as it is in the tar. */
  bytes: z.number().int().min(0),
  sha256: Sha256,
});
export type TableEntry = z.infer<typeof TableEntrySchema>;

export const FileEntrySchema = z.object({
  key: z.string(),
  entry: z.string(),
  size: z.number().int().min(0),
  sha256: Sha256,
});
export type FileEntry = z.infer<typeof FileEntrySchema>;

export const SequenceSchema = z.object({
  name: z.string(),
  /** `null`: never used (the next value is its start). */
  last_value: z.string().nullable(),
});
export type SequenceValue = z.infer<typeof SequenceSchema>;

export const ManifestSchema = ArchiveHeaderSchema.extend({
  tables: z.array(TableEntrySchema),
  sequences: z.array(SequenceSchema),
  files: z.array(FileEntrySchema),
  /**
   * Keys a row pointed at whose bytes the store no longer had when the backup read them (a file
   * released and deleted while the backup ran): the rows are kept, as in the database.
   */
  missing_files: z.array(z.string()),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** A name the tar may hold for a table: `db/007-customers.copy.gz`. */
export function tableEntryName(position: number, table: string): string {
  return `${TABLE_ENTRY_PREFIX}${String(position).padStart(3, '0')}-${table}.copy.gz`;
}

const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

/** Every migration this code knows, in order, as the migrator reads them. */
export function knownMigrations(): MigrationRef[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  return files.map((migration, index) => ({
    index,
    tag: journal.entries[index]?.tag ?? String(index),
    folder_millis: migration.folderMillis,
    hash: migration.hash,
  }));
}

/** The SQL statements of the migrations up to `last` included (what a restore builds the schema with). */
export function migrationStatements(last: MigrationRef): { statements: string[]; applied: MigrationRef[] } {
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const applied = knownMigrations().slice(0, last.index + 1);
  return { statements: files.slice(0, last.index + 1).flatMap((file) => file.sql), applied };
}

export function appVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? '0.0.0';
}
