import {
  PERMIT_AMOUNT_MSG,
  PermitAmountListResponseSchema,
  PermitAmountParamsSchema,
  PermitAmountResponseSchema,
  UpdatePermitAmountRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { fireCodePermitsService as service } from './fire-code-permits.service.ts';

const tags = ['Fire-code permit amounts'];

/**
 * The fire-code permit amounts (rules §10, issue 23): staff read the table the permit report
 * compares with; an admin adjusts one amount at a time (jurisdictions amend them).
 */
export const fireCodePermitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fire-code-permit-amounts/list',
    {
      config: { permission: 'fire-code-permits.read' },
      schema: { tags, response: { 200: PermitAmountListResponseSchema, ...ERROR_RESPONSES } },
    },
    async () => ({ resource: await service.list(app.db) }),
  );

  app.patch(
    '/fire-code-permit-amounts/:id/update',
    {
      config: { permission: 'fire-code-permits.update' },
      schema: {
        tags,
        params: PermitAmountParamsSchema,
        body: UpdatePermitAmountRequestSchema,
        response: { 200: PermitAmountResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      message: PERMIT_AMOUNT_MSG.updated,
      resource: await service.update(app.db, actorOf(request), request.params.id, request.body),
    }),
  );
};
