import { AREA_ACTIONS, SaveUserRequestSchema, USER_ROLES } from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerAccountRoutes } from '../accounts/account-routes.ts';

/** User management is admin only (spec 01 §2, User Mgmt. menu entry). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAccountRoutes(app, {
    base: '/users',
    tag: 'Users',
    what: 'User',
    accountRoles: USER_ROLES,
    saveSchema: SaveUserRequestSchema,
    actions: AREA_ACTIONS.users,
    invite: true,
  });
};
