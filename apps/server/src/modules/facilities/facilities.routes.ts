import {
  AutocompleteQuerySchema,
  AutocompleteResponseSchema,
  FacilityResourceSchema,
  IdParamSchema,
  makeListQuerySchema,
  makeListResponseSchema,
  makeResourceResponseSchema,
  recordIdSchema,
  SaveFacilityRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, recordAudit } from '../../lib/audit.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import {
  autocompleteFacilities,
  createFacility,
  FACILITY_ORDER_KEYS,
  getFacility,
  listFacilities,
  toggleFacility,
  updateFacility,
} from './facilities.repository.ts';

const tags = ['Facilities'];
const ResourceResponse = makeResourceResponseSchema(FacilityResourceSchema);
const CustomerFilter = { customer_id: recordIdSchema('The customer id must be a record id').optional() };

/**
 * The spec leaves the facilities list path open: GET /facilities/list, paged like every list,
 * with an optional customer_id (facilities the customer owns or shares).
 */
export const facilitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/facilities/list',
    {
      config: { permission: 'facilities.read' },
      schema: {
        tags,
        querystring: makeListQuerySchema(FACILITY_ORDER_KEYS).extend(CustomerFilter),
        response: { 200: makeListResponseSchema(FacilityResourceSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await listFacilities(app.db, request.query) }),
  );

  app.get(
    '/facilities/autocomplete-list',
    {
      config: { permission: 'facilities.read' },
      schema: {
        tags,
        querystring: AutocompleteQuerySchema.extend(CustomerFilter),
        response: { 200: AutocompleteResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await autocompleteFacilities(app.db, request.query) }),
  );

  app.get(
    '/facilities/:id/get',
    {
      config: { permission: 'facilities.read' },
      schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => ({ resource: await getFacility(app.db, request.params.id) }),
  );

  app.post(
    '/facilities/create',
    {
      config: { permission: 'facilities.create' },
      schema: {
        tags,
        body: SaveFacilityRequestSchema,
        response: { 201: ResourceResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const id = await createFacility(app.db, request.body);
      await recordAudit(app.db, actorOf(request), { action: 'create', entity: 'facility', entityId: id });
      reply.status(201);
      const resource = await getFacility(app.db, id);
      return { message: `Facility ${resource.name} created successfully`, resource };
    },
  );

  app.patch(
    '/facilities/:id/update',
    {
      config: { permission: 'facilities.update' },
      schema: {
        tags,
        params: IdParamSchema,
        body: SaveFacilityRequestSchema,
        response: { 200: ResourceResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await updateFacility(app.db, request.params.id, request.body);
      await recordAudit(app.db, actorOf(request), {
        action: 'update',
        entity: 'facility',
        entityId: request.params.id,
      });
      const resource = await getFacility(app.db, request.params.id);
      return { message: `Facility ${resource.name} updated successfully`, resource };
    },
  );

  app.patch(
    '/facilities/:id/activate',
    {
      config: { permission: 'facilities.archive' },
      schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await toggleFacility(app.db, request.params.id);
      const resource = await getFacility(app.db, request.params.id);
      await recordAudit(app.db, actorOf(request), {
        action: resource.is_active ? 'unarchive' : 'archive',
        entity: 'facility',
        entityId: resource.id,
      });
      return {
        message: `Facility ${resource.name} ${resource.is_active ? 'unarchived' : 'archived'} successfully`,
        resource,
      };
    },
  );
};
