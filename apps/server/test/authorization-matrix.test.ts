import { type Action, INVENTORY_MSG, INVENTORY_PRODUCT_MSG, PERMISSIONS, type Role } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/plugins/auth.ts';
import { create, inventoryBody } from '../src/seed/factories.ts';
import { createTestContext, type TestContext } from './helper.ts';

const ALL: Role[] = ['admin', 'staff', 'technician'];
const STAFF: Role[] = ['admin', 'staff'];
const ADMIN: Role[] = ['admin'];
const PUBLIC = 'public' as const;
/**
 * Staff and admins, and a technician on an inventory assigned to them (active and open: issue
 * 22). The route's action grants every role; the inventory's assignment decides a technician's.
 */
const ASSIGNED = 'assigned' as const;

/**
 * Who may call every API route. A route missing here fails the test, so each new area must
 * add its rows. Roles not listed must get 403, anonymous callers 401 (public routes skip both).
 */
const MATRIX: Record<string, Role[] | typeof PUBLIC | typeof ASSIGNED> = {
  'POST /auth/sign-in': PUBLIC,
  'POST /auth/forgot-password': PUBLIC,
  'POST /auth/set-password': PUBLIC,
  'GET /auth/password-link': PUBLIC,
  'POST /auth/logout': ALL,
  'GET /auth/me': ALL,
  'PATCH /auth/update-profile': ALL,

  'GET /users/list': ADMIN,
  'GET /users/autocomplete-list': ADMIN,
  'GET /users/:id/get': ADMIN,
  'POST /users/create': ADMIN,
  'PATCH /users/:id/update': ADMIN,
  'PATCH /users/:id/activate': ADMIN,
  'DELETE /users/:id/delete': ADMIN,
  'POST /users/:id/end-sessions': ADMIN,

  'GET /technicians/list': STAFF,
  'GET /technicians/autocomplete-list': STAFF,
  'GET /technicians/:id/get': STAFF,
  'POST /technicians/create': STAFF,
  'PATCH /technicians/:id/update': ADMIN,
  'PATCH /technicians/:id/activate': ADMIN,
  'DELETE /technicians/:id/delete': ADMIN,
  'POST /technicians/:id/end-sessions': ADMIN,

  'GET /general/states': STAFF,

  'GET /customers/list': STAFF,
  'GET /customers/autocomplete-list': STAFF,
  'GET /customers/:id/get': STAFF,
  'POST /customers/create': STAFF,
  'PATCH /customers/:id/update': ADMIN,
  'PATCH /customers/:id/activate': ADMIN,

  'GET /facilities/list': STAFF,
  'GET /facilities/autocomplete-list': STAFF,
  'GET /facilities/:id/get': STAFF,
  'POST /facilities/create': STAFF,
  'PATCH /facilities/:id/update': ADMIN,
  'PATCH /facilities/:id/activate': ADMIN,

  // Issue 25: a customer's Tier II contacts, shared by its facilities (decision 018).
  'GET /contacts/list': STAFF,
  'GET /contacts/:id/get': STAFF,
  'POST /contacts/create': STAFF,
  'PATCH /contacts/:id/update': STAFF,
  'PATCH /contacts/:id/activate': STAFF,
  'DELETE /contacts/:id/delete': STAFF,

  'GET /hazards/list': STAFF,
  // Issue 22: the pickers of the line form a technician fills in.
  'GET /hazards/autocomplete-list': ALL,
  'GET /hazards/:id/get': STAFF,
  'POST /hazards/create': ADMIN,
  'PATCH /hazards/:id/update': ADMIN,
  'PATCH /hazards/:id/activate': ADMIN,
  'DELETE /hazards/:id/delete': ADMIN,

  'GET /containers/list': STAFF,
  'GET /containers/autocomplete-list': ALL,
  'GET /containers/:id/get': STAFF,
  'POST /containers/create': STAFF,
  'PATCH /containers/:id/update': ADMIN,
  'PATCH /containers/:id/activate': ADMIN,

  'GET /container-units/list': STAFF,
  'GET /container-units/autocomplete-list': ALL,
  'GET /container-units/:id/get': STAFF,
  'POST /container-units/create': STAFF,
  'PATCH /container-units/:id/update': ADMIN,
  'PATCH /container-units/:id/activate': ADMIN,

  // Every role reaches the call; the kind decides further (a technician only `sds-photo`, issue
  // 22: see "uploads per kind" below). The row calls it with that kind.
  'POST /file/upload': ALL,

  // Issue 22: the catalogue search of the line form.
  'GET /products/list': ALL,
  'GET /products/:id/get': ALL,
  'POST /products/create': STAFF,
  'PATCH /products/:id/update': STAFF,
  'PATCH /products/:id/activate': STAFF,
  'DELETE /products/:id/sds-delete': STAFF,
  'GET /products/:id/sds-download': STAFF,

  'GET /chemical-components/autocomplete-list': STAFF,
  'GET /products/:id/chemical-components/list': STAFF,
  'GET /products/:id/chemical-components/:componentId/get': STAFF,
  'POST /products/:id/chemical-components/create': STAFF,
  'PATCH /products/:id/chemical-components/:componentId/update': STAFF,
  'DELETE /products/:id/chemical-components/:componentId/unlink': STAFF,

  // Issue 22: a technician's list holds only their own inventories.
  'GET /inventories/list': ALL,
  'GET /inventories/autocomplete-list': STAFF,
  'GET /inventories/:id/get': ASSIGNED,
  'GET /inventories/:customerId/:facilityId/years-list': STAFF,
  'GET /inventories/:customerId/years-list': STAFF,
  'POST /inventories/create': STAFF,
  'PATCH /inventories/:id/update': STAFF,
  'PATCH /inventories/:id/activate': ADMIN,
  'POST /inventories/:id/copy-products': STAFF,

  'GET /inventories/:id/products': ASSIGNED,
  'GET /inventories/:id/print-all-sds-v2': STAFF,
  'GET /inventories/:id/products/autocomplete-list': ASSIGNED,
  'POST /inventories/:id/product/check-existing': ASSIGNED,
  'POST /inventories/:id/product/create': ASSIGNED,
  'GET /inventories/:id/product/:productId/get': ASSIGNED,
  'PATCH /inventories/:id/product/:productId/update': ASSIGNED,
  'PATCH /inventories/:id/product/:productId/resolve-question': ASSIGNED,
  'PATCH /inventories/:id/product/:productId/refresh-from-catalog': ASSIGNED,
  'DELETE /inventories/:id/product/:productId/unlink': ADMIN,
  'GET /inventories/:id/product/:productId/chemical-components/list': ASSIGNED,
  'GET /inventories/:id/product/:productId/chemical-components/:componentId/get': ASSIGNED,
  'POST /inventories/:id/product/:productId/chemical-components/create': ASSIGNED,
  'PATCH /inventories/:id/product/:productId/chemical-components/:componentId/update': ASSIGNED,
  'DELETE /inventories/:id/product/:productId/chemical-components/:componentId/unlink': ASSIGNED,

  // Spec 02 §6: the Database Entry page and its calls are an admin's.
  'GET /db-entry/list': ADMIN,
  'POST /db-entry/create': ADMIN,
  'GET /db-entry/:id/download': ADMIN,
  'GET /db-entry-data/:type/list': ADMIN,

  // Spec 02 §6 "View … reports": staff and admins.
  'GET /report/list': STAFF,
  'POST /report/preview': STAFF,
  // Issue 37: a preview's further pages and a row's explanation, as the preview.
  'POST /report/preview/rows': STAFF,
  'POST /report/preview/explanation': STAFF,
  'POST /report/preview/warnings': STAFF,
  'POST /report/preview/info-groups': STAFF,
  'POST /report/generate': STAFF,
  // Issue 36: what changed since the previous inventory, as the reports.
  'GET /report/changes': STAFF,
  // Issue 25: a Tier II import writes customers, facilities, products and an inventory: staff and admins.
  'POST /tier2/import': STAFF,
  'POST /sds/read': STAFF,

  // Issue 25: the Tier II export, as the reports.
  'GET /tier2/export': STAFF,

  // Issue 23: the fire-code permit amounts: staff read them, an admin adjusts them.
  'GET /fire-code-permit-amounts/list': STAFF,
  'PATCH /fire-code-permit-amounts/:id/update': ADMIN,

  // Issue 12: the audit trail is an admin's.
  'GET /audit-log/list': ADMIN,

  // Issue 32: backups hold everything: an admin's.
  'POST /backups/create': ADMIN,
  'GET /backups/list': ADMIN,
  'GET /backups/:name/download': ADMIN,
  // Issue 36: filing status; staff mark what they filed, an admin takes a mark back.
  'GET /filings/list': STAFF,
  'GET /filings/export': STAFF,
  'POST /filings/mark-filed': STAFF,
  'DELETE /filings/:id/unmark': ADMIN,
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** An active, open inventory assigned to the test technician, made once. */
let ownInventory: Promise<number> | undefined;
function ownInventoryId(): Promise<number> {
  ownInventory ??= create
    .inventory(ctx, { technician_ids: [ctx.users.technician.id] })
    .then((inventory) => inventory.id);
  return ownInventory;
}

function apiRoutes() {
  return ctx.routes
    .filter((route) => route.url.startsWith(`${API_PREFIX}/`) && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url.slice(API_PREFIX.length)}`);
}

/**
 * A concrete URL for a route pattern: ids that exist nowhere, so no call changes data; `inventoryId`
 * names the inventory of an `/inventories/:id/…` route instead (a technician's own).
 */
function concreteUrl(pattern: string, inventoryId?: number): string {
  if (pattern === '/file/upload') return '/file/upload?kind=sds-photo';
  return pattern.replace(/:[A-Za-z]+/g, (param) => {
    if (param === ':type') return '313';
    if (param === ':id' && inventoryId !== undefined) return String(inventoryId);
    return '999999';
  });
}

/** The roles a route's action must grant: an ASSIGNED route's grants every role. */
function grantedRoles(allowed: Role[] | typeof PUBLIC | typeof ASSIGNED | undefined) {
  if (allowed === PUBLIC) return PUBLIC;
  return [...(allowed === ASSIGNED ? ALL : (allowed ?? []))].sort();
}

describe('authorization matrix', () => {
  it('lists every registered API route, and only those', () => {
    const registered = apiRoutes().sort();
    expect(registered).toEqual(Object.keys(MATRIX).sort());
  });

  it("names, for every route, an action whose roles in the domain's PERMISSIONS table are the matrix's", () => {
    const mismatches = ctx.routes
      .filter((route) => route.url.startsWith(`${API_PREFIX}/`) && route.method !== 'HEAD')
      .flatMap((route) => {
        const key = `${route.method} ${route.url.slice(API_PREFIX.length)}`;
        const expected = MATRIX[key];
        const granted =
          route.permission === undefined ? PUBLIC : [...PERMISSIONS[route.permission as Action]].sort();
        const wanted = grantedRoles(expected);
        return JSON.stringify(granted) === JSON.stringify(wanted)
          ? []
          : [
              `${key}: ${route.permission ?? 'public'} grants ${JSON.stringify(granted)}, matrix ${JSON.stringify(wanted)}`,
            ];
      });
    expect(mismatches).toEqual([]);
  });

  for (const [route, allowed] of Object.entries(MATRIX)) {
    const [method, pattern] = route.split(' ') as [string, string];
    // Each call gets its own session so a logout in one row cannot sign out the next.
    const call = async (role: Role | null, inventoryId?: number) =>
      ctx.call(null, {
        method: method as 'GET',
        url: concreteUrl(pattern, inventoryId),
        headers: role ? { authorization: `Bearer ${await ctx.freshToken(role)}` } : {},
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });

    const says =
      allowed === PUBLIC
        ? 'public'
        : allowed === ASSIGNED
          ? 'admin, staff, assigned technician'
          : allowed.join(', ');
    it(`${route}: ${says}`, async () => {
      if (allowed === PUBLIC) {
        const res = await call(null);
        expect(res.statusCode, res.body).not.toBe(401);
        expect(res.statusCode, res.body).not.toBe(403);
        expect(res.statusCode, res.body).toBeLessThan(500);
        return;
      }
      const anonymous = await call(null);
      expect(anonymous.statusCode, anonymous.body).toBe(401);
      if (allowed === ASSIGNED) {
        for (const role of STAFF) {
          const res = await call(role);
          expect([401, 403], `${role}: ${res.body}`).not.toContain(res.statusCode);
          expect(res.statusCode, `${role}: ${res.body}`).toBeLessThan(500);
        }
        const elsewhere = await call('technician');
        expect(elsewhere.statusCode, `technician elsewhere: ${elsewhere.body}`).toBe(403);
        expect(elsewhere.json()).toEqual({ message: 'You do not have permission to perform this action.' });
        const own = await call('technician', await ownInventoryId());
        expect([401, 403], `technician on own: ${own.body}`).not.toContain(own.statusCode);
        expect(own.statusCode, `technician on own: ${own.body}`).toBeLessThan(500);
        return;
      }
      for (const role of ALL) {
        const res = await call(role);
        if (allowed.includes(role)) {
          expect([401, 403], `${role}: ${res.body}`).not.toContain(res.statusCode);
          expect(res.statusCode, `${role}: ${res.body}`).toBeLessThan(500);
        } else {
          expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
          expect(res.json()).toEqual({ message: 'You do not have permission to perform this action.' });
        }
      }
    });
  }
});

/**
 * What each role may upload (the upload's kind): refused with 403 before the body is read, and
 * nothing is stored. Roles allowed get past the check (the empty body then gets 415).
 */
describe('uploads per kind', () => {
  const KINDS: Record<string, Role[]> = {
    general: STAFF,
    sds: STAFF,
    database: ADMIN,
    'sds-photo': ALL,
  };
  for (const [kind, allowed] of Object.entries(KINDS)) {
    it.each(ALL)(`kind=${kind}: %s`, async (role) => {
      const res = await ctx.call(role, { method: 'POST', url: `/file/upload?kind=${kind}`, payload: {} });
      if (allowed.includes(role)) {
        expect(res.statusCode, res.body).toBe(415);
      } else {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ message: 'You do not have permission to perform this action.' });
      }
    });
  }
});

/**
 * Rules that depend on the record as well as the role (spec 02 §4 and §6): who may change a
 * completed inventory, and who may complete one. The route's action lets staff in; the service
 * refuses them with a 403 of its own, and the row stays as it was.
 */
describe('inventory completion per role', () => {
  const FORBIDDEN_BODY = { message: 'You do not have permission to perform this action.' };

  async function completedInventory() {
    const inventory = await create.inventory(ctx);
    const body = inventoryBody({ customer_id: inventory.customerId, facility_id: inventory.facilityId });
    const res = await ctx.call('admin', {
      method: 'PATCH',
      url: `/inventories/${inventory.id}/update`,
      payload: { ...body, is_completed: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { id: inventory.id, body };
  }

  it.each([
    ['admin', 200, undefined],
    ['staff', 403, { message: INVENTORY_MSG.completedLocked }],
    ['technician', 403, FORBIDDEN_BODY],
  ] as const)('a completed inventory: %s may edit it → %i', async (role, status, answer) => {
    const { id, body } = await completedInventory();
    const before = await ctx.call('admin', { method: 'GET', url: `/inventories/${id}/get` });
    const res = await ctx.call(role, {
      method: 'PATCH',
      url: `/inventories/${id}/update`,
      payload: { ...body, year: 2016 },
    });
    expect(res.statusCode, res.body).toBe(status);
    if (answer) {
      expect(res.json()).toEqual(answer);
      const after = await ctx.call('admin', { method: 'GET', url: `/inventories/${id}/get` });
      expect(after.json()).toEqual(before.json());
    }
  });

  it.each([
    ['admin', 200, undefined],
    ['staff', 403, { message: INVENTORY_MSG.completeAdminOnly }],
    ['technician', 403, FORBIDDEN_BODY],
  ] as const)('an open inventory: %s may complete it → %i', async (role, status, answer) => {
    const inventory = await create.inventory(ctx);
    const body = inventoryBody({ customer_id: inventory.customerId, facility_id: inventory.facilityId });
    const res = await ctx.call(role, {
      method: 'PATCH',
      url: `/inventories/${inventory.id}/update`,
      payload: { ...body, is_completed: 1 },
    });
    expect(res.statusCode, res.body).toBe(status);
    const after = await ctx.call('admin', { method: 'GET', url: `/inventories/${inventory.id}/get` });
    expect(after.json().resource.is_completed).toBe(status === 200);
    if (answer) expect(res.json()).toEqual(answer);
  });
});

/**
 * The lines of an inventory (spec 02 §4 and §6): an admin adds and edits them always, staff only
 * while the inventory is active and not completed; a technician never. The inventory is closed
 * after its line is added, and a refused save leaves the lines as they were.
 */
describe('inventory lines per role, on a completed or an archived inventory', () => {
  const FORBIDDEN_BODY = { message: 'You do not have permission to perform this action.' };
  const CLOSED_BODY = { message: INVENTORY_PRODUCT_MSG.closedInventory };

  async function closedInventory(state: 'completed' | 'archived') {
    const inventory = await create.inventory(ctx);
    const line = await create.inventoryProduct(ctx, inventory.id);
    if (state === 'completed') {
      const body = inventoryBody({ customer_id: inventory.customerId, facility_id: inventory.facilityId });
      const res = await ctx.call('admin', {
        method: 'PATCH',
        url: `/inventories/${inventory.id}/update`,
        payload: { ...body, is_completed: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
    } else {
      const res = await ctx.call('admin', { method: 'PATCH', url: `/inventories/${inventory.id}/activate` });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { inventoryId: inventory.id, line };
  }

  it.each([
    ['completed', 'admin', 200, undefined],
    ['completed', 'staff', 403, CLOSED_BODY],
    ['completed', 'technician', 403, FORBIDDEN_BODY],
    ['archived', 'admin', 200, undefined],
    ['archived', 'staff', 403, CLOSED_BODY],
    ['archived', 'technician', 403, FORBIDDEN_BODY],
  ] as const)('a %s inventory: %s may edit a line → %i', async (state, role, status, answer) => {
    const { inventoryId, line } = await closedInventory(state);
    const url = `/inventories/${inventoryId}/product/${line.id}`;
    const before = await ctx.call('admin', { method: 'GET', url: `${url}/get` });
    const res = await ctx.call(role, {
      method: 'PATCH',
      url: `${url}/update`,
      payload: { ...line.body, container_quantity: '9' },
    });
    expect(res.statusCode, res.body).toBe(status);
    const after = await ctx.call('admin', { method: 'GET', url: `${url}/get` });
    if (answer) {
      expect(res.json()).toEqual(answer);
      expect(after.json()).toEqual(before.json());
    } else {
      expect(after.json().resource.container_quantity).toBe(9);
    }
  });

  it.each([
    ['completed', 'admin', 200, undefined],
    ['completed', 'staff', 403, CLOSED_BODY],
    ['completed', 'technician', 403, FORBIDDEN_BODY],
    ['archived', 'admin', 200, undefined],
    ['archived', 'staff', 403, CLOSED_BODY],
    ['archived', 'technician', 403, FORBIDDEN_BODY],
  ] as const)(
    'a %s inventory: %s may refresh a line from the catalogue → %i',
    async (state, role, status, answer) => {
      const { inventoryId, line } = await closedInventory(state);
      const res = await ctx.call(role, {
        method: 'PATCH',
        url: `/inventories/${inventoryId}/product/${line.id}/refresh-from-catalog`,
      });
      expect(res.statusCode, res.body).toBe(status);
      if (answer) expect(res.json()).toEqual(answer);
    },
  );

  it.each([
    ['completed', 'admin', 201],
    ['completed', 'staff', 403],
    ['archived', 'admin', 201],
    ['archived', 'staff', 403],
  ] as const)('a %s inventory: %s may add a line → %i', async (state, role, status) => {
    const { inventoryId, line } = await closedInventory(state);
    const res = await ctx.call(role, {
      method: 'POST',
      url: `/inventories/${inventoryId}/product/create`,
      payload: { ...line.body, container_size: '30' },
    });
    expect(res.statusCode, res.body).toBe(status);
    const list = await ctx.call('admin', { method: 'GET', url: `/inventories/${inventoryId}/products` });
    expect(list.json().resource.lines).toBe(status === 201 ? 2 : 1);
  });
});
