import { SdsReadResponseSchema, UPLOAD_MSG } from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isPdf } from '../../lib/file-signature.ts';
import { ERROR_RESPONSES, ErrorBodySchema } from '../../lib/route-schemas.ts';
import { receiveUploadInMemoryFor } from '../files/file-upload.ts';
import { readSds } from './sds-reading.service.ts';

const tags = ['SDS reading'];

/**
 * `POST /sds/read` (issue 35): a multipart `file` (a PDF, by its bytes, up to UPLOAD_MAX_MB)
 * answers the components of its section 3 and the specific gravity and physical state of its
 * section 9, proposed for review. Nothing is saved.
 */
export const sdsReadingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sds/read',
    {
      config: { permission: 'sds.read' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: {
          200: SdsReadResponseSchema,
          ...ERROR_RESPONSES,
          400: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const upload = await receiveUploadInMemoryFor(request, reply, 'sds.read', {
        maxBytes: app.config.uploadMaxBytes,
        accepts: isPdf,
        refusal: UPLOAD_MSG.pdfOnly,
      });
      return { resource: await readSds(upload.bytes) };
    },
  );
};
