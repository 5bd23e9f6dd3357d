import fs from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@chemtrack/domain';
import { desc, eq, gt } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, inventoryProducts } from '../src/db/schema/index.ts';
import { API_PREFIX } from '../src/plugins/auth.ts';
import {
  componentBody,
  create,
  inventoryProductBody,
  nextSequence,
  userBody,
} from '../src/seed/factories.ts';
import {
  APP_KEY,
  createTestContext,
  createTestUser,
  extractResetToken,
  PASSWORD,
  readOutbox,
  type TestContext,
} from './helper.ts';
import { BODY_ROUTES, type Body, type Method } from './hostile-input.ts';
import { makePdf, multipartBody, upload, uploadPdf } from './uploads.ts';

/**
 * Issue 12: every write route leaves exactly one audit row, with the right entity, action and
 * actor, in the transaction of its change. The cases are checked against the app's registered
 * routes, so a new write route without a case here fails the first test.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Expected {
  entity: string;
  action: string;
  /** The user id the row must name, or null for none (a failed sign-in, a reset request). */
  actor: number | null;
  /** Checked when given; otherwise the answer's `resource.id` when it has one. */
  entityId?: number;
  /**
   * A write that creates records of several areas through their services (a Tier II import) leaves
   * each its own row, and its own last: then the count, and the last row is the one checked.
   */
  rows?: number;
}

/** A case prepares its records (which may write rows of their own), then names the one call under test. */
type WriteCase = (
  ctx: TestContext,
) => Promise<{ send: () => Promise<LightMyRequestResponse>; expected: Expected }>;

/** POST routes that change nothing, with the reason; every other write route must leave a row. */
const READS: Record<string, string> = {
  'POST /inventories/:id/product/check-existing': 'answers which line a save would join; writes nothing',
  'POST /report/preview': 'draws the report on screen; only the generated file is recorded',
  'POST /report/preview/rows': "a page of a preview's table; only the generated file is recorded",
  'POST /report/preview/explanation': "a preview row's explanation; only the generated file is recorded",
  'POST /report/preview/warnings': "a page of a preview's warnings; only the generated file is recorded",
  'POST /report/preview/info-groups':
    "a page of a preview's information groups; only the generated file is recorded",
  'POST /sds/read': 'reads an uploaded SDS and proposes its components; nothing is kept or saved',
};

const admin = () => ctx.users.admin.id;

function withToken(token: string, method: Method | 'DELETE', url: string, payload?: Body) {
  return ctx.app.inject({
    method,
    url: `${API_PREFIX}${url}`,
    ...(payload ? { payload } : {}),
    headers: { 'x-app-key': APP_KEY, authorization: `Bearer ${token}` },
  });
}

/** A body route of the hostile-input table, sent once with its valid body as an admin. */
function bodyCase(key: string, entity: string, action: string): WriteCase {
  return async (c) => {
    const route = BODY_ROUTES[key];
    if (!route) throw new Error(`${key} is not in hostile-input.ts BODY_ROUTES`);
    const target = await route.prepare(c);
    const payload = await target.body();
    const send = () => c.call('admin', { method: key.split(' ')[0] as Method, url: target.url, payload });
    return { send, expected: { entity, action, actor: admin() } };
  };
}

function simpleCase(
  method: 'PATCH' | 'DELETE' | 'POST',
  url: (c: TestContext) => Promise<{ url: string; entityId?: number }>,
  entity: string,
  action: string,
): WriteCase {
  return async (c) => {
    const target = await url(c);
    return {
      send: () => c.call('admin', { method, url: target.url }),
      expected: { entity, action, actor: admin(), ...(target.entityId ? { entityId: target.entityId } : {}) },
    };
  };
}

