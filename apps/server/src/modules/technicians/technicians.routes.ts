import {
  AccountListQuerySchema,
  AREA_ACTIONS,
  SaveTechnicianRequestSchema,
  UserResourceSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { registerEndSessionsRoute } from '../accounts/account-sessions.routes.ts';
import { sendInvitation } from '../auth/auth.service.ts';
import { createTechniciansService, TECHNICIANS_AREA } from './technicians.service.ts';

/**
 * Staff may list, view and add technicians (+ Add New is shown to them); editing, archiving and
 * deleting are admin only, as spec 01 §6 disables them for everyone else, and so is ending a
 * technician's sessions (issue 12), as it is for users.
 */
export const techniciansRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    base: '/technicians',
    tag: 'Technicians',
    what: 'Technician',
    nameOf: (technician) => technician.profile.first_name,
    actions: AREA_ACTIONS.technicians,
    contract: {
      listQuery: AccountListQuerySchema,
      listItem: UserResourceSchema,
      resource: UserResourceSchema,
      save: SaveTechnicianRequestSchema,
    },
    service: createTechniciansService((technician) => sendInvitation(app, technician)),
  });

  registerEndSessionsRoute(app, {
    base: '/technicians',
    tag: 'Technicians',
    permission: 'technicians.end-sessions',
    area: TECHNICIANS_AREA,
  });
};
