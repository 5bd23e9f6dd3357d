import {
  AccountListQuerySchema,
  AREA_ACTIONS,
  EndSessionsResponseSchema,
  IdParamSchema,
  SaveUserRequestSchema,
  UserResourceSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { sendInvitation } from '../auth/auth.service.ts';
import { createUsersService, endUserSessions } from './users.service.ts';

/** User management is admin only (spec 01 §2, User Mgmt. menu entry). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    base: '/users',
    tag: 'Users',
    what: 'User',
    nameOf: (user) => user.profile.first_name,
    actions: AREA_ACTIONS.users,
    contract: {
      listQuery: AccountListQuerySchema,
      listItem: UserResourceSchema,
      resource: UserResourceSchema,
      save: SaveUserRequestSchema,
    },
    service: createUsersService((user) => sendInvitation(app, user)),
  });

  app.post(
    '/users/:id/end-sessions',
    {
      config: { permission: 'users.end-sessions' },
      schema: {
        tags: ['Users'],
        params: IdParamSchema,
        response: { 200: EndSessionsResponseSchema, ...ERROR_RESPONSES },
      },
    },
    (request) => endUserSessions(app.db, actorOf(request), request.params.id),
  );
};