async function requestResetLink(c: TestContext, email: string): Promise<string> {
  const before = readOutbox(c.dataDir).length;
  const res = await c.call(null, {
    method: 'POST',
    url: `/auth/forgot-password?username=${encodeURIComponent(email)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const mails = readOutbox(c.dataDir);
  expect(mails.length).toBe(before + 1);
  return extractResetToken(mails.at(-1)!);
}

const newStaff = () => createTestUser(ctx.database, { email: userBody().email, role: 'staff' });

async function lineOf(c: TestContext, overrides: Record<string, unknown> = {}) {
  const inventory = await create.inventory(c);
  const line = await create.inventoryProduct(c, inventory.id, overrides);
  return { inventoryId: inventory.id, lineId: line.id, productId: Number(line.resource.product_id) };
}

const CASES: Record<string, WriteCase> = {
  'POST /auth/sign-in': async (c) => {
    const user = await newStaff();
    const send = () =>
      c.call(null, {
        method: 'POST',
        url: '/auth/sign-in',
        payload: { email: user.email, password: PASSWORD, rememberMe: false },
      });
    return { send, expected: { entity: 'user', action: 'sign-in', actor: user.id, entityId: user.id } };
  },
  'POST /auth/logout': async () => {
    const user = await newStaff();
    const send = () => withToken(user.token, 'POST', '/auth/logout');
    return { send, expected: { entity: 'user', action: 'sign-out', actor: user.id, entityId: user.id } };
  },
  'POST /auth/forgot-password': async (c) => {
    const user = await newStaff();
    const send = () =>
      c.call(null, {
        method: 'POST',
        url: `/auth/forgot-password?username=${encodeURIComponent(user.email)}`,
      });
    return {
      send,
      expected: { entity: 'user', action: 'password-reset-request', actor: null, entityId: user.id },
    };
  },
  'POST /auth/set-password': async (c) => {
    const user = await newStaff();
    const token = await requestResetLink(c, user.email);
    const send = () =>
      c.call(null, {
        method: 'POST',
        url: '/auth/set-password',
        payload: { token, password: 'Secret456' },
      });
    return { send, expected: { entity: 'user', action: 'password-set', actor: user.id, entityId: user.id } };
  },
  'PATCH /auth/update-profile': async () => {
    const user = await newStaff();
    const { role: _role, ...profile } = userBody();
    const send = () => withToken(user.token, 'PATCH', '/auth/update-profile', { ...profile, password: '' });
    return { send, expected: { entity: 'user', action: 'update', actor: user.id, entityId: user.id } };
  },

  'POST /users/create': bodyCase('POST /users/create', 'user', 'create'),
  'PATCH /users/:id/update': bodyCase('PATCH /users/:id/update', 'user', 'update'),
  'PATCH /users/:id/activate': simpleCase(
    'PATCH',
    async (c) => ({ url: `/users/${(await create.user(c)).id}/activate` }),
    'user',
    'archive',
  ),
  'DELETE /users/:id/delete': simpleCase(
    'DELETE',
    async (c) => ({ url: `/users/${(await create.user(c)).id}/delete` }),
    'user',
    'delete',
  ),
  'POST /users/:id/end-sessions': simpleCase(
    'POST',
    async () => {
      const user = await newStaff();
      return { url: `/users/${user.id}/end-sessions`, entityId: user.id };
    },
    'user',
    'end-sessions',
  ),

  'POST /technicians/create': bodyCase('POST /technicians/create', 'technician', 'create'),
  'PATCH /technicians/:id/update': bodyCase('PATCH /technicians/:id/update', 'technician', 'update'),
  'PATCH /technicians/:id/activate': simpleCase(
    'PATCH',
    async (c) => ({ url: `/technicians/${(await create.technician(c)).id}/activate` }),
    'technician',
    'archive',
  ),
  'DELETE /technicians/:id/delete': simpleCase(
    'DELETE',
    async (c) => ({ url: `/technicians/${(await create.technician(c)).id}/delete` }),
    'technician',
    'delete',
  ),

  'POST /technicians/:id/end-sessions': simpleCase(
    'POST',
    async (c) => {
      const technician = await create.technician(c);
      return { url: `/technicians/${technician.id}/end-sessions`, entityId: technician.id };
    },
    'technician',
    'end-sessions',
  ),

  'POST /customers/create': bodyCase('POST /customers/create', 'customer', 'create'),
  'PATCH /customers/:id/update': bodyCase('PATCH /customers/:id/update', 'customer', 'update'),
  'PATCH /customers/:id/activate': simpleCase(
    'PATCH',
    async (c) => ({ url: `/customers/${(await create.customer(c)).id}/activate` }),
    'customer',
    'archive',
  ),

  'POST /facilities/create': bodyCase('POST /facilities/create', 'facility', 'create'),
  'PATCH /facilities/:id/update': bodyCase('PATCH /facilities/:id/update', 'facility', 'update'),
  'PATCH /facilities/:id/activate': simpleCase(
    'PATCH',
    async (c) => ({ url: `/facilities/${(await create.facility(c)).id}/activate` }),
    'facility',
    'archive',
  ),

  'POST /contacts/create': bodyCase('POST /contacts/create', 'contact', 'create'),
  'PATCH /contacts/:id/update': bodyCase('PATCH /contacts/:id/update', 'contact', 'update'),
  'PATCH /contacts/:id/activate': simpleCase(
    'PATCH',
    async (c) => ({ url: `/contacts/${(await create.contact(c)).id}/activate` }),
    'contact',
    'archive',
  ),
  'DELETE /contacts/:id/delete': simpleCase(
    'DELETE',
    async (c) => ({ url: `/contacts/${(await create.contact(c)).id}/delete` }),
    'contact',
    'delete',
  ),

  'POST /hazards/create': bodyCase('POST /hazards/create', 'hazards', 'create'),
  'PATCH /hazards/:id/update': bodyCase('PATCH /hazards/:id/update', 'hazards', 'update'),
  'PATCH /hazards/:id/activate': simpleCase(
    'PATCH',
    async (c) => ({ url: `/hazards/${(await create.hazard(c)).id}/activate` }),
    'hazards',
    'archive',
  ),
  'DELETE /hazards/:id/delete': simpleCase(
    'DELETE',
    async (c) => ({ url: `/hazards/${(await create.hazard(c)).id}/delete` }),
    'hazards',
    'delete',
  ),

  'POST /containers/create': bodyCase('POST /containers/create', 'containers', 'create'),
  'PATCH /containers/:id/update': bodyCase('PATCH /containers/:id/update', 'containers', 'update'),
  'PATCH /containers/:id/activate': simpleCase(
    'PATCH',
    async (c) => ({ url: `/containers/${(await create.container(c)).id}/activate` }),
    'containers',
    'archive',
  ),
  'POST /container-units/create': bodyCase('POST /container-units/create', 'container units', 'create'),
  'PATCH /container-units/:id/update': bodyCase(
    'PATCH /container-units/:id/update',
    'container units',
    'update',
  ),
  'PATCH /container-units/:id/activate': simpleCase(
    'PATCH',
    async (c) => ({ url: `/container-units/${(await create.containerUnit(c)).id}/activate` }),
    'container units',
    'archive',
  ),

  'POST /file/upload': async (c) => {
    const content = await makePdf('audited.pdf');
    return {
      send: () => upload(c, [{ filename: 'audited.pdf', content }]),
      expected: { entity: 'file', action: 'create', actor: c.users.staff.id },
    };
  },

  // Issue 25: the shared sample makes a customer (1), its facility (created 1, Tier II columns 1),
  // 4 contacts, 2 products with 4 component links, the 2025 inventory (1, and its certifier 1:
  // issue 36) and 2 lines, then the import's own row, last.
  'POST /tier2/import': async (c) => {
    const content = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/tier2/epcra_tier2_data.xml'));
    return {
      send: () => {
        const { payload, contentType } = multipartBody([
          { filename: 'tier2.xml', contentType: 'text/xml', content },
        ]);
        return c.call('staff', {
          method: 'POST',
          url: '/tier2/import',
          headers: { 'content-type': contentType },
          payload,
        });
      },
      expected: { entity: 'tier2_import', action: 'create', actor: c.users.staff.id, rows: 18 },
    };
  },

  'POST /products/create': bodyCase('POST /products/create', 'product', 'create'),
  'PATCH /products/:id/update': bodyCase('PATCH /products/:id/update', 'product', 'update'),
  'PATCH /products/:id/activate': simpleCase(
    'PATCH',
    async (c) => ({ url: `/products/${(await create.product(c)).id}/activate` }),
    'product',
    'archive',
  ),
  'DELETE /products/:id/sds-delete': simpleCase(
    'DELETE',
    async (c) => {
      const sds = await uploadPdf(c, 'doomed.pdf');
      return { url: `/products/${(await create.product(c, { sds })).id}/sds-delete` };
    },
    'product_sds',
    'delete',
  ),
  'POST /products/:id/chemical-components/create': bodyCase(
    'POST /products/:id/chemical-components/create',
    'product_chemical_component',
    'create',
  ),
  'PATCH /products/:id/chemical-components/:componentId/update': bodyCase(
    'PATCH /products/:id/chemical-components/:componentId/update',
    'product_chemical_component',
    'update',
  ),
  'DELETE /products/:id/chemical-components/:componentId/unlink': simpleCase(
    'DELETE',
    async (c) => {
      const component = await create.component(c);
      return {
        url: `/products/${component.productId}/chemical-components/${component.id}/unlink`,
        entityId: component.id,
      };
    },
    'product_chemical_component',
    'delete',
  ),

  'POST /inventories/create': bodyCase('POST /inventories/create', 'inventory', 'create'),
  'PATCH /inventories/:id/update': bodyCase('PATCH /inventories/:id/update', 'inventory', 'update'),
  'PATCH /inventories/:id/activate': simpleCase(
    'PATCH',
    async (c) => ({ url: `/inventories/${(await create.inventory(c)).id}/activate` }),
    'inventory',
    'archive',
  ),

  // Issue 33 point 10: an empty inventory takes an earlier year's lines (an update of the inventory).
  'POST /inventories/:id/copy-products': async (c) => {
    const earlier = await create.inventory(c, { year: 2019 });
    const empty = await create.inventory(c, {
      customer_id: earlier.customerId,
      facility_id: earlier.facilityId,
      year: 2020,
    });
    const send = () =>
      c.call('admin', {
        method: 'POST',
        url: `/inventories/${empty.id}/copy-products`,
        payload: { inventory_ids: [earlier.id] },
      });
    return { send, expected: { entity: 'inventory', action: 'update', actor: admin() } };
  },

  // A line of a catalog product: a line naming a new product also creates that product (its own row).
  'POST /inventories/:id/product/create': async (c) => {
    const inventory = await create.inventory(c);
    const product = await create.product(c);
    const send = () =>
      c.call('admin', {
        method: 'POST',
        url: `/inventories/${inventory.id}/product/create`,
        payload: inventoryProductBody({ product_id: product.id }),
      });
    return { send, expected: { entity: 'inventory_product', action: 'create', actor: admin() } };
  },
  'PATCH /inventories/:id/product/:productId/update': async (c) => {
    const { inventoryId, lineId, productId } = await lineOf(c);
    const send = () =>
      c.call('admin', {
        method: 'PATCH',
        url: `/inventories/${inventoryId}/product/${lineId}/update`,
        payload: inventoryProductBody({ product_id: productId, container_quantity: '7' }),
      });
    return { send, expected: { entity: 'inventory_product', action: 'update', actor: admin() } };
  },
  'PATCH /inventories/:id/product/:productId/resolve-question': simpleCase(
    'PATCH',
    async (c) => {
      const { inventoryId, lineId } = await lineOf(c, { notes: `Question ${nextSequence()}?` });
      return { url: `/inventories/${inventoryId}/product/${lineId}/resolve-question`, entityId: lineId };
    },
    'inventory_product',
    'update',
  ),
  'PATCH /inventories/:id/product/:productId/refresh-from-catalog': simpleCase(
    'PATCH',
    async (c) => {
      const { inventoryId, lineId } = await lineOf(c);
      // A copy that differs from the catalogue (a line that missed a change): a line that matches writes nothing.
      await c.database.db
        .update(inventoryProducts)
        .set({ nfpa: '0-0-0' })
        .where(eq(inventoryProducts.id, lineId));
      return { url: `/inventories/${inventoryId}/product/${lineId}/refresh-from-catalog`, entityId: lineId };
    },
    'inventory_product',
    'update',
  ),
  'DELETE /inventories/:id/product/:productId/unlink': simpleCase(
    'DELETE',
    async (c) => {
      const { inventoryId, lineId } = await lineOf(c);
      return { url: `/inventories/${inventoryId}/product/${lineId}/unlink`, entityId: lineId };
    },
    'inventory_product',
    'delete',
  ),
  'POST /inventories/:id/product/:productId/chemical-components/create': bodyCase(
    'POST /inventories/:id/product/:productId/chemical-components/create',
    'inventory_product_chemical_component',
    'create',
  ),
  'PATCH /inventories/:id/product/:productId/chemical-components/:componentId/update': bodyCase(
    'PATCH /inventories/:id/product/:productId/chemical-components/:componentId/update',
    'inventory_product_chemical_component',
    'update',
  ),
  'DELETE /inventories/:id/product/:productId/chemical-components/:componentId/unlink': simpleCase(
    'DELETE',
    async (c) => {
      const { inventoryId, lineId } = await lineOf(c);
      const base = `/inventories/${inventoryId}/product/${lineId}/chemical-components`;
      const res = await c.call('admin', { method: 'POST', url: `${base}/create`, payload: componentBody() });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { resource: { id: number } }).resource.id;
      return { url: `${base}/${id}/unlink`, entityId: id };
    },
    'inventory_product_chemical_component',
    'delete',
  ),

  'POST /db-entry/create': bodyCase('POST /db-entry/create', 'database_entry', 'create'),
  'PATCH /fire-code-permit-amounts/:id/update': bodyCase(
    'PATCH /fire-code-permit-amounts/:id/update',
    'fire_code_permit_amount',
    'update',
  ),
  'POST /filings/mark-filed': bodyCase('POST /filings/mark-filed', 'filing', 'create'),
  'DELETE /filings/:id/unmark': simpleCase(
    'DELETE',
    async (c) => {
      const inventory = await create.inventory(c);
      const res = await c.call('admin', {
        method: 'POST',
        url: '/filings/mark-filed',
        payload: { inventory_id: inventory.id, obligation: 'tier2', filed_on: '2026-02-15', method: 'paper' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { resource: { id: number } }).resource.id;
      return { url: `/filings/${id}/unmark`, entityId: id };
    },
    'filing',
    'delete',
  ),
  'POST /backups/create': simpleCase('POST', async () => ({ url: '/backups/create' }), 'backup', 'create'),
  'POST /report/generate': async (c) => {
    const inventory = await create.inventory(c);
    await create.inventoryProduct(c, inventory.id);
    const payload = {
      type: 'epcra_302',
      customer_id: inventory.customerId,
      facility_id: inventory.facilityId,
      year: Number(inventory.resource.year),
      format: 'xlsx',
    };
    const send = () => c.call('admin', { method: 'POST', url: '/report/generate', payload });
    return {
      send,
      expected: { entity: 'report', action: 'generate', actor: admin(), entityId: inventory.id },
    };
  },
};

async function lastAuditId(): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.id ?? 0;
}

function rowsSince(id: number) {
  return ctx.database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);
}

function writeRoutes(): string[] {
  return ctx.routes
    .filter(
      (route) =>
        route.url.startsWith(`${API_PREFIX}/`) && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
    )
    .map((route) => `${route.method} ${route.url.slice(API_PREFIX.length)}`)
    .sort();
}

/** Anything a details object must never hold, at any depth. */
function secretKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => secretKeys(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(/password|token|hash/i.test(key) && typeof inner !== 'boolean' ? [`${path}${key}`] : []),
    ...secretKeys(inner, `${path}${key}.`),
  ]);
}

describe('audit trail: every write route', () => {
  it('has a case here for every registered write route, and none for a route that is gone', () => {
    expect(writeRoutes()).toEqual([...Object.keys(CASES), ...Object.keys(READS)].sort());
  });

  for (const [key, run] of Object.entries(CASES)) {
    it(`${key}: exactly one audit row with its entity, action and actor`, async () => {
      // The preparation writes rows of its own: only those after it count.
      const { send, expected } = await run(ctx);
      const before = await lastAuditId();
      const res = await send();
      expect(res.statusCode, `${key}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${key}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      const rows = await rowsSince(before);
      expect(rows.length, `${key} left ${rows.length} audit rows`).toBe(expected.rows ?? 1);
      const row = rows.at(-1);
      expect({ entity: row!.entity, action: row!.action, actor: row!.userId }).toEqual({
        entity: expected.entity,
        action: expected.action,
        actor: expected.actor,
      });
      expect(AUDIT_ENTITIES as readonly string[]).toContain(row!.entity);
      expect(AUDIT_ACTIONS as readonly string[]).toContain(row!.action);
      const answer = res.headers['content-type']?.toString().includes('json')
        ? (res.json() as { resource?: { id?: unknown } })
        : undefined;
      const entityId =
        expected.entityId ?? (typeof answer?.resource?.id === 'number' ? answer.resource.id : undefined);
      if (entityId !== undefined) expect(row!.entityId).toBe(entityId);
      expect(row!.ipAddress).toBe('127.0.0.1');
      expect(secretKeys(row!.details)).toEqual([]);
      expect(JSON.stringify(row!.details ?? {})).not.toContain(PASSWORD);
    });
  }
});

