import {
  AutocompleteQuerySchema,
  ChemicalComponentItemSchema,
  ComponentLinkParamSchema,
  IdParamSchema,
  makeListResponseSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { autocompleteChemicalComponents, productComponents } from './chemical-components.service.ts';
import { registerComponentLinkRoutes } from './component-links.routes.ts';

/** The component catalog picker, and the components of one product (spec 02 §7). */
export const chemicalComponentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chemical-components/autocomplete-list',
    {
      config: { permission: 'products.read' },
      schema: {
        tags: ['Chemical components'],
        querystring: AutocompleteQuerySchema,
        response: { 200: makeListResponseSchema(ChemicalComponentItemSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ resource: await autocompleteChemicalComponents(app.db, request.query) }),
  );

  // `:componentId` is the product_chemical_component id (the link), as the spec's routes use it.
  registerComponentLinkRoutes(app, {
    parent: '/products/:id',
    params: IdParamSchema,
    linkParams: IdParamSchema.extend(ComponentLinkParamSchema.shape),
    ownerOf: ({ id }) => id,
    permissions: { read: 'products.read', update: 'products.update' },
    links: productComponents,
  });
};
