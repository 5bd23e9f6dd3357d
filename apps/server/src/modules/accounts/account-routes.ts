import {
  type AreaActions,
  AutocompleteQuerySchema,
  AutocompleteResponseSchema,
  IdParamSchema,
  makeListQuerySchema,
  makeListResponseSchema,
  makeResourceResponseSchema,
  type Role,
  UserResourceSchema,
} from '@chemtrack/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf, recordAudit } from '../../lib/audit.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import { sendInvitation } from '../auth/auth.service.ts';
import {
  ACCOUNT_ORDER_KEYS,
  autocompleteAccounts,
  createAccount,
  deleteAccount,
  findAccount,
  listAccounts,
  toggleAccount,
  toUserResource,
  updateAccount,
} from './accounts.repository.ts';

interface AccountSaveBody {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  role?: Role;
  is_active?: boolean | undefined;
}

/**
 * Users and technicians share one set of calls (list, get, create, update, activate, delete,
 * autocomplete); each area says its roles, who may read and who may write.
 */
export interface AccountAreaOptions<TBody extends z.ZodType<AccountSaveBody>> {
  base: string;
  tag: string;
  /** Singular noun for messages: "User", "Technician". */
  what: string;
  /** The account roles this area manages. */
  accountRoles: readonly Role[];
  /** The role a new account gets when the body has none. */
  defaultRole?: Role;
  saveSchema: TBody;
  /** What each call needs, from the domain's PERMISSIONS table. */
  actions: AreaActions;
  /** Send a choose-your-password e-mail to new accounts. */
  invite: boolean;
}

const ListQuerySchema = makeListQuerySchema(ACCOUNT_ORDER_KEYS);
const ResourceResponse = makeResourceResponseSchema(UserResourceSchema);
const ListResponse = makeListResponseSchema(UserResourceSchema);

export function registerAccountRoutes<TBody extends z.ZodType<AccountSaveBody>>(
  fastify: FastifyInstance,
  options: AccountAreaOptions<TBody>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { base, what, accountRoles } = options;
  const tags = [options.tag];
  const lower = what.toLowerCase();

  app.get(
    `${base}/list`,
    {
      config: { permission: options.actions.read },
      schema: { tags, querystring: ListQuerySchema, response: { 200: ListResponse, ...ERROR_RESPONSES } },
    },
    async (request) => ({ resource: await listAccounts(app.db, accountRoles, request.query) }),
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
    async (request) => ({ resource: await autocompleteAccounts(app.db, accountRoles, request.query) }),
  );

  app.get(
    `${base}/:id/get`,
    {
      config: { permission: options.actions.read },
      schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => ({
      resource: toUserResource(await findAccount(app.db, request.params.id, accountRoles, what)),
    }),
  );

  app.post(
    `${base}/create`,
    {
      config: { permission: options.actions.create },
      schema: { tags, body: options.saveSchema, response: { 201: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const body = request.body as AccountSaveBody;
      const row = await createAccount(app.db, {
        ...body,
        role: body.role ?? options.defaultRole ?? 'staff',
        is_active: body.is_active ?? true,
      });
      await recordAudit(app.db, actorOf(request), { action: 'create', entity: lower, entityId: row.id });
      if (options.invite) await sendInvitation(app, row);
      reply.status(201);
      return { message: `${what} ${row.firstName} created successfully`, resource: toUserResource(row) };
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
      const body = request.body as AccountSaveBody;
      const row = await updateAccount(app.db, request.params.id, accountRoles, what, body);
      await recordAudit(app.db, actorOf(request), { action: 'update', entity: lower, entityId: row.id });
      return { message: `${what} ${row.firstName} updated successfully`, resource: toUserResource(row) };
    },
  );

  app.patch(
    `${base}/:id/activate`,
    {
      config: { permission: options.actions.archive },
      schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const row = await toggleAccount(app.db, request.params.id, accountRoles, what, currentUser(request).id);
      const state = row.isActive ? 'unarchived' : 'archived';
      await recordAudit(app.db, actorOf(request), {
        action: state === 'archived' ? 'archive' : 'unarchive',
        entity: lower,
        entityId: row.id,
      });
      return { message: `${what} ${row.firstName} ${state} successfully`, resource: toUserResource(row) };
    },
  );

  const deleteAction = options.actions.delete;
  if (!deleteAction) throw new Error(`${base}: accounts need actions.delete`);
  app.delete(
    `${base}/:id/delete`,
    {
      config: { permission: deleteAction },
      schema: { tags, params: IdParamSchema, response: { 200: ResourceResponse, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const row = await deleteAccount(app.db, request.params.id, accountRoles, what, currentUser(request).id);
      await recordAudit(app.db, actorOf(request), {
        action: 'delete',
        entity: lower,
        entityId: row.id,
        details: { email: row.email },
      });
      return { message: `${what} ${row.firstName} deleted successfully`, resource: toUserResource(row) };
    },
  );
}
