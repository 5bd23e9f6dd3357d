import { Readable } from 'node:stream';
import {
  CreateDbEntryQuerySchema,
  CreateDbEntryRequestSchema,
  DbEntryCreateResponseSchema,
  DbEntryDryRunResponseSchema,
  DbEntryListResponseSchema,
  DbEntryTypeParamSchema,
  describeChangeSummary,
  IdParamSchema,
  REFERENCE_LIST_MSG,
  RegulatoryEntryListQuerySchema,
  RegulatoryEntryListResponseSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { sendDownload } from '../../lib/download-reply.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import {
  createDbEntry,
  listDbEntries,
  listRegulatoryEntries,
  openUploadFile,
  previewDbEntry,
} from './reference-lists.service.ts';

const tags = ['Database'];
// Streams skip the serializer; the schema documents the answer.
const FileResponse = z.instanceof(Readable).describe('The uploaded list file, as an attachment');

/**
 * The reference database (spec 02 §7 "Database and other"): the entry table, an upload becoming
 * the list of its type, the original files, and each list's data table. Admins only (spec 02 §6).
 */
export const referenceListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/db-entry/list',
    {
      config: { permission: 'database.read' },
      schema: { tags, response: { 200: DbEntryListResponseSchema, ...ERROR_RESPONSES } },
    },
    async () => ({ resource: { items: await listDbEntries(app.db) } }),
  );

  // `dry_run=1` answers the summary (200) and writes nothing; the admin confirms with the same call without it.
  app.post(
    '/db-entry/create',
    {
      config: { permission: 'database.create' },
      schema: {
        tags,
        querystring: CreateDbEntryQuerySchema,
        body: CreateDbEntryRequestSchema,
        response: {
          200: DbEntryDryRunResponseSchema,
          201: DbEntryCreateResponseSchema,
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      if (request.query.dry_run) {
        const summary = await previewDbEntry(app.db, app.files, request.body);
        return {
          message: REFERENCE_LIST_MSG.dryRun(request.body.type, describeChangeSummary(summary)),
          resource: { dry_run: true as const, summary },
        };
      }
      const resource = await createDbEntry(app.db, app.files, actorOf(request), request.body);
      reply.status(201);
      return {
        message: REFERENCE_LIST_MSG.created(request.body.type, describeChangeSummary(resource.summary)),
        resource,
      };
    },
  );

  // The bytes go out as an attachment with the type recorded at upload, never rendered inline.
  app.get(
    '/db-entry/:id/download',
    {
      config: { permission: 'database.read' },
      schema: { tags, params: IdParamSchema, response: { 200: FileResponse, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const { file, stream } = await openUploadFile(app.db, app.files, request.params.id);
      return sendDownload(
        reply,
        { type: file.mimeType, name: file.originalName, size: file.sizeBytes },
        stream,
      );
    },
  );

  app.get(
    '/db-entry-data/:type/list',
    {
      config: { permission: 'database.read' },
      schema: {
        tags,
        params: DbEntryTypeParamSchema,
        querystring: RegulatoryEntryListQuerySchema,
        response: { 200: RegulatoryEntryListResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      resource: await listRegulatoryEntries(app.db, request.params.type, request.query),
    }),
  );
};
