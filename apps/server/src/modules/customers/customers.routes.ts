import {
  AutocompleteQuerySchema,
  CustomerAutocompleteItemSchema,
  CustomerListRowSchema,
  CustomerResourceSchema,
  IdParamSchema,
  makeListQuerySchema,
  makeListResponseSchema,
  makeResourceResponseSchema,
  SameNameCustomerSchema,
  SaveCustomerRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, recordAudit } from '../../lib/audit.ts';
import { conflictResponse, ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import {
  autocompleteCustomers,
  CUSTOMER_ORDER_KEYS,
  createCustomer,
  findCustomer,
  listCustomers,
  toCustomerResource,
  toggleCustomer,
  updateCustomer,
} from './customers.repository.ts';

const tags = ['Customers'];
const ResourceResponse = makeResourceResponseSchema(CustomerResourceSchema);
/** Another customer has the name: it comes back so the form can name it and ask. */
const SameNameResponse = conflictResponse(SameNameCustomerSchema);

/** Staff list, view and add customers; editing and archiving are admin only (spec 02 §6). */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/list',
    {
      config: { permission: 'customers.read' },
      schema: {
        tags,
        querystring: makeListQuerySchema(CUSTOMER_ORDER_KEYS),
        response: { 200: makeListResponseSchema(CustomerListRowSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await listCustomers(app.db, request.query) }),
  );

  app.get(
    '/customers/autocomplete-list',
    {
      config: { permission: 'customers.read' },
      schema: {
        tags,
        querystring: AutocompleteQuerySchema,
        response: { 200: makeListResponseSchema(CustomerAutocompleteItemSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await autocompleteCustomers(app.db, request.query) }),
  );

  app.get(
    '/customers/:id/get',
    {
      config: { permission: 'customers.read' },
      schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => ({ resource: toCustomerResource(await findCustomer(app.db, request.params.id)) }),
  );

  app.post(
    '/customers/create',
    {
      config: { permission: 'customers.create' },
      schema: {
        tags,
        body: SaveCustomerRequestSchema,
        response: { 201: ResourceResponse, ...ERROR_RESPONSES, 409: SameNameResponse },
      },
    },
    async (request, reply) => {
      const id = await createCustomer(app.db, request.body);
      await recordAudit(app.db, actorOf(request), { action: 'create', entity: 'customer', entityId: id });
      reply.status(201);
      const resource = toCustomerResource(await findCustomer(app.db, id));
      return { message: `Customer ${resource.name} created successfully`, resource };
    },
  );

  app.patch(
    '/customers/:id/update',
    {
      config: { permission: 'customers.update' },
      schema: {
        tags,
        params: IdParamSchema,
        body: SaveCustomerRequestSchema,
        response: { 200: ResourceResponse, ...ERROR_RESPONSES, 409: SameNameResponse },
      },
    },
    async (request) => {
      await updateCustomer(app.db, request.params.id, request.body);
      await recordAudit(app.db, actorOf(request), {
        action: 'update',
        entity: 'customer',
        entityId: request.params.id,
      });
      const resource = toCustomerResource(await findCustomer(app.db, request.params.id));
      return { message: `Customer ${resource.name} updated successfully`, resource };
    },
  );

  app.patch(
    '/customers/:id/activate',
    {
      config: { permission: 'customers.archive' },
      schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await toggleCustomer(app.db, request.params.id);
      const resource = toCustomerResource(await findCustomer(app.db, request.params.id));
      const state = resource.is_active ? 'unarchived' : 'archived';
      await recordAudit(app.db, actorOf(request), {
        action: resource.is_active ? 'unarchive' : 'archive',
        entity: 'customer',
        entityId: resource.id,
      });
      return { message: `Customer ${resource.name} ${state} successfully`, resource };
    },
  );
};
