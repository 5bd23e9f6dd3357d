import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteUnreferencedFiles } from '../modules/files/files.repository.ts';
import { createLocalFileStore, type FileStore } from '../storage/file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (SDS sheets, reference lists). */
    files: FileStore;
  }
}

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The file store, and the sweep that removes uploads nothing points at (a form closed after
 * its upload, an SDS replaced while the process died): once at start, then hourly.
 */
async function storagePlugin(app: FastifyInstance, options: { store?: FileStore | undefined }) {
  const store = options.store ?? createLocalFileStore(app.config.dataDir);
  app.decorate('files', store);

  async function sweep() {
    try {
      const removed = await deleteUnreferencedFiles(app.db, store, { log: app.log });
      if (removed > 0) app.log.info({ removed }, 'removed unreferenced uploads');
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

export default fp(storagePlugin, { name: 'storage', dependencies: ['database'] });
