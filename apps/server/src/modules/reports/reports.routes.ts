import {
  ReportChangesQuerySchema,
  ReportChangesResponseSchema,
  ReportGenerateRequestSchema,
  ReportListResponseSchema,
  ReportPreviewExplanationRequestSchema,
  ReportPreviewExplanationResponseSchema,
  ReportPreviewInfoGroupsResponseSchema,
  ReportPreviewListRequestSchema,
  ReportPreviewResponseSchema,
  ReportPreviewRowsRequestSchema,
  ReportPreviewRowsResponseSchema,
  ReportPreviewWarningsResponseSchema,
  ReportRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { abortWhenClientLeaves } from '../../lib/client-gone.ts';
import { sendDownload } from '../../lib/download-reply.ts';
import { ERROR_RESPONSES, sendJsonText } from '../../lib/route-schemas.ts';
import { generateAllFacilities } from './all-facilities.ts';
import { reportChanges } from './report-changes.ts';
import { reportsService as service } from './reports.service.ts';
import { ReportWorkers } from './workers/index.ts';

const tags = ['Reports'];
const FileResponse = z
  .unknown()
  .describe(
    "The report file (application/pdf or the XLSX content type), or with all_facilities a ZIP of every facility's file and summary.csv (application/zip), as an attachment",
  );

/** A preview route's options: staff and admins, its body, and its answer for the documentation. */
function previewOptions<Body extends z.ZodType, Answer extends z.ZodType>(body: Body, answer: Answer) {
  return {
    config: { permission: 'reports.read' as const },
    schema: { tags, body, response: { 200: answer, ...ERROR_RESPONSES } },
  };
}

/**
 * Spec 02 §7 "Reports" and issue 11: the type list, the file, and the preview with each figure's
 * explanation. Staff and admins (spec 02 §6 "View … reports").
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reports are drawn in worker threads (decision 016), stopped with the app. One is started when
  // the app starts listening and kept (decision 022): the first report does not wait for it to load.
  const workers = new ReportWorkers({
    size: app.config.reportWorkers,
    maxHeapMb: app.config.reportWorkerHeapMb,
    keep: 1,
  });
  app.addHook('onListen', () => workers.warm());
  app.addHook('onClose', () => workers.close());
  app.get(
    '/report/list',
    {
      config: { permission: 'reports.read' },
      schema: {
        tags,
        response: { 200: ReportListResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async () => {
      // The Reports screen asks for the types when it opens: a report is likely to follow.
      workers.warm();
      return { resource: service.listTypes() };
    },
  );

  app.post(
    '/report/preview',
    previewOptions(ReportRequestSchema, ReportPreviewResponseSchema),
    async (request, reply) => sendJsonText(reply, await service.preview(app.db, request.body, workers)),
  );

  // Issue 37: a preview's further pages and a row's explanation, from the document its worker
  // keeps, asked with the first answer's version (409 when the report changed since).
  app.post(
    '/report/preview/rows',
    previewOptions(ReportPreviewRowsRequestSchema, ReportPreviewRowsResponseSchema),
    async (request, reply) => sendJsonText(reply, await service.previewRows(app.db, request.body, workers)),
  );
  app.post(
    '/report/preview/explanation',
    previewOptions(ReportPreviewExplanationRequestSchema, ReportPreviewExplanationResponseSchema),
    async (request, reply) =>
      sendJsonText(reply, await service.previewExplanation(app.db, request.body, workers)),
  );
  app.post(
    '/report/preview/warnings',
    previewOptions(ReportPreviewListRequestSchema, ReportPreviewWarningsResponseSchema),
    async (request, reply) =>
      sendJsonText(reply, await service.previewList(app.db, 'warnings', request.body, workers)),
  );
  app.post(
    '/report/preview/info-groups',
    previewOptions(ReportPreviewListRequestSchema, ReportPreviewInfoGroupsResponseSchema),
    async (request, reply) =>
      sendJsonText(reply, await service.previewList(app.db, 'info_groups', request.body, workers)),
  );

  // Issue 36: what changed in the facility's chemicals since its previous inventory.
  app.get(
    '/report/changes',
    {
      config: { permission: 'reports.read' },
      schema: {
        tags,
        querystring: ReportChangesQuerySchema,
        response: { 200: ReportChangesResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await reportChanges(app.db, request.query) }),
  );

  // Failures answer JSON (spec 02 §7: a JSON content type means an error); success, the file, or
  // (issue 36) the ZIP of every facility's file, which a client that goes away stops.
  app.post(
    '/report/generate',
    {
      config: { permission: 'reports.generate' },
      schema: {
        tags,
        body: ReportGenerateRequestSchema,
        response: { 200: FileResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (!body.all_facilities) {
        const file = await service.generate(app.db, actorOf(request), body, workers);
        return sendDownload(reply, { type: file.contentType, name: file.fileName }, file.stream);
      }
      const client = abortWhenClientLeaves(reply);
      try {
        const archive = await generateAllFacilities(app.db, actorOf(request), body, workers, {
          signal: client.signal,
        });
        const { bytes } = archive;
        return sendDownload(
          reply,
          { type: archive.contentType, name: archive.fileName, size: bytes.byteLength },
          Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        );
      } finally {
        client.release();
      }
    },
  );
};
