import { Readable } from 'node:stream';
import {
  AREA_ACTIONS,
  IdParamSchema,
  makeResourceResponseSchema,
  ProductListQuerySchema,
  ProductListRowSchema,
  ProductResourceSchema,
  SameNameProductSchema,
  SaveProductRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { sendDownload } from '../../lib/download-reply.ts';
import { conflictResponse, ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { createProductsService, type ProductChangeListener } from './products.service.ts';

const tags = ['Products'];
const ResourceResponse = makeResourceResponseSchema(ProductResourceSchema);
// Streams skip the serializer; the schema documents the answer and types `reply.send`.
const PdfResponse = z.instanceof(Readable).describe('The SDS file (application/pdf), as an attachment');

/**
 * Products and their SDS: staff and admins do everything here (spec 02 §6: "View products").
 * `onChange` is told of each change of a product's data in its transaction.
 */
export const createProductsRoutes =
  (onChange?: ProductChangeListener): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createProductsService(app.files, app.log, onChange);
    registerCrudRoutes(app, {
      base: '/products',
      tag: 'Products',
      what: 'Product',
      nameOf: (product) => product.name,
      actions: AREA_ACTIONS.products,
      contract: {
        listQuery: ProductListQuerySchema,
        listItem: ProductListRowSchema,
        resource: ProductResourceSchema,
        save: SaveProductRequestSchema,
      },
      service,
      // Another product has the name and manufacturer: it comes back so the form can name it and ask.
      saveResponses: { 409: conflictResponse(SameNameProductSchema) },
    });

    app.delete(
      '/products/:id/sds-delete',
      {
        config: { permission: 'products.update' },
        schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
      },
      async (request) => {
        const resource = await service.deleteSds(app.db, actorOf(request), request.params.id);
        return { message: `SDS file of product ${resource.name} deleted successfully`, resource };
      },
    );

    // The bytes are sent as an attachment with a fixed type, never rendered inline by the browser.
    app.get(
      '/products/:id/sds-download',
      {
        config: { permission: 'products.read' },
        schema: { tags, params: IdParamSchema, response: { 200: PdfResponse, ...ERROR_RESPONSES } },
      },
      async (request, reply) => {
        const { file, stream } = await service.openSds(app.db, request.params.id);
        return sendDownload(
          reply,
          { type: file.mimeType, name: file.originalName, size: file.sizeBytes },
          stream,
        );
      },
    );
  };
