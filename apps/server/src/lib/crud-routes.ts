import {
  type AreaActions,
  type AutocompleteQuery,
  AutocompleteQuerySchema,
  AutocompleteItemSchema as IdNameSchema,
  IdParamSchema,
  type ListPage,
  makeListResponseSchema,
  makeResourceResponseSchema,
} from '@chemtrack/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { type Actor, actorOf } from './audit.ts';
import { ERROR_RESPONSES } from './route-schemas.ts';

/**
 * What an area's service offers the CRUD routes. Every write takes the actor and runs, with its
 * audit row, in one transaction the service opens; reads take the database only.
 */
export interface CrudService<TItem, TResource, TQuery, TBody> {
  /** `viewer`: who asks, for an area whose `view` action answers each caller their own records. */
  list(db: Db, query: TQuery, viewer: Actor): Promise<ListPage<TItem>>;
  autocomplete?(db: Db, query: AutocompleteQuery): Promise<ListPage<unknown>>;
  get(db: Db, id: number, viewer: Actor): Promise<TResource>;
  create(db: Db, actor: Actor, body: TBody): Promise<TResource>;
  update(db: Db, actor: Actor, id: number, body: TBody): Promise<TResource>;
  /** Archives an active record and unarchives an archived one. */
  toggle(db: Db, actor: Actor, id: number): Promise<TResource>;
  remove?(db: Db, actor: Actor, id: number): Promise<TResource>;
}

/** The contract of an area, all from `packages/domain`. */
export interface CrudContract<TItem, TResource, TQuery, TBody> {
  listQuery: z.ZodType<TQuery>;
  listItem: z.ZodType<TItem>;
  resource: z.ZodType<TResource>;
  save: z.ZodType<TBody>;
  /** The picker item, when it carries more than id and name. */
  autocompleteItem?: z.ZodType;
  /** The picker query, when it takes a filter beyond `AutocompleteQuerySchema` (a customer's facilities). */
  autocompleteQuery?: z.ZodType<AutocompleteQuery>;
}

export interface CrudAreaOptions<TItem, TResource extends { is_active: boolean }, TQuery, TBody> {
  /** `/hazards` serves `/hazards/list`, `/hazards/:id/get`, … */
  base: string;
  tag: string;
  /** Singular noun of the answers' messages: "Hazard class", "User". */
  what: string;
  nameOf: (resource: TResource) => string;
  actions: AreaActions;
  contract: CrudContract<TItem, TResource, TQuery, TBody>;
  service: CrudService<TItem, TResource, TQuery, TBody>;
  /** Answers a save may give beyond the shared errors, such as a 409 naming a record. */
  saveResponses?: Record<number, z.ZodType>;
}

/**
 * The calls every business area shares (spec 02 §7): list, autocomplete-list, get, create,
 * update, activate and delete. Routes speak HTTP only: status, message and schema; the service
 * does the work.
 */
export function registerCrudRoutes<TItem, TResource extends { is_active: boolean }, TQuery, TBody>(
  fastify: FastifyInstance,
  options: CrudAreaOptions<TItem, TResource, TQuery, TBody>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { base, what, nameOf, actions, contract, service } = options;
  const tags = [options.tag];
  const ResourceResponse = makeResourceResponseSchema(contract.resource);
  const single = { 200: ResourceResponse, ...ERROR_RESPONSES };
  const saved = { ...ERROR_RESPONSES, ...options.saveResponses };
  const say = (resource: TResource, verb: string) => ({
    message: `${what} ${nameOf(resource)} ${verb} successfully`,
    resource,
  });

  app.get(
    `${base}/list`,
    {
      config: { permission: actions.view ?? actions.read },
      schema: {
        tags,
        querystring: contract.listQuery,
        response: { 200: makeListResponseSchema(contract.listItem), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      resource: await service.list(app.db, request.query as TQuery, actorOf(request)),
    }),
  );

  const { autocomplete } = service;
  if (autocomplete) {
    app.get(
      `${base}/autocomplete-list`,
      {
        config: { permission: actions.pick ?? actions.read },
        schema: {
          tags,
          querystring: contract.autocompleteQuery ?? AutocompleteQuerySchema,
          response: {
            200: makeListResponseSchema(contract.autocompleteItem ?? IdNameSchema),
            ...ERROR_RESPONSES,
          },
        },
      },
      async (request) => ({ resource: await autocomplete(app.db, request.query as AutocompleteQuery) }),
    );
  }

  app.get(
    `${base}/:id/get`,
    {
      config: { permission: actions.view ?? actions.read },
      schema: { tags, params: IdParamSchema, response: single },
    },
    async (request) => ({ resource: await service.get(app.db, request.params.id, actorOf(request)) }),
  );

  app.post(
    `${base}/create`,
    {
      config: { permission: actions.create },
      schema: { tags, body: contract.save, response: { 201: ResourceResponse, ...saved } },
    },
    async (request, reply) => {
      const resource = await service.create(app.db, actorOf(request), request.body as TBody);
      reply.status(201);
      return say(resource, 'created');
    },
  );

  app.patch(
    `${base}/:id/update`,
    {
      config: { permission: actions.update },
      schema: {
        tags,
        params: IdParamSchema,
        body: contract.save,
        response: { 200: ResourceResponse, ...saved },
      },
    },
    async (request) => {
      const resource = await service.update(
        app.db,
        actorOf(request),
        request.params.id,
        request.body as TBody,
      );
      return say(resource, 'updated');
    },
  );

  app.patch(
    `${base}/:id/activate`,
    { config: { permission: actions.archive }, schema: { tags, params: IdParamSchema, response: single } },
    async (request) => {
      const resource = await service.toggle(app.db, actorOf(request), request.params.id);
      return say(resource, resource.is_active ? 'unarchived' : 'archived');
    },
  );

  const { remove } = service;
  if (remove) {
    const permission = actions.delete;
    if (!permission) throw new Error(`${base}: a service with remove needs actions.delete`);
    app.delete(
      `${base}/:id/delete`,
      { config: { permission }, schema: { tags, params: IdParamSchema, response: single } },
      async (request) => say(await remove(app.db, actorOf(request), request.params.id), 'deleted'),
    );
  }
}
