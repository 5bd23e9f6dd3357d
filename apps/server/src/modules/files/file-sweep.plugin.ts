import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  deleteUnrecordedBytes,
  deleteUnreferencedFiles,
  UNREFERENCED_FILE_TTL_MS,
  uploadTempDir,
} from './files.service.ts';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Files directly in `dir` last written before the cutoff (an upload never takes a day). */
async function removeFilesOlderThan(dir: string, cutoff: Date): Promise<number> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (stat?.isFile() && stat.mtime < cutoff) {
      await fs.promises.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * The sweep that removes uploads nothing points at (a form closed after its upload, an SDS
 * replaced while the process died), stored bytes nothing records and temporary upload copies a
 * crash left behind: once at start, then hourly.
 */
async function fileSweepPlugin(app: FastifyInstance) {
  async function sweep() {
    try {
      const olderThan = new Date(Date.now() - UNREFERENCED_FILE_TTL_MS);
      const removed = await deleteUnreferencedFiles(app.db, app.files, { olderThan, log: app.log });
      const unrecorded = await deleteUnrecordedBytes(app.db, app.files, { olderThan, log: app.log });
      const temporary = await removeFilesOlderThan(uploadTempDir(app.config.dataDir), olderThan);
      if (removed + unrecorded + temporary > 0) {
        app.log.info({ removed, unrecorded, temporary }, 'removed unreferenced uploads');
      }
    } catch (error) {
      app.log.error({ err: error }, 'could not remove unreferenced uploads');
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    // Unref'd: the sweep never keeps a finished process (or a test run) alive.
    timer = setInterval(() => {
      running ??= sweep().finally(() => {
        running = undefined;
      });
    }, SWEEP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    // The database closes after the app: let a sweep in progress finish first.
    await running;
  });
}

export default fp(fileSweepPlugin, { name: 'file-sweep', dependencies: ['database', 'storage'] });
