import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BACKUP_NAME_PATTERN, type BackupItem, type BackupList } from '@chemtrack/domain';
import { openOnlineSnapshot } from '../../backup/online-snapshot.ts';
import { writeArchive } from '../../backup/write-archive.ts';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { FileStore } from '../../storage/file-store.ts';

export interface BackupServiceOptions {
  db: Db;
  files: FileStore;
  dir: string;
  everyMs: number;
  keep: number;
  log?: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/** What a finished archive's sidecar (`<name>.json`) says, for the list. */
interface Summary {
  created_at: string;
  tables: number;
  rows: number;
  files: number;
  /** How long the live database was held for the copy (PGlite), for the log and the bench. */
  held_ms: number;
}

/** A backup holds every record: who took one and who carried one away are both on the audit trail. */
const ENTITY = 'backup';

export interface BackupService {
  /**
   * Takes a backup now; a call while one runs joins it. Each call is recorded for its actor
   * (none for the schedule's).
   */
  run(actor?: Actor): Promise<BackupItem & { held_ms: number }>;
  list(): Promise<BackupList>;
  /** The archive's bytes, or undefined when there is no such finished archive; recorded as a download. */
  open(name: string, actor: Actor): Promise<{ stream: Readable; size: number } | undefined>;
  /** Resolves when no backup is running (the app's close waits for it). */
  idle(): Promise<void>;
}

/** `chemtrack-backup-2026-11-28T04-05-06-789Z.tar`: sorts by time, safe in a URL and on every file system. */
export function backupName(now: Date): string {
  return `chemtrack-backup-${now.toISOString().replaceAll(':', '-').replace('.', '-')}.tar`;
}

const PARTIAL_SUFFIX = '.partial';

/**
 * Online backups into `BACKUP_DIR`: an archive is written under a hidden temporary name
 * (`.chemtrack-backup-….tar.partial`), its summary beside it, and renamed to its final name only
 * once complete, so a process killed mid-backup leaves nothing the list shows. Only finished
 * names match `BACKUP_NAME_PATTERN`; a partial left by a killed process is removed by the next backup.
 */
export function createBackupService(options: BackupServiceOptions): BackupService {
  const { dir } = options;
  let running: Promise<BackupItem & { held_ms: number }> | undefined;

  async function take(): Promise<BackupItem & { held_ms: number }> {
    await fs.promises.mkdir(dir, { recursive: true });
    await removeLeftovers();
    const now = new Date();
    const name = backupName(now);
    const final = path.join(dir, name);
    const partial = path.join(dir, `.${name}${PARTIAL_SUFFIX}`);
    const snapshot = await openOnlineSnapshot(options.db);
    try {
      const manifest = await writeArchive({
        reader: snapshot.reader,
        store: options.files,
        output: fs.createWriteStream(partial, { flags: 'wx' }),
        tempDir: dir,
        now,
      });
      const summary: Summary = {
        created_at: manifest.created_at,
        tables: manifest.tables.length,
        rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
        files: manifest.files.length,
        held_ms: Math.round(snapshot.heldMs),
      };
      await fs.promises.writeFile(`${final}.json`, JSON.stringify(summary));
      await fs.promises.rename(partial, final);
      const size = (await fs.promises.stat(final)).size;
      options.log?.info({ name, size, heldMs: summary.held_ms }, 'backup written');
      await prune();
      return { name, size_bytes: size, ...summary };
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      await fs.promises.rm(`${final}.json`, { force: true });
      throw error;
    } finally {
      await snapshot.reader.close();
    }
  }

  /** Partial archives of a process that died mid-backup, and their spool folders. */
  async function removeLeftovers(): Promise<void> {
    for (const entry of await fs.promises.readdir(dir)) {
      if (
        entry.endsWith(PARTIAL_SUFFIX) ||
        (entry.startsWith('chemtrack-backup-') && !entry.endsWith('.tar') && !entry.endsWith('.tar.json'))
      ) {
        await fs.promises.rm(path.join(dir, entry), { recursive: true, force: true });
      }
    }
  }

  async function finished(): Promise<BackupItem[]> {
    const entries = await fs.promises.readdir(dir).catch(() => [] as string[]);
    const items: BackupItem[] = [];
    for (const name of entries
      .filter((entry) => BACKUP_NAME_PATTERN.test(entry))
      .sort()
      .reverse()) {
      const stat = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
      if (!stat) continue;
      const summary = await fs.promises
        .readFile(path.join(dir, `${name}.json`), 'utf8')
        .then((text) => JSON.parse(text) as Summary)
        .catch(() => undefined);
      items.push({
        name,
        created_at: summary?.created_at ?? stat.mtime.toISOString(),
        size_bytes: stat.size,
        tables: summary?.tables ?? null,
        rows: summary?.rows ?? null,
        files: summary?.files ?? null,
      });
    }
    return items;
  }

  async function prune(): Promise<void> {
    for (const item of (await finished()).slice(options.keep)) {
      await fs.promises.rm(path.join(dir, item.name), { force: true });
      await fs.promises.rm(path.join(dir, `${item.name}.json`), { force: true });
    }
  }

  return {
    async run(actor) {
      running ??= take().finally(() => {
        running = undefined;
      });
      const item = await running;
      await recordAudit(options.db, actor, {
        action: 'create',
        entity: ENTITY,
        details: { name: item.name, size: item.size_bytes, rows: item.rows, files: item.files },
      });
      return item;
    },
    async list() {
      const items = await finished();
      const last = items[0] ? Date.parse(items[0].created_at) : undefined;
      const isStale = options.everyMs > 0 && (last === undefined || Date.now() - last > 2 * options.everyMs);
      return {
        items,
        every_hours: options.everyMs > 0 ? options.everyMs / 3_600_000 : null,
        keep: options.keep,
        is_stale: isStale,
      };
    },
    async open(name, actor) {
      if (!BACKUP_NAME_PATTERN.test(name)) return undefined;
      const file = path.join(dir, name);
      const handle = await fs.promises.open(file, 'r').catch(() => undefined);
      if (!handle) return undefined;
      const { size } = await handle.stat();
      await recordAudit(options.db, actor, { action: 'download', entity: ENTITY, details: { name, size } });
      return { stream: handle.createReadStream(), size };
    },
    async idle() {
      await running?.catch(() => undefined);
    },
  };
}
