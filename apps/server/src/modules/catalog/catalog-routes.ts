import {
  type AreaActions,
  AutocompleteQuerySchema,
  AutocompleteResponseSchema,
  IdParamSchema,
  makeListQuerySchema,
  makeListResponseSchema,
  makeResourceResponseSchema,
} from '@chemtrack/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, recordAudit } from '../../lib/audit.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import type { CatalogRow, createCatalogRepository } from './catalog.repository.ts';

const ListQuerySchema = makeListQuerySchema(['name', 'updated_at', 'created_at']);

export interface CatalogAreaOptions<TRow extends CatalogRow, TBody> {
  base: string;
  tag: string;
  what: string;
  repository: ReturnType<typeof createCatalogRepository<TRow>>;
  saveSchema: z.ZodType<TBody>;
  /** Body → column values. */
  toValues: (body: TBody) => Record<string, unknown>;
  /** The answer's schema; the serializer checks `toResource` against it on every reply. */
  resourceSchema: z.ZodType;
  toResource: (row: TRow) => unknown;
  /** What each call needs, from the domain's PERMISSIONS table. */
  actions: AreaActions;
  /** Adds DELETE {base}/:id/delete; the guard throws when the record is in use. */
  deletion?: { guard: (db: Db, id: number) => Promise<void> };
}

/** list, autocomplete-list, get, create, update, activate (and delete) for a catalog area. */
export function registerCatalogRoutes<TRow extends CatalogRow, TBody>(
  fastify: FastifyInstance,
  options: CatalogAreaOptions<TRow, TBody>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { base, what, repository, toResource } = options;
  const tags = [options.tag];
  const entity = options.tag.toLowerCase();
  const ResourceResponse = makeResourceResponseSchema(options.resourceSchema);

  app.get(
    `${base}/list`,
    {
      config: { permission: options.actions.read },
      schema: {
        tags,
        querystring: ListQuerySchema,
        response: { 200: makeListResponseSchema(options.resourceSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const page = await repository.list(app.db, request.query);
      return { resource: { items: page.items.map(toResource), meta: page.meta } };
    },
  );

  app.get(
    `${base}/autocomplete-list`,
    {
      config: { permission: options.actions.read },
      schema: {
        tags,
        querystring: AutocompleteQuerySchema,
        response: { 200: AutocompleteResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const page = await repository.list(app.db, { ...request.query, order_by: 'name' }, true);
      return {
        resource: { items: page.items.map((row) => ({ id: row.id, name: row.name })), meta: page.meta },
      };
    },
  );

  app.get(
    `${base}/:id/get`,
    {
      config: { permission: options.actions.read },
      schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => ({ resource: toResource(await repository.find(app.db, request.params.id)) }),
  );

  app.post(
    `${base}/create`,
    {
      config: { permission: options.actions.create },
      schema: { tags, body: options.saveSchema, response: { 201: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const row = await repository.create(app.db, options.toValues(request.body as TBody));
      await recordAudit(app.db, actorOf(request), { action: 'create', entity, entityId: row.id });
      reply.status(201);
      return { message: `${what} ${row.name} created successfully`, resource: toResource(row) };
    },
  );

  app.patch(
    `${base}/:id/update`,
    {
      config: { permission: options.actions.update },
      schema: {
        tags,
        params: IdParamSchema,
        body: options.saveSchema,
        response: { 200: ResourceResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const values = options.toValues(request.body as TBody);
      // is_active changes only through activate.
      delete values.isActive;
      const row = await repository.update(app.db, request.params.id, values);
      await recordAudit(app.db, actorOf(request), { action: 'update', entity, entityId: row.id });
      return { message: `${what} ${row.name} updated successfully`, resource: toResource(row) };
    },
  );

  app.patch(
    `${base}/:id/activate`,
    {
      config: { permission: options.actions.archive },
      schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const row = await repository.toggle(app.db, request.params.id);
      const state = row.isActive ? 'unarchived' : 'archived';
      await recordAudit(app.db, actorOf(request), {
        action: row.isActive ? 'unarchive' : 'archive',
        entity,
        entityId: row.id,
      });
      return { message: `${what} ${row.name} ${state} successfully`, resource: toResource(row) };
    },
  );

  const { deletion } = options;
  const deleteAction = options.actions.delete;
  if (deletion && !deleteAction) throw new Error(`${base}: deletion needs actions.delete`);
  if (deletion && deleteAction) {
    app.delete(
      `${base}/:id/delete`,
      {
        config: { permission: deleteAction },
        schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
      },
      async (request) => {
        await repository.find(app.db, request.params.id);
        await deletion.guard(app.db, request.params.id);
        const row = await repository.remove(app.db, request.params.id);
        await recordAudit(app.db, actorOf(request), {
          action: 'delete',
          entity,
          entityId: row.id,
          details: { name: row.name },
        });
        return { message: `${what} ${row.name} deleted successfully`, resource: toResource(row) };
      },
    );
  }
}
