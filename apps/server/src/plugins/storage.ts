import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalFileStore, type FileStore } from '../storage/file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (SDS sheets, reference lists). */
    files: FileStore;
  }
}

/**
 * The file store. The sweep of uploads nothing points at is the files module's
 * (`modules/files/file-sweep.plugin.ts`).
 */
async function storagePlugin(app: FastifyInstance, options: { store?: FileStore | undefined }) {
  app.decorate('files', options.store ?? createLocalFileStore(app.config.dataDir));
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['database'] });
