import {
  type Action,
  FileUploadQuerySchema,
  FileUploadResponseSchema,
  isAllowed,
  UPLOAD_MSG,
  type UploadKind,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import { ERROR_RESPONSES, ErrorBodySchema } from '../../lib/route-schemas.ts';
import type { ReceivedUpload } from './file-types.ts';
import { receiveUpload } from './file-upload.ts';
import { storeUpload, uploadTempDir } from './files.service.ts';

const tags = ['Files'];

/**
 * Who may upload what: a reference list is part of the Database Entry page, an admin's (spec 02
 * §6); an SDS or a general file is staff's; an SDS or label photo is also a technician's, for
 * the new product a line of their inventory names (issue 22).
 */
const UPLOAD_ACTIONS: Record<UploadKind, Action> = {
  general: 'files.upload-documents',
  sds: 'files.upload-documents',
  database: 'database.create',
  'sds-photo': 'files.upload-sds-photo',
};

/**
 * `POST /file/upload` (spec 02 §7): a multipart `file` field, of a type the `kind` accepts and
 * checked by its content. The answer's `filepath` is the storage key a product save or a database
 * entry then points at.
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
      if (!isAllowed(request.user?.role, UPLOAD_ACTIONS[request.query.kind])) {
        // Refused before the body is read: close the connection after the answer (see below).
        if (!request.raw.complete) reply.header('Connection', 'close');
        throw forbidden();
      }
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
      return {
        message: 'File uploaded successfully',
        file,
        ...(upload.isEncrypted ? { warnings: [UPLOAD_MSG.encryptedPdf] } : {}),
      };
    },
  );
};
