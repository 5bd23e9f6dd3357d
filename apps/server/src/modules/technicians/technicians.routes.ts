import { AREA_ACTIONS, SaveTechnicianRequestSchema } from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerAccountRoutes } from '../accounts/account-routes.ts';

/**
 * Staff may list, view and add technicians (+ Add New is shown to them); editing, archiving and
 * deleting are admin only, as spec 01 §6 disables them for everyone else.
 */
export const techniciansRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAccountRoutes(app, {
    base: '/technicians',
    tag: 'Technicians',
    what: 'Technician',
    accountRoles: ['technician'],
    defaultRole: 'technician',
    saveSchema: SaveTechnicianRequestSchema,
    actions: AREA_ACTIONS.technicians,
    invite: false,
  });
};