describe('audit trail: what a row records', () => {
  it('a refused write (422) leaves no row', async () => {
    const customer = await create.customer(ctx);
    const before = await lastAuditId();
    const res = await ctx.call('admin', {
      method: 'PATCH',
      url: `/customers/${customer.id}/update`,
      payload: { ...customer.body, name: '' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(await rowsSince(before)).toEqual([]);
  });

  it('an update records only the fields that changed, each before and after', async () => {
    const customer = await create.customer(ctx, { name: 'Before Name Inc.' });
    const before = await lastAuditId();
    const res = await ctx.call('admin', {
      method: 'PATCH',
      url: `/customers/${customer.id}/update`,
      payload: { ...customer.body, name: 'After Name Inc.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rowsSince(before);
    expect(row).toMatchObject({ entity: 'customer', action: 'update', entityId: customer.id });
    expect(row!.details).toEqual({
      record_name: 'After Name Inc.',
      changes: { name: { before: 'Before Name Inc.', after: 'After Name Inc.' } },
    });
  });

  it('a create records the values set, a delete the values gone', async () => {
    const before = await lastAuditId();
    const hazard = await create.hazard(ctx, { name: 'Audited Hazard', description: 'Burns' });
    const del = await ctx.call('admin', { method: 'DELETE', url: `/hazards/${hazard.id}/delete` });
    expect(del.statusCode, del.body).toBe(200);
    const [created, deleted] = await rowsSince(before);
    expect(created!.details).toMatchObject({
      changes: {
        name: { before: null, after: 'Audited Hazard' },
        description: { before: null, after: 'Burns' },
        is_active: { before: null, after: true },
      },
    });
    expect(deleted!.details).toMatchObject({
      changes: { name: { before: 'Audited Hazard', after: null } },
    });
    for (const row of [created, deleted]) {
      expect(Object.keys((row!.details as { changes: object }).changes)).not.toContain('updated_at');
    }
  });

  it('a successful sign-in names the user; a failed one names nobody, with the e-mail tried and no password', async () => {
    const user = await newStaff();
    const before = await lastAuditId();
    const ok = await ctx.call(null, {
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: user.email, password: PASSWORD, rememberMe: true },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const failed = await ctx.call(null, {
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: user.email, password: 'Wrong-Password-1' },
    });
    expect(failed.statusCode, failed.body).toBe(401);
    const unknown = await ctx.call(null, {
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: 'nobody-here@test.local', password: 'Wrong-Password-1' },
    });
    expect(unknown.statusCode, unknown.body).toBe(401);
    const rows = await rowsSince(before);
    const name = 'Staff Tester';
    expect(rows.map((row) => [row.action, row.userId, row.entityId, row.details])).toEqual([
      ['sign-in', user.id, user.id, { record_name: name, remember_me: true }],
      ['sign-in-failed', null, user.id, { record_name: name, email: user.email }],
      ['sign-in-failed', null, null, { email: 'nobody-here@test.local' }],
    ]);
    expect(rows.every((row) => row.ipAddress === '127.0.0.1')).toBe(true);
    const text = JSON.stringify(rows);
    for (const secret of [PASSWORD, 'Wrong-Password-1', ok.json().credentials.access_token]) {
      expect(text).not.toContain(secret);
    }
  });

  it("a technician's own sign-in and profile change are in the technician's history, not a user's", async () => {
    const technician = await createTestUser(ctx.database, { email: userBody().email, role: 'technician' });
    const before = await lastAuditId();
    const signedIn = await ctx.call(null, {
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: technician.email, password: PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { role: _role, ...profile } = userBody({ first_name: 'Tech' });
    const saved = await withToken(technician.token, 'PATCH', '/auth/update-profile', {
      ...profile,
      password: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await rowsSince(before);
    expect(rows.map((row) => [row.entity, row.action, row.entityId])).toEqual([
      ['technician', 'sign-in', technician.id],
      ['technician', 'update', technician.id],
    ]);
  });

  it('a password changed on the profile or through a link is a flag, never the password or its hash', async () => {
    const user = await newStaff();
    const before = await lastAuditId();
    const { role: _role, ...profile } = userBody({ first_name: 'Renamed' });
    const res = await withToken(user.token, 'PATCH', '/auth/update-profile', {
      ...profile,
      password: 'NewSecret789',
      password_confirmation: 'NewSecret789',
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = await requestResetLink(ctx, profile.email);
    const set = await ctx.call(null, {
      method: 'POST',
      url: '/auth/set-password',
      payload: { token, password: 'Another789' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const rows = await rowsSince(before);
    expect(rows.map((row) => [row.action, row.userId, row.entityId])).toEqual([
      ['update', user.id, user.id],
      ['password-reset-request', null, user.id],
      ['password-set', user.id, user.id],
    ]);
    expect(rows[0]!.details).toMatchObject({
      password_changed: true,
      changes: { 'profile.first_name': { after: 'Renamed' } },
    });
    expect(rows[2]!.details).toMatchObject({ password_changed: true });
    const text = JSON.stringify(rows);
    for (const secret of ['NewSecret789', 'Another789', token, '$argon2']) expect(text).not.toContain(secret);
    for (const row of rows) expect(secretKeys(row.details)).toEqual([]);
  });
});

describe('GET /audit-log/list', () => {
  it('pages newest first and filters by entity, id, actor, action and UTC day', async () => {
    const customer = await create.customer(ctx, { name: 'Listed Customer' });
    const update = await ctx.call('staff', {
      method: 'PATCH',
      url: `/customers/${customer.id}/update`,
      payload: { ...customer.body, name: 'Listed Customer 2' },
    });
    expect(update.statusCode).toBe(403);
    await ctx.call('admin', {
      method: 'PATCH',
      url: `/customers/${customer.id}/update`,
      payload: { ...customer.body, name: 'Listed Customer 2' },
    });
    const today = new Date().toISOString().slice(0, 10);
    const res = await ctx.call('admin', {
      method: 'GET',
      url: `/audit-log/list?entity=customer&entity_id=${customer.id}&from=${today}&to=${today}&ipp=1`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items, meta } = res.json().resource;
    // A big list's page carries the next page's cursor (decision 041).
    expect(meta).toEqual({
      current_page: 1,
      last_page: 2,
      per_page: 1,
      total: 2,
      next_cursor: expect.any(String),
    });
    expect(items).toEqual([
      {
        id: expect.any(Number),
        created_at: expect.stringMatching(/Z$/),
        action: 'update',
        entity: 'customer',
        entity_id: customer.id,
        record_name: 'Listed Customer 2',
        ip_address: '127.0.0.1',
        actor: { id: ctx.users.admin.id, full_name: 'Ada Tester', email: 'admin@test.local' },
        changes: {
          name: { before: 'Listed Customer', after: 'Listed Customer 2', label: 'Customer Name' },
        },
        details: {},
      },
    ]);
    const byAction = await ctx.call('admin', {
      method: 'GET',
      url: `/audit-log/list?entity_id=${customer.id}&entity=customer&action=create&actor=${ctx.users.admin.id}&order_by=created_at&order_dir=asc`,
    });
    expect(byAction.json().resource.items.map((item: { action: string }) => item.action)).toEqual(['create']);
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const none = await ctx.call('admin', {
      method: 'GET',
      url: `/audit-log/list?entity=customer&entity_id=${customer.id}&to=${yesterday}`,
    });
    expect(none.json().resource.meta.total).toBe(0);
  });

  it.each([
    ['from=2026-02-30', 'from', 'The from date must be a valid date (yyyy-MM-dd)'],
    ['to=11/24/2026', 'to', 'The to date must be a valid date (yyyy-MM-dd)'],
    ['from=2026-11-24&to=2026-11-01', 'to', 'The from date must be on or before the to date'],
    ['entity=nothing', 'entity', expect.stringContaining('The entity must be one of')],
    ['action=explode', 'action', expect.stringContaining('The action must be one of')],
    ['actor=abc', 'actor', 'The actor must be a positive number no greater than 2147483647'],
    ['entity_id=-1', 'entity_id', 'The entity id must be a positive number no greater than 2147483647'],
    ['order_by=ip_address', 'order_by', expect.stringContaining('The order by must be one of')],
    ['ipp=1000', 'ipp', 'The items per page may not be greater than 100'],
  ])('?%s is a 422 on %s', async (query, field, message) => {
    const res = await ctx.call('admin', { method: 'GET', url: `/audit-log/list?${query}` });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('answers staff and technicians 403', async () => {
    for (const role of ['staff', 'technician'] as const) {
      const res = await ctx.call(role, { method: 'GET', url: '/audit-log/list' });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('GET /audit-log/list: labels and names (issue 22)', () => {
  it('names each record as a person knows it and each field by its form label', async () => {
    const facility = await create.facility(ctx, { name: 'Riverbend North Plant' });
    const inventory = await create.inventory(ctx, {
      year: 2026,
      customer_id: facility.customerId,
      facility_id: facility.id,
    });
    const product = await create.product(ctx, {
      name: 'Toluene',
      specific_gravity: '',
      pounds_per_gallon: '',
    });
    const line = await create.inventoryProduct(ctx, inventory.id, { product_id: product.id });
    const saved = await ctx.call('admin', {
      method: 'PATCH',
      url: `/inventories/${inventory.id}/product/${line.id}/update`,
      payload: { ...line.body, container_quantity: '5' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await ctx.call('admin', {
      method: 'GET',
      url: `/audit-log/list?entity=inventory_product&entity_id=${line.id}&action=update`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json().resource.items;
    expect(item.record_name).toBe('Toluene, 2026, Riverbend North Plant');
    expect(item.changes.container_quantity).toEqual({ before: 3, after: 5, label: 'Quantity' });

    const catalogue = await ctx.call('admin', {
      method: 'PATCH',
      url: `/products/${product.id}/update`,
      payload: { ...product.body, pounds_per_gallon: '15.30' },
    });
    expect(catalogue.statusCode, catalogue.body).toBe(200);
    const productRows = await ctx.call('admin', {
      method: 'GET',
      url: `/audit-log/list?entity=product&entity_id=${product.id}&action=update`,
    });
    const [productUpdate] = productRows.json().resource.items;
    expect(productUpdate.record_name).toBe('Toluene');
    expect(productUpdate.changes.pounds_per_gallon).toEqual({
      before: null,
      after: 15.3,
      label: 'Pounds per Gallon',
    });

    const facilityRows = await ctx.call('admin', {
      method: 'GET',
      url: `/audit-log/list?entity=facility&entity_id=${facility.id}`,
    });
    const [created] = facilityRows.json().resource.items;
    expect(created.record_name).toBe('Riverbend North Plant');
    expect(created.changes['address.city'].label).toBe('Address: City');
    const inventoryRows = await ctx.call('admin', {
      method: 'GET',
      url: `/audit-log/list?entity=inventory&entity_id=${inventory.id}`,
    });
    expect(inventoryRows.json().resource.items[0].record_name).toBe('2026, Riverbend North Plant');
  });

  it('keeps the name of a record that is gone', async () => {
    const hazard = await create.hazard(ctx, { name: 'Short-Lived Hazard' });
    const del = await ctx.call('admin', { method: 'DELETE', url: `/hazards/${hazard.id}/delete` });
    expect(del.statusCode, del.body).toBe(200);
    const res = await ctx.call('admin', {
      method: 'GET',
      url: `/audit-log/list?entity=hazards&entity_id=${hazard.id}`,
    });
    const items = res.json().resource.items;
    expect(
      items.map((item: { action: string; record_name: string }) => [item.action, item.record_name]),
    ).toEqual([
      ['delete', 'Short-Lived Hazard'],
      ['create', 'Short-Lived Hazard'],
    ]);
    expect(items[0].changes.name).toEqual({ before: 'Short-Lived Hazard', after: null, label: 'Name' });
  });
});
