import {
  AREA_ACTIONS,
  FacilityAutocompleteQuerySchema,
  FacilityListQuerySchema,
  FacilityResourceSchema,
  SaveFacilityRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { facilitiesService } from './facilities.service.ts';

/**
 * The spec leaves the facilities list path open: GET /facilities/list, paged like every list,
 * with an optional customer_id (facilities the customer owns or shares).
 */
export const facilitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    base: '/facilities',
    tag: 'Facilities',
    what: 'Facility',
    nameOf: (facility) => facility.name,
    actions: AREA_ACTIONS.facilities,
    contract: {
      listQuery: FacilityListQuerySchema,
      listItem: FacilityResourceSchema,
      resource: FacilityResourceSchema,
      save: SaveFacilityRequestSchema,
      autocompleteQuery: FacilityAutocompleteQuerySchema,
    },
    service: facilitiesService,
  });
};
