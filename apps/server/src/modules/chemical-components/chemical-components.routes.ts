import {
  AutocompleteQuerySchema,
  ChemicalComponentItemSchema,
  ComponentListQuerySchema,
  ComponentResourceSchema,
  IdParamSchema,
  makeListResponseSchema,
  makeResourceResponseSchema,
  recordIdSchema,
  SaveComponentRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { conflictResponse, ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import {
  autocompleteChemicalComponents,
  createProductComponent,
  getProductComponent,
  listProductComponents,
  unlinkProductComponent,
  updateProductComponent,
} from './chemical-components.service.ts';

const tags = ['Chemical components'];
const ResourceResponse = makeResourceResponseSchema(ComponentResourceSchema);
/** A known CAS # under another name: the catalog's entry comes back so the form can offer it. */
const NameConflictResponse = conflictResponse(ChemicalComponentItemSchema);
/** `componentId` is the product_chemical_component id (the link), as the spec's routes use it. */
const LinkParamSchema = IdParamSchema.extend({
  componentId: recordIdSchema(
    'The component id must be a number',
    'The component id must be a positive number no greater than 2147483647',
  ),
});
/** The component catalog picker, and the components of one product (spec 02 §7). */
export const chemicalComponentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chemical-components/autocomplete-list',
    {
      config: { permission: 'products.read' },
      schema: {
        tags,
        querystring: AutocompleteQuerySchema,
        response: { 200: makeListResponseSchema(ChemicalComponentItemSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await autocompleteChemicalComponents(app.db, request.query) }),
  );

  app.get(
    '/products/:id/chemical-components/list',
    {
      config: { permission: 'products.read' },
      schema: {
        tags,
        params: IdParamSchema,
        querystring: ComponentListQuerySchema,
        response: { 200: makeListResponseSchema(ComponentResourceSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      resource: await listProductComponents(app.db, request.params.id, request.query),
    }),
  );

  app.get(
    '/products/:id/chemical-components/:componentId/get',
    {
      config: { permission: 'products.read' },
      schema: { tags, params: LinkParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => ({
      resource: await getProductComponent(app.db, request.params.id, request.params.componentId),
    }),
  );

  app.post(
    '/products/:id/chemical-components/create',
    {
      config: { permission: 'products.update' },
      schema: {
        tags,
        params: IdParamSchema,
        body: SaveComponentRequestSchema,
        response: { 201: ResourceResponse, ...ERROR_RESPONSES, 409: NameConflictResponse },
      },
    },
    async (request, reply) => {
      const resource = await createProductComponent(
        app.db,
        actorOf(request),
        request.params.id,
        request.body,
      );
      reply.status(201);
      return { message: `Chemical component ${resource.name} added successfully`, resource };
    },
  );

  app.patch(
    '/products/:id/chemical-components/:componentId/update',
    {
      config: { permission: 'products.update' },
      schema: {
        tags,
        params: LinkParamSchema,
        body: SaveComponentRequestSchema,
        response: { 200: ResourceResponse, ...ERROR_RESPONSES, 409: NameConflictResponse },
      },
    },
    async (request) => {
      const { id, componentId } = request.params;
      const resource = await updateProductComponent(app.db, actorOf(request), id, componentId, request.body);
      return { message: `Chemical component ${resource.name} updated successfully`, resource };
    },
  );

  app.delete(
    '/products/:id/chemical-components/:componentId/unlink',
    {
      config: { permission: 'products.update' },
      schema: { tags, params: LinkParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const { id, componentId } = request.params;
      const resource = await unlinkProductComponent(app.db, actorOf(request), id, componentId);
      return { message: `Chemical component ${resource.name} removed successfully`, resource };
    },
  );
};
