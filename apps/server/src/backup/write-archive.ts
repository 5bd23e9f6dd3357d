import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { FileNotStoredError, type FileStore } from '../storage/file-store.ts';
import {
  ARCHIVE_FORMAT,
  type ArchiveHeader,
  appVersion,
  FILE_ENTRY_PREFIX,
  type FileEntry,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
  type TableEntry,
  tableEntryName,
} from './archive-format.ts';
import { listTables, readLastMigration, readSequences, type SnapshotReader } from './database-snapshot.ts';
import { Digest } from './digest.ts';
import { spoolRows } from './table-spool.ts';

export interface WriteArchiveOptions {
  reader: SnapshotReader;
  store: FileStore;
  /** Where the archive's bytes go (a file under a temporary name, a response). Ended when done. */
  output: Writable;
  /** A folder for the table spools (each table is gzipped to a file first: a tar entry needs its size up front). */
  tempDir?: string;
  now?: Date;
}

/**
 * Writes one archive from `reader` (a consistent snapshot) and the files its `files` rows point
 * at: header, tables, files, manifest. Streamed throughout: a table passes through a spool file
 * on disk, a stored file straight from the store into the tar. Returns the manifest.
 */
export async function writeArchive(options: WriteArchiveOptions): Promise<Manifest> {
  const { reader, store } = options;
  const spoolDir = fs.mkdtempSync(path.join(options.tempDir ?? os.tmpdir(), 'chemtrack-backup-'));
  const pack = tar.pack();
  const written = pipeline(pack, options.output);
  // A failed output fails the pack's writers too; the awaiting below sees the first error.
  written.catch(() => pack.destroy());
  try {
    const header: ArchiveHeader = {
      format: ARCHIVE_FORMAT,
      app_version: appVersion(),
      created_at: (options.now ?? new Date()).toISOString(),
      source_database: reader.kind,
      last_migration: await readLastMigration(reader),
    };
    await addBuffer(pack, HEADER_ENTRY, Buffer.from(JSON.stringify(header, null, 2)));
    const tables = await writeTables(pack, reader, spoolDir);
    const sequences = await readSequences(reader);
    const { files, missing } = await writeFiles(pack, reader, store);
    const manifest: Manifest = { ...header, tables, sequences, files, missing_files: missing };
    await addBuffer(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    await written;
    return manifest;
  } catch (error) {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    await written.catch(() => undefined);
    throw error;
  } finally {
    fs.rmSync(spoolDir, { recursive: true, force: true });
  }
}

function addBuffer(pack: tar.Pack, name: string, content: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: content.length, mtime: new Date(0) }, content, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

async function addStream(pack: tar.Pack, name: string, size: number, source: Readable, through?: Transform) {
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size, mtime: new Date(0) }, (error) =>
      error ? reject(error) : resolve(),
    );
    (through ? pipeline(source, through, entry) : pipeline(source, entry)).catch(reject);
  });
}

async function writeTables(pack: tar.Pack, reader: SnapshotReader, spoolDir: string): Promise<TableEntry[]> {
  const entries: TableEntry[] = [];
  for (const [position, table] of (await listTables(reader)).entries()) {
    const spool = path.join(spoolDir, `${position}.gz`);
    // A reader that spools itself does it off this thread (the online PGlite copy's worker).
    const spooled = reader.spoolTable
      ? await reader.spoolTable(table, spool)
      : await spoolRows(reader.copyOut(table.name, table.columns), spool);
    const entry = tableEntryName(position, table.name);
    await addStream(pack, entry, spooled.bytes, fs.createReadStream(spool));
    fs.rmSync(spool);
    entries.push({
      table: table.name,
      entry,
      columns: table.columns,
      rows: spooled.rows,
      bytes: spooled.bytes,
      sha256: spooled.sha256,
    });
  }
  return entries;
}

async function writeFiles(
  pack: tar.Pack,
  reader: SnapshotReader,
  store: FileStore,
): Promise<{ files: FileEntry[]; missing: string[] }> {
  const rows = await reader.rows<{ storage_key: string; size_bytes: number }>(
    'SELECT storage_key, size_bytes FROM files ORDER BY id',
  );
  const files: FileEntry[] = [];
  const missing: string[] = [];
  for (const row of rows) {
    let source: Readable;
    try {
      source = await store.read(row.storage_key);
    } catch (error) {
      // Released and deleted after the snapshot was taken: the row stays, as in the database.
      if (error instanceof FileNotStoredError) {
        missing.push(row.storage_key);
        continue;
      }
      throw error;
    }
    const digest = new Digest();
    const entry = `${FILE_ENTRY_PREFIX}${row.storage_key}`;
    await addStream(pack, entry, row.size_bytes, source, digest);
    if (digest.bytes !== row.size_bytes) {
      throw new Error(
        `The stored file ${row.storage_key} has ${digest.bytes} bytes, its row says ${row.size_bytes}.`,
      );
    }
    files.push({ key: row.storage_key, entry, size: digest.bytes, sha256: digest.hex() });
  }
  return { files, missing };
}

/** `file` written whole or not at all: under a temporary name beside it, renamed once complete. */
export async function writeArchiveFile(
  file: string,
  options: Omit<WriteArchiveOptions, 'output'>,
): Promise<Manifest> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.partial`);
  try {
    const manifest = await writeArchive({
      ...options,
      output: fs.createWriteStream(partial, { flags: 'wx' }),
    });
    await fs.promises.rename(partial, file);
    return manifest;
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}
