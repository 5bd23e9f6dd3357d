import {
  AccountListQuerySchema,
  AREA_ACTIONS,
  SaveTechnicianRequestSchema,
  UserResourceSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { techniciansService } from './technicians.service.ts';

/**
 * Staff may list, view and add technicians (+ Add New is shown to them); editing, archiving and
 * deleting are admin only, as spec 01 §6 disables them for everyone else.
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
    service: techniciansService,
  });
};
