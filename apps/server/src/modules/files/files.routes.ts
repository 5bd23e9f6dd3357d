import fs from 'node:fs';
import path from 'node:path';
import { FileUploadQuerySchema, FileUploadResponseSchema } from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, recordAudit } from '../../lib/audit.ts';
import { ERROR_RESPONSES, ErrorBodySchema } from '../../lib/route-schemas.ts';
import { type ReceivedUpload, receiveUpload } from './file-upload.ts';
import { saveFile, toStoredFile } from './files.repository.ts';

const tags = ['Files'];

/**
 * `POST /file/upload` (spec 02 §7): a multipart `file` field, accepted by its content only. The
 * answer's `filepath` is the storage key a product save then points at.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Temporary copies sit next to the data, on the same disk, and outside the store.
  const tempDir = path.join(app.config.dataDir, 'tmp', 'uploads');

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
      try {
        const row = await saveFile(app.db, app.files, {
          source: fs.createReadStream(upload.tempPath),
          size: upload.size,
          sha256: upload.sha256,
          originalName: upload.originalName,
          mimeType: upload.mimeType,
          uploadedBy: request.user?.id,
          folder: request.query.kind,
        });
        await recordAudit(app.db, actorOf(request), {
          action: 'create',
          entity: 'file',
          entityId: row.id,
          details: { kind: request.query.kind, size: row.sizeBytes },
        });
        reply.status(201);
        return { message: 'File uploaded successfully', file: toStoredFile(row) };
      } finally {
        await fs.promises.rm(upload.tempPath, { force: true });
      }
    },
  );
};
