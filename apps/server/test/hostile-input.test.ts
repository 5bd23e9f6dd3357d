import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/plugins/auth.ts';
import { AUSTIN_ADDRESS as address } from './fixtures.ts';
import { createTestContext, type TestContext } from './helper.ts';

/**
 * Every route, fed what a careless client or an attacker sends: bad ids, bad list queries,
 * bodies of the wrong shape, and each field of a valid body replaced in turn by hostile values.
 * The rule under test is the guide's: a clear 4xx (or a success), never a 5xx.
 */

const HOSTILE_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  '1e308',
  '-99999999999999999999',
  '99999999999999999999.99',
  'x'.repeat(20_000),
  '',
  '   ',
  {},
  [],
  [1e308],
  ['x'],
  true,
  'nul\u0000byte',
  "'; DROP TABLE users; --",
  '%_\\',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
];

const BAD_IDS = ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', '%00', '1e3'];

const BAD_QUERIES = [
  'page=-1',
  'page=abc',
  'page=99999999999',
  'ipp=0',
  'ipp=100000',
  'ipp=-5',
  'order_by=id;DROP TABLE users',
  'order_dir=sideways',
  'status=maybe',
  `search=${encodeURIComponent('%_\\\u0000')}`,
  `search=${'x'.repeat(5000)}`,
  'search[]=a&search[]=b',
  'sds_status=nonsense',
  'customer_id=abc',
  'username=',
];

/** A valid body for each route that takes one; each field is then replaced by hostile values. */
function validBodies(ids: Record<string, number>): Record<string, Record<string, unknown>> {
  const customer = { name: 'Hostile Co', prepared_at: '2026-03-01', address, is_same_billing_address: 1 };
  const facility = { name: 'Hostile Plant', customer_id: ids.customer, address };
  const product = {
    name: 'Hostile Solvent',
    mfg_name: 'Acme',
    mfg_product_number: 'HS-1',
    mfg_phone: '(555) 123-4567',
    mfg_emergency_phone: '1-800-424-9300',
    sds_date: '2026-01-15',
    physical_state: 'liquid',
    specific_gravity: '0.79',
    pounds_per_gallon: '6.6',
    conversion_factor: '5',
    flash_points: '55',
    nfpa: '2-3-0',
    is_spcc: 1,
    is_sara_f: 1,
    hazard_ids: [ids.hazard],
  };
  const component = {
    name: 'Acetone',
    number: '67-64-1',
    percentage_weight: '40',
    percentage_volume: '45',
    regulations: 'EPCRA 313',
    restrictions: 'None',
    reporting_requirements: 'Tier II',
  };
  const person = { first_name: 'Hal', last_name: 'Tile', phone: '(512) 555-0101' };
  return {
    'POST /auth/sign-in': { email: 'nobody@test.local', password: 'Wrong123', remember_me: true },
    'POST /auth/set-password': { token: 'a'.repeat(43), password: 'Secret123' },
    'PATCH /auth/update-profile': { ...person, email: 'staff@test.local' },
    'POST /users/create': { ...person, email: 'hostile-user@test.local', role: 'staff' },
    'PATCH /users/:id/update': { ...person, email: 'hostile-user@test.local', role: 'staff' },
    'POST /technicians/create': { ...person, email: 'hostile-tech@test.local' },
    'PATCH /technicians/:id/update': { ...person, email: 'hostile-tech@test.local' },
    'POST /customers/create': customer,
    'PATCH /customers/:id/update': customer,
    'POST /facilities/create': facility,
    'PATCH /facilities/:id/update': facility,
    'POST /hazards/create': { name: 'Hostile Class', description: 'x' },
    'PATCH /hazards/:id/update': { name: 'Hostile Class', description: 'x' },
    'POST /containers/create': { name: 'Hostile Drum', description: 'x' },
    'PATCH /containers/:id/update': { name: 'Hostile Drum', description: 'x' },
    'POST /container-units/create': { name: 'Hostile Tote', unit_type: 'gal', description: 'x' },
    'PATCH /container-units/:id/update': { name: 'Hostile Tote', unit_type: 'gal', description: 'x' },
    'POST /products/create': product,
    'PATCH /products/:id/update': product,
    'POST /products/:id/chemical-components/create': component,
    'PATCH /products/:id/chemical-components/:componentId/update': component,
  };
}

