import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Objects kept by a plain name in one place: a local folder, or a key prefix in the file store's
 * bucket (`FileStore.under`). Backup archives live in one (`BACKUP_DIR`). Bytes go in from a
 * local file and come out as a stream, never whole in memory.
 */
export interface NamedObjects {
  /** Where they are, for the logs: never a secret. */
  readonly description: string;
  /** Every name held, with its size in bytes. */
  list(): Promise<{ name: string; size: number }[]>;
  /** Moves a finished local file in under `name`: it appears whole or not at all. */
  moveIn(name: string, file: string): Promise<void>;
  putText(name: string, text: string): Promise<void>;
  /** The bytes, or undefined when nothing is held under `name`. */
  read(name: string): Promise<{ stream: Readable; size: number } | undefined>;
  readText(name: string): Promise<string | undefined>;
  /** A name that holds nothing is not an error. */
  delete(name: string): Promise<void>;
}

/** One path segment, no dot files: a name can neither climb out of its place nor hide in it. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export function checkedObjectName(name: string): string {
  if (!NAME.test(name) || name.includes('..')) throw new Error(`Invalid object name: ${name}`);
  return name;
}

/** Objects as the files of a local folder; a move in is a rename (same file system: the spool is there too). */
export function createFolderObjects(dir: string): NamedObjects {
  const locate = (name: string) => path.join(dir, checkedObjectName(name));
  return {
    description: `local folder ${dir}`,
    async list() {
      const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
      const found: { name: string; size: number }[] = [];
      for (const name of names.filter((entry) => NAME.test(entry))) {
        const stat = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
        if (stat?.isFile()) found.push({ name, size: stat.size });
      }
      return found;
    },
    async moveIn(name, file) {
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.rename(file, locate(name));
    },
    async putText(name, text) {
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.writeFile(locate(name), text);
    },
    async read(name) {
      const handle = await fs.promises.open(locate(name), 'r').catch(() => undefined);
      if (!handle) return undefined;
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    },
    readText: (name) => fs.promises.readFile(locate(name), 'utf8').catch(() => undefined),
    async delete(name) {
      await fs.promises.rm(locate(name), { force: true });
    },
  };
}
