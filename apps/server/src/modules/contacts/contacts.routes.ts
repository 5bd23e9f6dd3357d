import {
  AREA_ACTIONS,
  ContactListQuerySchema,
  ContactResourceSchema,
  SaveContactRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { contactsService } from './contacts.service.ts';

/**
 * A customer's Tier II contacts (issue 25, decision 018), in the customers' and facilities' style:
 * GET /contacts/list (customer_id filter), GET /contacts/{id}/get, POST /contacts/create,
 * PATCH /contacts/{id}/update, PATCH /contacts/{id}/activate, DELETE /contacts/{id}/delete.
 */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    base: '/contacts',
    tag: 'Contacts',
    what: 'Contact',
    nameOf: (contact) => contact.name,
    actions: AREA_ACTIONS.contacts,
    contract: {
      listQuery: ContactListQuerySchema,
      listItem: ContactResourceSchema,
      resource: ContactResourceSchema,
      save: SaveContactRequestSchema,
    },
    service: contactsService,
  });
};
