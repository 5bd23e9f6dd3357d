import { AuditLogItemSchema, AuditLogListQuerySchema, makeListResponseSchema } from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { auditLogService } from './audit-log.service.ts';

/** The audit trail (issue 12): read only, admins only. Rows are written by the services. */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log/list',
    {
      config: { permission: 'audit-log.read' },
      schema: {
        tags: ['Audit log'],
        querystring: AuditLogListQuerySchema,
        response: { 200: makeListResponseSchema(AuditLogItemSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await auditLogService.list(app.db, request.query) }),
  );
};
