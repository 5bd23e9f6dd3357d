import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, PgVarchar } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.ts';
import { API_PREFIX } from '../src/plugins/auth.ts';
import { addressBody, create, customerBody, facilityBody } from '../src/seed/factories.ts';
import { createTestContext, type TestContext } from './helper.ts';
import {
  ACCOUNT_BODY_ROUTES,
  BODY_ROUTES,
  CATALOG_BODY_ROUTES,
  checkBodyRoute,
  expectNoServerError,
  isSaved,
  NOT_WRITTEN_FROM_A_BODY,
  RECORD_OF_AREA,
  ROUTE_TIMEOUT_MS,
  reportReached,
} from './hostile-input.ts';

/**
 * Every route, fed what a careless client or an attacker sends: bad ids, bad list queries,
 * bodies of the wrong shape, and (with hostile-input-accounts.test.ts, see hostile-input.ts) each
 * field of a valid body replaced in turn by hostile values and by lengths at and past its column.
 */

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
  // The audit log's filters (issue 12): each a 422 on its field there, ignored elsewhere.
  'entity=nothing&action=%00',
  'entity_id=2147483648&actor=1e3',
  'from=2026-02-30&to=99999-01-01',
  'from=2026-12-31&to=2026-01-01',
];

let ctx: TestContext;
/** Records for the bad-id, list-query and wrong-shape passes, which never change them. */
const probe: Record<string, number> = {};
let routeKeys: string[] = [];
const reached: Record<string, { variants: number; saved: number }> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  probe.hazard = (await create.hazard(ctx)).id;
  const facility = await create.facility(ctx);
  probe.facility = facility.id;
  probe.customer = facility.customerId;
  probe.contact = (await create.contact(ctx, { customer_id: probe.customer })).id;
  probe.container = (await create.container(ctx)).id;
  probe.unit = (await create.containerUnit(ctx)).id;
  probe.user = (await create.user(ctx)).id;
  probe.technician = (await create.technician(ctx)).id;
  const component = await create.component(ctx, {}, (await create.product(ctx)).id);
  probe.product = component.productId;
  probe.component = component.id;
  probe.inventory = (
    await create.inventory(ctx, { customer_id: probe.customer, facility_id: probe.facility })
  ).id;
  probe.line = (await create.inventoryProduct(ctx, probe.inventory)).id;
  routeKeys = ctx.routes
    .filter((route) => route.url.startsWith(API_PREFIX) && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url.slice(API_PREFIX.length)}`);
});
afterAll(async () => {
  reportReached(reached);
  await ctx?.close();
});

/** An admin call, except that logout gets a throwaway session so the admin's survives. */
async function send(key: string, options: Omit<InjectOptions, 'url'> & { url: string }) {
  const headers: Record<string, string> = {};
  if (key === 'POST /auth/logout') headers.authorization = `Bearer ${await ctx.freshToken('admin')}`;
  return ctx.call('admin', { ...options, headers: { ...headers, ...(options.headers as object) } });
}

/**
 * The first id stands for `:id` (or `:customerId`), the second for `:componentId`, `:productId`
 * (an inventory's line) or `:facilityId`.
 */
function withIds(urlPath: string, id: string | number, second?: string | number) {
  // A list type stands where an id would: a bad id is a bad type, a probe id the 313 list.
  return urlPath
    .replace(':type', typeof id === 'number' ? '313' : id)
    .replace(':componentId', String(second ?? probe.component))
    .replace(':productId', String(second ?? probe.line))
    .replace(':customerId', String(id))
    .replace(':facilityId', String(second ?? probe.facility))
    .replace(':id', String(id));
}

function probeIdFor(urlPath: string): number {
  if (urlPath.includes(':customerId')) return probe.customer!;
  const area = urlPath.split('/')[1]!;
  return probe[RECORD_OF_AREA[area] ?? 'product']!;
}

describe('hostile input never produces a server error', () => {
  it('covers every route that takes a body', () => {
    const withBody = routeKeys.filter(
      // Activate, resolve-question, refresh-from-catalog, end-sessions and backups/create take no body.
      (key) =>
        /^(POST|PATCH|PUT) /.test(key) &&
        !key.includes('/activate') &&
        !key.endsWith('/resolve-question') &&
        !key.endsWith('/refresh-from-catalog') &&
        !key.endsWith('/end-sessions') &&
        key !== 'POST /auth/logout' &&
        key !== 'POST /backups/create',
    );
    const known = Object.keys(BODY_ROUTES);
    // forgot-password reads its query (covered below); the uploads take multipart (files.test.ts,
    // tier2-import.test.ts, sds-reading.test.ts).
    expect(withBody.filter((key) => !known.includes(key))).toEqual([
      'POST /auth/forgot-password',
      'POST /file/upload',
      // Its body is a list of ids only, each checked against the inventory (422 for any other
      // value, inventories.test.ts); one valid copy fills the inventory, so the probe's repeated
      // valid bodies meet the 409 and never reach a second write.
      'POST /inventories/:id/copy-products',
      'POST /sds/read',
      'POST /tier2/import',
    ]);
  });

  it('splits the body routes between the two hostile-input files, each once', () => {
    expect([...CATALOG_BODY_ROUTES, ...ACCOUNT_BODY_ROUTES].sort()).toEqual(Object.keys(BODY_ROUTES).sort());
    expect(CATALOG_BODY_ROUTES.filter((key) => ACCOUNT_BODY_ROUTES.includes(key))).toEqual([]);
  });

  it('covers every varchar column of the schema with a body route, or says why none writes it', () => {
    const covered = new Set(
      Object.values(BODY_ROUTES).flatMap((route) =>
        route.columns.map(({ table }) => getTableConfig(table).name),
      ),
    );
    const uncovered = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableConfig(table))
      .filter((config) => config.columns.some((column) => is(column, PgVarchar)))
      .map((config) => config.name)
      .filter((name) => !covered.has(name) && !(name in NOT_WRITTEN_FROM_A_BODY));
    expect(uncovered).toEqual([]);
  });

  it('bad ids in every path, and no record is changed by them', async () => {
    const before = await Promise.all(
      Object.keys(RECORD_OF_AREA).map((area) =>
        ctx.call('admin', { method: 'GET', url: `/${area}/${probeIdFor(`/${area}`)}/get` }),
      ),
    );
    for (const key of routeKeys.filter((k) => k.includes(':'))) {
      const [method, urlPath] = key.split(' ') as [InjectOptions['method'], string];
      for (const bad of BAD_IDS) {
        // A real id only ever stands next to a bad one: a DELETE must never meet a real record here.
        const urls = [withIds(urlPath, bad)];
        if (/:componentId|:productId|:facilityId/.test(urlPath))
          urls.push(withIds(urlPath, probeIdFor(urlPath), bad));
        for (const url of urls) {
          const res = await send(key, { method, url, payload: method === 'GET' ? undefined : {} });
          expectNoServerError(res, `${method} ${url}`);
          expect(isSaved(res), `${method} ${url} → ${res.statusCode}`).toBe(false);
        }
      }
    }
    const after = await Promise.all(
      Object.keys(RECORD_OF_AREA).map((area) =>
        ctx.call('admin', { method: 'GET', url: `/${area}/${probeIdFor(`/${area}`)}/get` }),
      ),
    );
    expect(after.map((res) => res.statusCode)).toEqual(before.map(() => 200));
    expect(after.map((res) => res.json())).toEqual(before.map((res) => res.json()));
  });

  // Fifteen queries on each of 40-odd routes: more than the default 30 s on a loaded machine.
  it(
    'bad list queries on every GET',
    async () => {
      for (const key of routeKeys.filter((k) => k.startsWith('GET '))) {
        const urlPath = key.slice(4);
        for (const query of BAD_QUERIES) {
          const url = `${withIds(urlPath, probeIdFor(urlPath))}?${query}`;
          const res = await send(key, { method: 'GET', url });
          expectNoServerError(res, `GET ${url}`);
        }
      }
    },
    ROUTE_TIMEOUT_MS,
  );

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
    for (const key of Object.keys(BODY_ROUTES)) {
      const [method, urlPath] = key.split(' ') as [InjectOptions['method'], string];
      const url = withIds(urlPath, probeIdFor(urlPath));
      for (const { payload, contentType } of shapes) {
        const res = await send(key, { method, url, payload, headers: { 'content-type': contentType } });
        expectNoServerError(res, `${key} with ${contentType} ${payload}`);
        expect(isSaved(res), `${key} with ${contentType} ${payload} → ${res.statusCode}`).toBe(false);
      }
    }
  });

  // One test a route: each sends a few hundred requests, and gets its own time budget.
  it.each(CATALOG_BODY_ROUTES)(
    '%s: saves its valid body, then each field replaced by hostile values and by lengths at and past its column',
    async (key) => {
      reached[key] = await checkBodyRoute(ctx, key);
    },
    ROUTE_TIMEOUT_MS,
  );
});

describe('the answers hostile input gets', () => {
  it('a NUL character is a 422 on its field, and nothing is saved', async () => {
    const before = await ctx.call('admin', { method: 'GET', url: '/customers/list?ipp=100' });
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/customers/create',
      payload: customerBody({ address: addressBody({ city: 'Aus\u0000tin' }) }),
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
    const inPath = await ctx.call('admin', { method: 'GET', url: '/products/2147483648/get' });
    expect(inPath.statusCode).toBe(422);
    expect(inPath.json().errors).toEqual({
      id: ['The id must be a positive number no greater than 2147483647'],
    });
    const body = await ctx.call('admin', {
      method: 'POST',
      url: '/facilities/create',
      payload: facilityBody({ customer_id: 2147483648 }),
    });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors.customer_id).toEqual(['Customer is required']);
  });
});
