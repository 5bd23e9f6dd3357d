import {
  AccountListQuerySchema,
  AREA_ACTIONS,
  SaveUserRequestSchema,
  UserResourceSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { registerEndSessionsRoute } from '../accounts/account-sessions.routes.ts';
import { sendInvitation } from '../auth/auth.service.ts';
import { createUsersService, USERS_AREA } from './users.service.ts';

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

  registerEndSessionsRoute(app, {
    base: '/users',
    tag: 'Users',
    permission: 'users.end-sessions',
    area: USERS_AREA,
  });
};
