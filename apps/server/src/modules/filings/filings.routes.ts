import {
  FILING_MSG,
  FilingListQuerySchema,
  FilingListResponseSchema,
  FilingResponseSchema,
  IdParamSchema,
  MarkFiledRequestSchema,
  MessageResponseSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { sendDownload } from '../../lib/download-reply.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { filingsService as service } from './filings.service.ts';

const tags = ['Filings'];

/**
 * Issue 36 "Filing status": where each facility-year's filings stand (due dates, reports
 * generated, filed or not), marked by staff, a mark taken back by an admin.
 */
export const filingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/filings/list',
    {
      config: { permission: 'filings.read' },
      schema: {
        tags,
        querystring: FilingListQuerySchema,
        response: { 200: FilingListResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await service.list(app.db, request.query) }),
  );

  app.get(
    '/filings/export',
    {
      config: { permission: 'filings.read' },
      schema: {
        tags,
        querystring: FilingListQuerySchema,
        response: { 200: z.string().describe('The list as CSV'), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const csv = await service.exportCsv(app.db, request.query);
      const name = `filings-${new Date().toISOString().slice(0, 10)}.csv`;
      return sendDownload(reply, { type: 'text/csv; charset=utf-8', name }, csv);
    },
  );

  app.post(
    '/filings/mark-filed',
    {
      config: { permission: 'filings.create' },
      schema: {
        tags,
        body: MarkFiledRequestSchema,
        response: { 201: FilingResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const resource = await service.markFiled(app.db, actorOf(request), request.body);
      return reply.status(201).send({ message: FILING_MSG.marked, resource });
    },
  );

  app.delete(
    '/filings/:id/unmark',
    {
      config: { permission: 'filings.delete' },
      schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await service.unmark(app.db, actorOf(request), request.params.id);
      return { message: FILING_MSG.unmarked };
    },
  );
};
