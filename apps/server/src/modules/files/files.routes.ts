import { FileUploadQuerySchema, FileUploadResponseSchema } from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { ERROR_RESPONSES, ErrorBodySchema } from '../../lib/route-schemas.ts';
import { type ReceivedUpload, receiveUpload } from './file-upload.ts';
import { storeUpload, uploadTempDir } from './files.service.ts';

const tags = ['Files'];

/**
 * `POST /file/upload` (spec 02 §7): a multipart `file` field, accepted by its content only. The
 * answer's `filepath` is the storage key a product save then points at.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tempDir = uploadTempDir(app.config.dataDir);

  app.post(
    '/file/upload',
    {
      config: { permission: 'files.upload' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: FileUploadQuerySchema,
        response: {
          201: FileUploadResponseSchema,
          ...ERROR_RESPONSES,
          400: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      let upload: ReceivedUpload;
      try {
        upload = await receiveUpload(request, {
          tempDir,
          maxBytes: app.config.uploadMaxBytes,
          kind: request.query.kind,
        });
      } catch (error) {
        // Refused before the whole body arrived (an executable is stopped at its first bytes):
        // close the connection after the answer instead of reading the rest, as Fastify does for
        // its own body errors. Otherwise the half-read socket lingers until its keep-alive timeout.
        if (!request.raw.complete) reply.header('Connection', 'close');
        throw error;
      }
      const file = await storeUpload(app.db, app.files, actorOf(request), upload, request.query.kind);
      reply.status(201);
      return { message: 'File uploaded successfully', file };
    },
  );
};
