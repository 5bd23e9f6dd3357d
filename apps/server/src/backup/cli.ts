import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.ts';
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions.ts';
import { type Config, loadConfig } from '../lib/config.ts';
import { createFileStore } from '../storage/create-file-store.ts';
import { StorageUrlError } from '../storage/file-store.ts';
import type { Manifest } from './archive-format.ts';
import { openPostgresSnapshot, pgliteReader, type SnapshotReader } from './database-snapshot.ts';
import { RestoreRefusedError, restoreArchive } from './restore.ts';
import { writeArchiveFile } from './write-archive.ts';

/**
 * `npm run backup -- --to FILE` and `npm run restore -- --from FILE [--replace]`, with the server
 * stopped, on the DATA_DIR / DATABASE_URL / STORAGE_URL that `npm start` would use (decision 027).
 */
const USAGE = 'Usage: npm run backup -- --to FILE | npm run restore -- --from FILE [--replace]';

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

function isPostgres(config: Config): config is Config & { databaseUrl: string } {
  return config.databaseUrl?.startsWith('postgres') ?? false;
}

/** The embedded database's folder may be used only while no server runs on it. */
function lockEmbedded(config: Config): () => void {
  return isPostgres(config) ? () => undefined : acquireDataDirLock(config.dataDir);
}

async function openSource(config: Config): Promise<SnapshotReader> {
  if (isPostgres(config)) return openPostgresSnapshot(config.databaseUrl);
  const folder = path.join(config.dataDir, 'db');
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) throw new Error(`No embedded database in ${folder}.`);
  const client = await PGlite.create({ dataDir: folder, extensions: PGLITE_EXTENSIONS });
  return await pgliteReader(client, { closeWith: () => client.close() });
}

export function describeManifest(manifest: Manifest): string {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  return (
    `${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB), ` +
    `schema ${manifest.last_migration.tag}`
  );
}

async function backup(config: Config, to: string): Promise<void> {
  const release = lockEmbedded(config);
  const store = await createFileStore(config);
  const reader = await openSource(config);
  try {
    const started = Date.now();
    const manifest = await writeArchiveFile(path.resolve(to), { reader, store });
    const size = fs.statSync(to).size;
    console.log(
      `Backed up to ${to} (${(size / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s): ` +
        describeManifest(manifest),
    );
  } finally {
    await reader.close();
    store.close?.();
    release();
  }
}

async function restore(config: Config, from: string, replace: boolean): Promise<void> {
  if (!fs.existsSync(from)) throw new RestoreRefusedError(`No archive at ${from}.`);
  const release = lockEmbedded(config);
  try {
    const started = Date.now();
    const result = await restoreArchive({
      open: () => fs.createReadStream(from),
      config,
      replace,
      log: (line) => console.log(line),
    });
    console.log(
      `Restored ${from} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${describeManifest(result.manifest)}; ` +
        'every row count and checksum matches.',
    );
    if (result.replaced.length > 0)
      console.log(`Replaced (and removed once restored): ${result.replaced.join(', ')}`);
    console.log('Start the server: it migrates an older archive’s schema like any database.');
  } finally {
    release();
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  const to = option(args, '--to');
  const from = option(args, '--from');
  if (command === 'backup' && to) return backup(config, to);
  if (command === 'restore' && from) return restore(config, from, args.includes('--replace'));
  console.error(USAGE);
  process.exit(2);
}

main().catch((error: unknown) => {
  const expected =
    error instanceof RestoreRefusedError ||
    error instanceof DataDirLockedError ||
    error instanceof StorageUrlError;
  console.error(
    expected || !(error instanceof Error) ? String((error as Error).message ?? error) : error.stack,
  );
  process.exit(1);
});
