import { Readable } from 'node:stream';
import {
  IdParamSchema,
  makeListResponseSchema,
  makeResourceResponseSchema,
  ProductListQuerySchema,
  ProductListRowSchema,
  ProductResourceSchema,
  SaveProductRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordAudit } from '../../lib/audit.ts';
import { attachmentDisposition } from '../../lib/file-names.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import {
  createProduct,
  deleteProductSds,
  getProductResource,
  listProducts,
  openProductSds,
  toggleProduct,
  updateProduct,
} from './products.repository.ts';

const tags = ['Products'];
const ResourceResponse = makeResourceResponseSchema(ProductResourceSchema);
// Streams skip the serializer; the schema documents the answer and types `reply.send`.
const PdfResponse = z.instanceof(Readable).describe('The SDS file (application/pdf), as an attachment');

/** Products and their SDS: staff and admins do everything here (spec 02 §6: "View products"). */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/list',
    {
      config: { permission: 'products.read' },
      schema: {
        tags,
        querystring: ProductListQuerySchema,
        response: { 200: makeListResponseSchema(ProductListRowSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await listProducts(app.db, request.query) }),
  );

  app.get(
    '/products/:id/get',
    {
      config: { permission: 'products.read' },
      schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => ({ resource: await getProductResource(app.db, request.params.id) }),
  );

  app.post(
    '/products/create',
    {
      config: { permission: 'products.create' },
      schema: {
        tags,
        body: SaveProductRequestSchema,
        response: { 201: ResourceResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const id = await createProduct(app.db, request.body);
      await recordAudit(app.db, actorOf(request), { action: 'create', entity: 'product', entityId: id });
      reply.status(201);
      const resource = await getProductResource(app.db, id);
      return { message: `Product ${resource.name} created successfully`, resource };
    },
  );

  app.patch(
    '/products/:id/update',
    {
      config: { permission: 'products.update' },
      schema: {
        tags,
        params: IdParamSchema,
        body: SaveProductRequestSchema,
        response: { 200: ResourceResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await updateProduct(app.db, app.files, request.params.id, request.body, request.log);
      await recordAudit(app.db, actorOf(request), {
        action: 'update',
        entity: 'product',
        entityId: request.params.id,
      });
      const resource = await getProductResource(app.db, request.params.id);
      return { message: `Product ${resource.name} updated successfully`, resource };
    },
  );

  app.patch(
    '/products/:id/activate',
    {
      config: { permission: 'products.archive' },
      schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await toggleProduct(app.db, request.params.id);
      const resource = await getProductResource(app.db, request.params.id);
      const state = resource.is_active ? 'unarchived' : 'archived';
      await recordAudit(app.db, actorOf(request), {
        action: resource.is_active ? 'unarchive' : 'archive',
        entity: 'product',
        entityId: resource.id,
      });
      return { message: `Product ${resource.name} ${state} successfully`, resource };
    },
  );

  app.delete(
    '/products/:id/sds-delete',
    {
      config: { permission: 'products.update' },
      schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const fileId = await deleteProductSds(app.db, app.files, request.params.id, request.log);
      await recordAudit(app.db, actorOf(request), {
        action: 'delete',
        entity: 'product_sds',
        entityId: request.params.id,
        details: { file_id: fileId },
      });
      const resource = await getProductResource(app.db, request.params.id);
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
      const { file, stream } = await openProductSds(app.db, app.files, request.params.id);
      return reply
        .header('Content-Type', file.mimeType)
        .header('Content-Length', file.sizeBytes)
        .header('Content-Disposition', attachmentDisposition(file.originalName))
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
    },
  );
};
