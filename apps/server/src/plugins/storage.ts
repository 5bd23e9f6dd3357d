import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFileStore } from '../storage/create-file-store.ts';
import type { FileStore } from '../storage/file-store.ts';

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
  const store = options.store ?? (await createFileStore(app.config));
  app.decorate('files', store);
  // A store handed in belongs to whoever made it (main.ts, which seeded through it first).
  if (!options.store) app.addHook('onClose', async () => store.close?.());
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['database'] });
