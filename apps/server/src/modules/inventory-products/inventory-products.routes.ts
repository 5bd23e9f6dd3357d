import { Readable } from 'node:stream';
import {
  AggregationTargetSchema,
  AutocompleteQuerySchema,
  AutocompleteResponseSchema,
  CheckExistingRequestSchema,
  CheckExistingResponseSchema,
  CreateInventoryProductHeadersSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdParamSchema,
  InventoryProductComponentParamsSchema,
  InventoryProductListQuerySchema,
  InventoryProductListResponseSchema,
  InventoryProductParamsSchema,
  InventoryProductResourceSchema,
  makeResourceResponseSchema,
  printAllSdsFileName,
  ResolveQuestionResponseSchema,
  SaveInventoryProductRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { abortWhenClientLeaves } from '../../lib/client-gone.ts';
import { sendDownload } from '../../lib/download-reply.ts';
import { conflictResponse, ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { registerComponentLinkRoutes } from '../chemical-components/component-links.routes.ts';
import { inventoriesService } from '../inventories/inventories.service.ts';
import { inventoryProductsService as service } from './inventory-products.service.ts';
import { lineComponents } from './line-components.service.ts';
import type { LineRef } from './line-resource.ts';
import { PRINT_ALL_SDS_TRAILERS } from './print-all-sds.service.ts';

/**
 * The spec's `:productId` names a line of the inventory (an inventory product), not a catalog
 * product: mapped here, once, to the line it names.
 */
function lineOf(params: { id: number; productId: number }): LineRef {
  return { inventoryId: params.id, lineId: params.productId };
}

const tags = ['Inventory products'];
const ResourceResponse = makeResourceResponseSchema(InventoryProductResourceSchema);
/**
 * A save that would record the combination twice, or a new name the catalog already holds:
 * the line to join (or the product to choose) comes back with the message.
 */
const SaveConflict = z.union([
  conflictResponse(AggregationTargetSchema),
  conflictResponse(z.object({ id: z.number(), name: z.string(), mfg_name: z.string() })),
]);
const saveResponses = { ...ERROR_RESPONSES, 409: SaveConflict };
const PdfResponse = z
  .instanceof(Readable)
  .describe(
    'The merged SDS file (application/pdf), as an attachment, sent as it is merged (chunked, no ' +
      'Content-Length); the counts of SDS included and not included follow it as the trailers ' +
      'X-Sds-Included and X-Sds-Not-Included. A merge failing after the first byte ends the ' +
      'response without its final chunk.',
  );

/**
 * The lines of one inventory (spec 02 §7 "Inventory products"). Staff add and edit lines while
 * the inventory is active and not completed, admins always (the service checks the inventory);
 * removing a line is an admin's.
 */
export const inventoryProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every call here names its inventory as `:id`: a technician reaches only their own (issue 22),
  // checked once for all of them, line components included, before the body is even read, so a
  // call on another inventory learns nothing from its validation. A malformed id is left to the
  // route's own 422.
  app.addHook('preValidation', async (request) => {
    const params = IdParamSchema.safeParse(request.params);
    if (params.success) await inventoriesService.requireAccess(app.db, actorOf(request), params.data.id);
  });

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

  // Long work in a worker thread, answered as it is written (decision 039); a client that goes
  // away stops it. An error before the first byte is the usual JSON answer; after it, the
  // response is cut off (no final chunk), which every HTTP client reports as a failed download.
  // The counts of included SDS are known at the end only: they come as trailers.
  app.get(
    '/inventories/:id/print-all-sds-v2',
    {
      config: { permission: 'inventories.read' },
      schema: {
        tags,
        params: IdParamSchema,
        // It takes no parameters: a stray one is a mistake to report, not a merge to start.
        querystring: z.object({}).strict(),
        response: { 200: PdfResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const client = abortWhenClientLeaves(reply);
      try {
        const download = await service.printAllSds(
          app.db,
          app.files,
          app.config.dataDir,
          request.params.id,
          client.signal,
        );
        const count = async (isIncluded: boolean) =>
          String((await download.report).entries.filter((entry) => entry.included === isIncluded).length);
        reply
          .trailer(PRINT_ALL_SDS_TRAILERS.included, () => count(true))
          .trailer(PRINT_ALL_SDS_TRAILERS.notIncluded, () => count(false));
        return sendDownload(
          reply,
          { type: 'application/pdf', name: printAllSdsFileName(download.title) },
          download.pdf,
        );
      } finally {
        // From here on the response owns the merge: destroying it (the client gone) stops it.
        client.release();
      }
    },
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
        headers: CreateInventoryProductHeadersSchema,
        body: CheckExistingRequestSchema,
        response: { 200: CheckExistingResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      resource: await service.checkExisting(
        app.db,
        actorOf(request),
        request.params.id,
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      ),
    }),
  );

  app.post(
    '/inventories/:id/product/create',
    {
      config: { permission: 'inventory-products.create' },
      schema: {
        tags,
        params: IdParamSchema,
        headers: CreateInventoryProductHeadersSchema,
        body: SaveInventoryProductRequestSchema,
        response: { 200: ResourceResponse, 201: ResourceResponse, ...saveResponses },
      },
    },
    async (request, reply) => {
      // A repeat of a create under the same key answers as the first one did (same line, same status).
      const { resource, aggregated } = await service.create(
        app.db,
        actorOf(request),
        request.params.id,
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
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
      resource: await service.get(app.db, lineOf(request.params)),
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
      const { resource, aggregated } = await service.update(
        app.db,
        actorOf(request),
        lineOf(request.params),
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
      const resolved = await service.resolveQuestion(app.db, actorOf(request), lineOf(request.params));
      return {
        message: `Question on ${resolved.name} resolved successfully`,
        resource: { id: resolved.id, is_resolve_question: resolved.is_resolve_question },
      };
    },
  );

  // Issue 22 point 4: the line's copy of its product becomes the catalogue's data again.
  app.patch(
    '/inventories/:id/product/:productId/refresh-from-catalog',
    {
      config: { permission: 'inventory-products.update' },
      schema: {
        tags,
        params: InventoryProductParamsSchema,
        response: { 200: ResourceResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const resource = await service.refreshFromCatalog(app.db, actorOf(request), lineOf(request.params));
      return {
        message: `Inventory product ${resource.name} refreshed from the catalogue successfully`,
        resource,
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
      const resource = await service.unlink(app.db, actorOf(request), lineOf(request.params));
      return { message: `Product ${resource.name} removed from the inventory successfully`, resource };
    },
  );

  // `:componentId` is the inventory_product_chemical_component id (the link).
  registerComponentLinkRoutes(app, {
    parent: '/inventories/:id/product/:productId',
    params: InventoryProductParamsSchema,
    linkParams: InventoryProductComponentParamsSchema,
    ownerOf: lineOf,
    permissions: { read: 'inventory-products.read', update: 'inventory-products.update' },
    links: lineComponents,
  });
};
