import {
  encodeExportWarnings,
  TIER2_EXPORT_LEFT_OUT_HEADER,
  TIER2_EXPORT_WARNINGS_HEADER,
  Tier2ExportQuerySchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { sendDownload } from '../../lib/download-reply.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { tier2ExportService as service } from './tier2-export.service.ts';

const tags = ['Tier II exchange'];
const FileResponse = z
  .unknown()
  .describe('The Tier2 Submit file (.t2s): a ZIP (application/zip) holding epcra_tier2_data.xml');

/**
 * Issue 25: a facility-year's Tier II as a Tier2 Submit `.t2s` file (the National Tier II Data
 * Standard v1.0.0); issue 36: without `facility_id`, every facility of the customer with an
 * inventory that year in one file, the others named in `X-Tier2-Facilities-Left-Out`. Staff and
 * admins, as the reports; failures answer JSON, success the file.
 */
export const tier2ExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tier2/export',
    {
      config: { permission: 'tier2.export' },
      schema: {
        tags,
        querystring: Tier2ExportQuerySchema,
        response: { 200: FileResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const file = await service.exportTier2(app.db, actorOf(request), request.query);
      reply.header(TIER2_EXPORT_WARNINGS_HEADER, encodeExportWarnings(file.warnings));
      if (file.leftOut !== null)
        reply.header(TIER2_EXPORT_LEFT_OUT_HEADER, encodeExportWarnings(file.leftOut));
      return sendDownload(
        reply,
        { type: file.contentType, name: file.fileName },
        Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength),
      );
    },
  );
};
