import {
  AREA_ACTIONS,
  LookupListQuerySchema,
  LookupResourceSchema,
  SaveHazardRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { hazardsService } from './hazards.service.ts';

/** Hazard classes: everyone signed in as staff reads them; only admins add, edit, archive, delete. */
export const hazardsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    base: '/hazards',
    tag: 'Hazards',
    what: 'Hazard class',
    nameOf: (hazard) => hazard.name,
    actions: AREA_ACTIONS.hazards,
    contract: {
      listQuery: LookupListQuerySchema,
      listItem: LookupResourceSchema,
      resource: LookupResourceSchema,
      save: SaveHazardRequestSchema,
    },
    service: hazardsService,
  });
};
