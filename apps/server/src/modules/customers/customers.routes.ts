import {
  AREA_ACTIONS,
  CustomerAutocompleteItemSchema,
  CustomerListQuerySchema,
  CustomerListRowSchema,
  CustomerResourceSchema,
  SameNameCustomerSchema,
  SaveCustomerRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { conflictResponse } from '../../lib/route-schemas.ts';
import { customersService } from './customers.service.ts';

/** Staff list, view and add customers; editing and archiving are admin only (spec 02 §6). */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    base: '/customers',
    tag: 'Customers',
    what: 'Customer',
    nameOf: (customer) => customer.name,
    actions: AREA_ACTIONS.customers,
    contract: {
      listQuery: CustomerListQuerySchema,
      listItem: CustomerListRowSchema,
      resource: CustomerResourceSchema,
      save: SaveCustomerRequestSchema,
      autocompleteItem: CustomerAutocompleteItemSchema,
    },
    service: customersService,
    // Another customer has the name: it comes back so the form can name it and ask.
    saveResponses: { 409: conflictResponse(SameNameCustomerSchema) },
  });
};
