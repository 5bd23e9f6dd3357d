import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BACKUP_NAME_PATTERN, type BackupItem, type BackupList } from '@chemtrack/domain';
import { openOnlineSnapshot } from '../../backup/online-snapshot.ts';
import { writeArchive } from '../../backup/write-archive.ts';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { createFolderObjects, type NamedObjects } from '../../storage/named-objects.ts';

export interface BackupServiceOptions {
  db: Db;
  files: FileStore;
  /** The local folder partial archives and their table spools are written in. */
  dir: string;
  /** Where finished archives are kept: `dir` itself by default, or a prefix in the bucket. */
  shelf?: NamedObjects;
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

export type TakenBackup = BackupItem & { held_ms: number };

export interface BackupService {
  /**
   * Takes a backup now; a call while one runs joins it. Each call is recorded for its actor
   * (none for the schedule's).
   */
  run(actor?: Actor): Promise<TakenBackup>;
  list(): Promise<BackupList>;
  /** The archive's bytes, or undefined when there is no such finished archive; recorded as a download. */
  open(name: string, actor: Actor): Promise<{ stream: Readable; size: number } | undefined>;
  /** Resolves when no backup is running (the app's close waits for it). */
  idle(): Promise<void>;
  /** Where finished archives are kept, for the log. */
  readonly description: string;
}

/** `chemtrack-backup-2026-11-28T04-05-06-789Z.tar`: sorts by time, safe in a URL and on every file system. */
export function backupName(now: Date): string {
  return `chemtrack-backup-${now.toISOString().replaceAll(':', '-').replace('.', '-')}.tar`;
}

const PARTIAL_SUFFIX = '.partial';
const SUMMARY_SUFFIX = '.json';

/**
 * Online backups. An archive is written in the local `dir` under a hidden temporary name
 * (`.chemtrack-backup-….tar.partial`), then its summary and the archive are put on the shelf
 * (`BACKUP_DIR`: a rename in the same folder, or an upload under the bucket prefix), so a process
 * killed mid-backup leaves nothing the list shows. Only finished names match
 * `BACKUP_NAME_PATTERN`; a partial left by a killed process is removed by the next backup.
 */
export function createBackupService(options: BackupServiceOptions): BackupService {
  const { dir } = options;
  const shelf = options.shelf ?? createFolderObjects(dir);
  let running: Promise<TakenBackup> | undefined;

  async function take(): Promise<TakenBackup> {
    await fs.promises.mkdir(dir, { recursive: true });
    await removeLeftovers();
    const now = new Date();
    const name = backupName(now);
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
      const size = (await fs.promises.stat(partial)).size;
      // The summary first: the archive's name is what makes a backup listed.
      await shelf.putText(`${name}${SUMMARY_SUFFIX}`, JSON.stringify(summary));
      await shelf.moveIn(name, partial);
      options.log?.info({ name, size, heldMs: summary.held_ms, to: shelf.description }, 'backup written');
      await prune();
      return { name, size_bytes: size, ...summary };
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      await shelf.delete(`${name}${SUMMARY_SUFFIX}`).catch(() => undefined);
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
    const held = await shelf.list();
    const items: BackupItem[] = [];
    for (const { name, size } of held
      .filter((entry) => BACKUP_NAME_PATTERN.test(entry.name))
      .sort((a, b) => b.name.localeCompare(a.name))) {
      const summary = await shelf
        .readText(`${name}${SUMMARY_SUFFIX}`)
        .then((text) => (text === undefined ? undefined : (JSON.parse(text) as Summary)))
        .catch(() => undefined);
      items.push({
        name,
        created_at: summary?.created_at ?? timeOfName(name),
        size_bytes: size,
        tables: summary?.tables ?? null,
        rows: summary?.rows ?? null,
        files: summary?.files ?? null,
      });
    }
    return items;
  }

  /** Archives beyond `BACKUP_KEEP`, and summaries whose archive never arrived (a killed upload). */
  async function prune(): Promise<void> {
    const kept = (await finished()).slice(0, options.keep).map((item) => item.name);
    for (const { name } of await shelf.list()) {
      const archive = name.endsWith(SUMMARY_SUFFIX) ? name.slice(0, -SUMMARY_SUFFIX.length) : name;
      if (BACKUP_NAME_PATTERN.test(archive) && !kept.includes(archive)) await shelf.delete(name);
    }
  }

  return {
    description: shelf.description,
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
      const found = await shelf.read(name);
      if (found) {
        await recordAudit(options.db, actor, {
          action: 'download',
          entity: ENTITY,
          details: { name, size: found.size },
        });
      }
      return found;
    },
    async idle() {
      await running?.catch(() => undefined);
    },
  };
}

/** `chemtrack-backup-2026-11-28T04-05-06-789Z.tar` → its ISO time, for an archive without its summary. */
function timeOfName(name: string): string {
  const [, date, h, m, sec, ms] =
    /^chemtrack-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name) ?? [];
  return `${date}T${h}:${m}:${sec}.${ms}Z`;
}
