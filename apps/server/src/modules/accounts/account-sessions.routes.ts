import { type Action, EndSessionsResponseSchema, IdParamSchema } from '@chemtrack/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { endAccountSessions } from './account-sessions.service.ts';
import type { AccountArea } from './accounts.service.ts';

/** `POST <base>/:id/end-sessions`, the End Sessions button of the users' and technicians' forms. */
export function registerEndSessionsRoute(
  fastify: FastifyInstance,
  options: {
    base: string;
    tag: string;
    permission: Action;
    area: Pick<AccountArea, 'what' | 'entity' | 'roles'>;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    `${options.base}/:id/end-sessions`,
    {
      config: { permission: options.permission },
      schema: {
        tags: [options.tag],
        params: IdParamSchema,
        response: { 200: EndSessionsResponseSchema, ...ERROR_RESPONSES },
      },
    },
    (request) => endAccountSessions(app.db, actorOf(request), request.params.id, options.area),
  );
}
