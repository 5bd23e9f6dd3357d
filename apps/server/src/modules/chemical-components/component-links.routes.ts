import {
  type Action,
  ChemicalComponentItemSchema,
  ComponentListQuerySchema,
  ComponentResourceSchema,
  makeListResponseSchema,
  makeResourceResponseSchema,
  SaveComponentRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { conflictResponse, ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import type { ComponentLinks } from './chemical-components.service.ts';

const tags = ['Chemical components'];
const ResourceResponse = makeResourceResponseSchema(ComponentResourceSchema);
/** A known CAS # under another name: the catalog's entry comes back so the form can offer it. */
const NameConflictResponse = conflictResponse(ChemicalComponentItemSchema);

/** A route's permission and schema, tagged as every component route is. */
function routeOptions<Schema extends object>(permission: Action, schema: Schema) {
  return { config: { permission }, schema: { tags, ...schema } };
}

/** Where one parent's component routes hang, and how its path names the owner. */
export interface ComponentLinkRoutes<Params, Owner> {
  /** The parent's path up to `/chemical-components`, e.g. `/products/:id`. */
  parent: string;
  /** The parent's path parameters, and the same with the link's `:componentId`. */
  params: z.ZodType<Params>;
  linkParams: z.ZodType<Params & { componentId: number }>;
  /** The spec's parameters mapped to the owner, once for every route. */
  ownerOf(params: Params): Owner;
  permissions: { read: Action; update: Action };
  links: ComponentLinks<Owner>;
}

/**
 * The component routes of one parent (spec 02 §7: a product's, and an inventory line's): list,
 * get, create, update and unlink, the same five calls with the same bodies and messages under
 * both, registered by each parent with its path, parameters and permissions.
 */
export function registerComponentLinkRoutes<Params, Owner>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  { parent, params, linkParams, ownerOf, permissions, links }: ComponentLinkRoutes<Params, Owner>,
): void {
  const base = `${parent}/chemical-components`;

  // Fastify's type provider cannot resolve its UndefinedToUnknown<> over a type parameter; the
  // schema above has validated the parameters, so they are the parent's.
  const ownerIn = (request: { params: unknown }) => ownerOf(request.params as Params);
  const linkIn = (request: { params: unknown }) => {
    const link = request.params as Params & { componentId: number };
    return { owner: ownerOf(link), linkId: link.componentId };
  };

  /** Get and unlink: one link named, the link answered. */
  const oneLinkSchema = { params: linkParams, response: { 200: ResourceResponse, ...ERROR_RESPONSES } };

  app.get(
    `${base}/list`,
    routeOptions(permissions.read, {
      params,
      querystring: ComponentListQuerySchema,
      response: { 200: makeListResponseSchema(ComponentResourceSchema), ...ERROR_RESPONSES },
    }),
    async (request) => ({ resource: await links.list(app.db, ownerIn(request), request.query) }),
  );

  app.get(`${base}/:componentId/get`, routeOptions(permissions.read, oneLinkSchema), async (request) => {
    const { owner, linkId } = linkIn(request);
    return { resource: await links.get(app.db, owner, linkId) };
  });

  app.post(
    `${base}/create`,
    routeOptions(permissions.update, {
      params,
      body: SaveComponentRequestSchema,
      response: { 201: ResourceResponse, ...ERROR_RESPONSES, 409: NameConflictResponse },
    }),
    async (request, reply) => {
      const resource = await links.create(app.db, actorOf(request), ownerIn(request), request.body);
      reply.status(201);
      return { message: `Chemical component ${resource.name} added successfully`, resource };
    },
  );

  app.patch(
    `${base}/:componentId/update`,
    routeOptions(permissions.update, {
      params: linkParams,
      body: SaveComponentRequestSchema,
      response: { 200: ResourceResponse, ...ERROR_RESPONSES, 409: NameConflictResponse },
    }),
    async (request) => {
      const { owner, linkId } = linkIn(request);
      const resource = await links.update(app.db, actorOf(request), owner, linkId, request.body);
      return { message: `Chemical component ${resource.name} updated successfully`, resource };
    },
  );

  app.delete(
    `${base}/:componentId/unlink`,
    routeOptions(permissions.update, oneLinkSchema),
    async (request) => {
      const { owner, linkId } = linkIn(request);
      const resource = await links.unlink(app.db, actorOf(request), owner, linkId);
      return { message: `Chemical component ${resource.name} removed successfully`, resource };
    },
  );
}
