import {
  AREA_ACTIONS,
  CopyInventoryProductsRequestSchema,
  IdParamSchema,
  InventoryAutocompleteItemSchema,
  InventoryAutocompleteQuerySchema,
  InventoryConflictSchema,
  InventoryCustomerYearsParamsSchema,
  InventoryListQuerySchema,
  InventoryListRowSchema,
  InventoryResourceSchema,
  InventoryYearItemSchema,
  InventoryYearsParamsSchema,
  SaveInventoryRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { conflictResponse, ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { inventoriesService } from './inventories.service.ts';

/**
 * Yearly inventories of a customer's facility (spec 02 §7 "Inventories"). Staff list, add and
 * edit; archiving, completing and editing a completed inventory are an admin's (spec 02 §6).
 */
export const inventoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    base: '/inventories',
    tag: 'Inventories',
    what: 'Inventory',
    nameOf: (inventory) => `${inventory.year} of ${inventory.facility.name}`,
    actions: AREA_ACTIONS.inventories,
    contract: {
      listQuery: InventoryListQuerySchema,
      listItem: InventoryListRowSchema,
      resource: InventoryResourceSchema,
      save: SaveInventoryRequestSchema,
      autocompleteItem: InventoryAutocompleteItemSchema,
      autocompleteQuery: InventoryAutocompleteQuerySchema,
    },
    service: inventoriesService,
    // Another inventory of the customer's facility has the year: it comes back so the form can name it.
    saveResponses: { 409: conflictResponse(InventoryConflictSchema) },
  });

  app.get(
    '/inventories/:customerId/:facilityId/years-list',
    {
      config: { permission: AREA_ACTIONS.inventories.read },
      schema: {
        tags: ['Inventories'],
        params: InventoryYearsParamsSchema,
        response: { 200: z.object({ resource: z.array(InventoryYearItemSchema) }), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      resource: await inventoriesService.years(app.db, request.params.customerId, request.params.facilityId),
    }),
  );

  // Beside the spec's facility years: the Reports screen's "All facilities of this customer" offers
  // the years some active facility of the customer has an inventory, as the report draws them.
  app.get(
    '/inventories/:customerId/years-list',
    {
      config: { permission: AREA_ACTIONS.inventories.read },
      schema: {
        tags: ['Inventories'],
        params: InventoryCustomerYearsParamsSchema,
        response: { 200: z.object({ resource: z.array(z.number()) }), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      resource: await inventoriesService.customerYears(app.db, request.params.customerId),
    }),
  );

  // Issue 33 point 10: an empty inventory takes an earlier year's lines after it was made.
  app.post(
    '/inventories/:id/copy-products',
    {
      config: { permission: AREA_ACTIONS.inventories.update },
      schema: {
        tags: ['Inventories'],
        params: IdParamSchema,
        body: CopyInventoryProductsRequestSchema,
        response: {
          200: z.object({ message: z.string(), resource: InventoryResourceSchema }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const resource = await inventoriesService.copyProducts(
        app.db,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return { message: 'Products copied successfully.', resource };
    },
  );
};