/** Which created record stands in for `:id` on each area's routes. */
const ID_OF_AREA: Record<string, string> = {
  users: 'user',
  technicians: 'technician',
  customers: 'customer',
  facilities: 'facility',
  hazards: 'hazard',
  containers: 'container',
  'container-units': 'unit',
  products: 'product',
};

let ctx: TestContext;
const ids: Record<string, number> = {};
let routeKeys: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  async function create(key: string, url: string, payload: Record<string, unknown>) {
    const res = await ctx.call('admin', { method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().resource.id;
  }
  await create('hazard', '/hazards/create', { name: 'Flammable' });
  await create('customer', '/customers/create', {
    name: 'Target Co',
    address,
    is_same_billing_address: 1,
  });
  await create('facility', '/facilities/create', {
    name: 'Target Plant',
    customer_id: ids.customer,
    address,
  });
  await create('container', '/containers/create', { name: 'Drum' });
  await create('unit', '/container-units/create', { name: 'Drum (gal)' });
  await create('user', '/users/create', {
    first_name: 'Tar',
    last_name: 'Get',
    email: 'target@test.local',
    role: 'staff',
  });
  await create('technician', '/technicians/create', {
    first_name: 'Tec',
    last_name: 'Get',
    email: 'tec@test.local',
  });
  await create('product', '/products/create', { name: 'Target Product', mfg_name: 'Acme' });
  await create('component', `/products/${ids.product}/chemical-components/create`, {
    name: 'Acetone',
    number: '67-64-1',
  });
  routeKeys = ctx.routes
    .filter((route) => route.url.startsWith(API_PREFIX) && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url.slice(API_PREFIX.length)}`);
});
afterAll(() => ctx.close());

/** An admin call, except that logout gets a throwaway session so the admin's survives. */
async function send(key: string, options: Omit<InjectOptions, 'url'> & { url: string }) {
  const headers: Record<string, string> = {};
  if (key === 'POST /auth/logout') headers.authorization = `Bearer ${await ctx.freshToken('admin')}`;
  return ctx.call('admin', { ...options, headers: { ...headers, ...(options.headers as object) } });
}

function withIds(path: string, id: string | number, componentId: string | number = ids.component!): string {
  return path.replace(':componentId', String(componentId)).replace(':id', String(id));
}

function realIdFor(path: string): number {
  const area = path.split('/')[1]!;
  return ids[ID_OF_AREA[area] ?? 'product']!;
}

function expectNoServerError(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(typeof res.json().message, `${what}: error body without a message`).toBe('string');
  }
}

describe('hostile input never produces a server error', () => {
  it('covers every route that takes a body', () => {
    const withBody = routeKeys.filter(
      (key) => /^(POST|PATCH|PUT) /.test(key) && !key.includes('/activate') && key !== 'POST /auth/logout',
    );
    const known = Object.keys(validBodies(ids));
    // forgot-password reads its query (covered below); the upload takes multipart (files.test.ts).
    expect(withBody.filter((key) => !known.includes(key))).toEqual([
      'POST /auth/forgot-password',
      'POST /file/upload',
    ]);
  });

  it('bad ids in every path', async () => {
    for (const key of routeKeys.filter((k) => k.includes(':'))) {
      const [method, path] = key.split(' ') as [InjectOptions['method'], string];
      for (const bad of BAD_IDS) {
        for (const url of [withIds(path, bad), withIds(path, realIdFor(path), bad)]) {
          const res = await send(key, { method, url, payload: method === 'GET' ? undefined : {} });
          expectNoServerError(res, `${method} ${url}`);
        }
      }
    }
  });

  it('bad list queries on every GET', async () => {
    for (const key of routeKeys.filter((k) => k.startsWith('GET '))) {
      const path = key.slice(4);
      for (const query of BAD_QUERIES) {
        const url = `${withIds(path, realIdFor(path))}?${query}`;
        const res = await send(key, { method: 'GET', url });
        expectNoServerError(res, `GET ${url}`);
      }
    }
  });

  it('bodies of the wrong shape and type', async () => {
    const shapes: { payload: string; contentType: string }[] = [
      { payload: '{"name": ', contentType: 'application/json' },
      { payload: '', contentType: 'application/json' },
      { payload: '{"__proto__": {"x": 1}}', contentType: 'application/json' },
      { payload: 'null', contentType: 'application/json' },
      { payload: '[]', contentType: 'application/json' },
      { payload: '"text"', contentType: 'application/json' },
      { payload: '42', contentType: 'application/json' },
      { payload: 'name=x', contentType: 'application/x-www-form-urlencoded' },
      { payload: 'name', contentType: 'text/plain' },
      { payload: '<a/>', contentType: 'application/xml' },
    ];
    for (const key of Object.keys(validBodies(ids))) {
      const [method, path] = key.split(' ') as [InjectOptions['method'], string];
      const url = withIds(path, realIdFor(path));
      for (const { payload, contentType } of shapes) {
        const res = await send(key, { method, url, payload, headers: { 'content-type': contentType } });
        expectNoServerError(res, `${key} with ${contentType} ${payload}`);
      }
    }
  });

  // One test a route: each sends a few hundred requests, and gets its own time budget.
  it.each(Object.keys(validBodies({})))(
    'each field of a valid body replaced by hostile values: %s',
    async (key) => {
      const body = validBodies(ids)[key]!;
      const [method, path] = key.split(' ') as [InjectOptions['method'], string];
      const url = withIds(path, realIdFor(path));
      const variants: Record<string, unknown>[] = [];
      for (const field of Object.keys(body)) {
        for (const value of HOSTILE_VALUES) variants.push({ ...body, [field]: value });
      }
      if ('address' in body) {
        for (const field of Object.keys(address)) {
          for (const value of HOSTILE_VALUES)
            variants.push({ ...body, address: { ...address, [field]: value } });
        }
      }
      for (const payload of variants) {
        const res = await send(key, { method, url, payload });
        expectNoServerError(res, `${key} ${JSON.stringify(payload).slice(0, 200)}`);
      }
    },
  );
});

describe('the answers hostile input gets', () => {
  it('a NUL character is a 422 on its field, and nothing is saved', async () => {
    const before = await ctx.call('admin', { method: 'GET', url: '/customers/list?ipp=100' });
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/customers/create',
      payload: { name: 'Nul Co', address: { ...address, city: 'Aus\u0000tin' }, is_same_billing_address: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The value contains a character that is not allowed.',
      errors: { 'address.city': ['The value contains a character that is not allowed.'] },
    });
    const after = await ctx.call('admin', { method: 'GET', url: '/customers/list?ipp=100' });
    expect(after.json().resource.meta.total).toBe(before.json().resource.meta.total);
  });

  it('a NUL character in a search is a 422 on the search', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: '/products/list?search=a%00b' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ search: ['The value contains a character that is not allowed.'] });
  });

  it('an id beyond the integer range is a 422, in the path and in a body', async () => {
    const path = await ctx.call('admin', { method: 'GET', url: '/products/2147483648/get' });
    expect(path.statusCode).toBe(422);
    expect(path.json().errors).toEqual({
      id: ['The id must be a positive number no greater than 2147483647'],
    });
    const body = await ctx.call('admin', {
      method: 'POST',
      url: '/facilities/create',
      payload: { name: 'Far Plant', customer_id: 2147483648, address },
    });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors.customer_id).toEqual(['Customer is required']);
  });
});
