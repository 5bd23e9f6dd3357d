import {
  AggregationTargetSchema,
  AutocompleteQuerySchema,
  AutocompleteResponseSchema,
  CheckExistingRequestSchema,
  CheckExistingResponseSchema,
  IdParamSchema,
  InventoryProductListQuerySchema,
  InventoryProductListResponseSchema,
  InventoryProductParamsSchema,
  InventoryProductResourceSchema,
  makeResourceResponseSchema,
  ResolveQuestionResponseSchema,
  SaveInventoryProductRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { conflictResponse, ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { inventoryProductsService as service } from './inventory-products.service.ts';

const tags = ['Inventory products'];
const ResourceResponse = makeResourceResponseSchema(InventoryProductResourceSchema);
/**
 * A save that would record the combination twice, or a new name the catalogue already holds:
 * the line to join (or the product to choose) comes back with the message.
 */
const SaveConflict = z.union([
  conflictResponse(AggregationTargetSchema),
  conflictResponse(z.object({ id: z.number(), name: z.string(), mfg_name: z.string() })),
]);
const saveResponses = { ...ERROR_RESPONSES, 409: SaveConflict };

/**
 * The lines of one inventory (spec 02 §7 "Inventory products"). Staff add and edit lines while
 * the inventory is active and not completed, admins always (the service checks the inventory);
 * removing a line is an admin's.
 */
export const inventoryProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/inventories/:id/products',
    {
      config: { permission: 'inventory-products.read' },
      schema: {
        tags,
        params: IdParamSchema,
        querystring: InventoryProductListQuerySchema,
        response: { 200: InventoryProductListResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await service.list(app.db, request.params.id, request.query) }),
  );

  app.get(
    '/inventories/:id/products/autocomplete-list',
    {
      config: { permission: 'inventory-products.read' },
      schema: {
        tags,
        params: IdParamSchema,
        querystring: AutocompleteQuerySchema,
        response: { 200: AutocompleteResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await service.autocomplete(app.db, request.params.id, request.query) }),
  );

  app.post(
    '/inventories/:id/product/check-existing',
    {
      config: { permission: 'inventory-products.read' },
      schema: {
        tags,
        params: IdParamSchema,
        body: CheckExistingRequestSchema,
        response: { 200: CheckExistingResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await service.checkExisting(app.db, request.params.id, request.body) }),
  );

  app.post(
    '/inventories/:id/product/create',
    {
      config: { permission: 'inventory-products.create' },
      schema: {
        tags,
        params: IdParamSchema,
        body: SaveInventoryProductRequestSchema,
        response: { 200: ResourceResponse, 201: ResourceResponse, ...saveResponses },
      },
    },
    async (request, reply) => {
      const { resource, aggregated } = await service.create(
        app.db,
        actorOf(request),
        request.params.id,
        request.body,
      );
      if (aggregated) {
        return { message: `Quantity of ${resource.name} added to the existing line successfully`, resource };
      }
      reply.status(201);
      return { message: `Inventory product ${resource.name} created successfully`, resource };
    },
  );

  app.get(
    '/inventories/:id/product/:productId/get',
    {
      config: { permission: 'inventory-products.read' },
      schema: {
        tags,
        params: InventoryProductParamsSchema,
        response: { 200: ResourceResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      resource: await service.get(app.db, request.params.id, request.params.productId),
    }),
  );

  app.patch(
    '/inventories/:id/product/:productId/update',
    {
      config: { permission: 'inventory-products.update' },
      schema: {
        tags,
        params: InventoryProductParamsSchema,
        body: SaveInventoryProductRequestSchema,
        response: { 200: ResourceResponse, ...saveResponses },
      },
    },
    async (request) => {
      const { id, productId } = request.params;
      const { resource, aggregated } = await service.update(
        app.db,
        actorOf(request),
        id,
        productId,
        request.body,
      );
      const message = aggregated
        ? `Quantity of ${resource.name} added to the existing line successfully`
        : `Inventory product ${resource.name} updated successfully`;
      return { message, resource };
    },
  );

  app.patch(
    '/inventories/:id/product/:productId/resolve-question',
    {
      config: { permission: 'inventory-products.update' },
      schema: {
        tags,
        params: InventoryProductParamsSchema,
        response: { 200: ResolveQuestionResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id, productId } = request.params;
      const resolved = await service.resolveQuestion(app.db, actorOf(request), id, productId);
      return {
        message: `Question on ${resolved.name} resolved successfully`,
        resource: { id: resolved.id, is_resolve_question: resolved.is_resolve_question },
      };
    },
  );

  app.delete(
    '/inventories/:id/product/:productId/unlink',
    {
      config: { permission: 'inventory-products.unlink' },
      schema: {
        tags,
        params: InventoryProductParamsSchema,
        response: { 200: ResourceResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id, productId } = request.params;
      const resource = await service.unlink(app.db, actorOf(request), id, productId);
      return { message: `Product ${resource.name} removed from the inventory successfully`, resource };
    },
  );
};
