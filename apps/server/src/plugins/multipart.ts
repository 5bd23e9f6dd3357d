import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Multipart bodies with every parser limit set (OWASP: limit the file size and the number of
 * parts). The parser streams the body to the route instead of buffering it, so the app's 1 MB
 * JSON `bodyLimit` does not apply: `fileSize` is the only size cap on an upload.
 */
async function multipartPlugin(app: FastifyInstance, options: { maxFileBytes: number }) {
  await app.register(multipart, {
    limits: {
      fileSize: options.maxFileBytes,
      files: 1,
      // Room for a few small form fields next to the file (the spec's forms send none today).
      fields: 5,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 6,
      headerPairs: 20,
    },
    throwFileSizeLimit: true,
  });
}

export default fp(multipartPlugin, { name: 'multipart' });
