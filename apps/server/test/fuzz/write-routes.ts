import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { create } from '../../src/seed/factories.ts';
import { APP_KEY, createTestUser, type TestContext } from '../helper.ts';
import { RECORD_OF_AREA } from '../hostile-input.ts';
import { upload } from '../uploads.ts';
import type { RouteSchemas } from './route-schemas.ts';
import { fuzzArbitrary, validArbitrary } from './zod-arbitrary.ts';

/**
 * The property-based fuzz of every write route (issue 12): bodies, path ids and queries drawn
 * from the routes' own Zod schemas (zod-arbitrary.ts), sent through `app.inject`. Each case must
 * answer below 500, every 4xx with a JSON `message`, and every 2xx with a body its route's
 * response schema for that status accepts (a 2xx with no schema for its status fails too).
 */

/** Fields whose rule is code the deriver cannot read, with values that pass it. */
export const FIELD_ARBITRARIES: Record<string, fc.Arbitrary<unknown>> = {
  // A state the states table holds (the server looks it up), or none where that is allowed.
  state: fc.constantFrom('TX', 'CA', 'NY', 'WA', 'tx'),
  // 2015 to this year (spec 02 §9), sent as a number or as text as the form does; last year most
  // often, the year of the seeded inventories, so the reports find their lines.
  year: fc
    .oneof(
      { arbitrary: fc.constant(new Date().getFullYear() - 1), weight: 2 },
      { arbitrary: fc.integer({ min: 2015, max: new Date().getFullYear() }), weight: 1 },
    )
    .chain((year) => fc.constantFrom<number | string>(year, String(year))),
  // Issue 36, an inventory's filing facts: a past day (never in the future), and for the EHS one
  // within any inventory year drawn above (2015 on), or none.
  date_signed: fc.constantFrom<string | null>('2021-02-20', '', null),
  ehs_first_present_on: fc.constantFrom<string | null>('2015-01-01', '2015-12-31', null),
};

/** Write routes the fuzz leaves to another test, each with the reason. */
export const NOT_FUZZED: Record<string, string> = {
  'POST /file/upload': 'multipart, not JSON: test/upload-attacks.test.ts and files.test.ts attack it',
  'POST /backups/create':
    'takes no body, id nor query, so every draw is the same request: 100 whole backups (70 s) prove nothing more than src/modules/backups/backups.test.ts does; hostile-input.test.ts sends it hostile bodies',
};

/** Which group, and so which test file, fuzzes a route: three files run side by side. */
export function fuzzGroupOf(key: string): 'accounts' | 'catalog' | 'inventories' {
  const area = key.split(' ')[1]!.split('/')[1]!;
  if (['auth', 'users', 'technicians', 'customers', 'facilities', 'contacts'].includes(area))
    return 'accounts';
  if (['inventories', 'report'].includes(area)) return 'inventories';
  return 'catalog';
}

export function sortDeletesLast(keys: string[]): string[] {
  return [
    ...keys.filter((key) => !key.startsWith('DELETE ')),
    ...keys.filter((key) => key.startsWith('DELETE ')),
  ];
}

export function isWriteRoute(key: string): boolean {
  return /^(POST|PUT|PATCH|DELETE) /.test(key);
}

/** The records the fuzz's ids are drawn from, made once per test file. */
export interface Seeds {
  ids: Record<string, number[]>;
  /** A reference list uploaded for db-entry/create. */
  dbEntry: { filepath: string; original_name: string };
  /** A session of a user of its own, for update-profile (which may change its password). */
  profileToken: string;
}

export async function seed(ctx: TestContext): Promise<Seeds> {
  const hazards = [await create.hazard(ctx), await create.hazard(ctx)];
  const facilities = [await create.facility(ctx), await create.facility(ctx)];
  const products = [await create.product(ctx, { hazard_ids: [hazards[0]!.id] }), await create.product(ctx)];
  const components = [
    await create.component(ctx, {}, products[0]!.id),
    await create.component(ctx, {}, products[0]!.id),
  ];
  const inventories = [
    await create.inventory(ctx, { customer_id: facilities[0]!.customerId, facility_id: facilities[0]!.id }),
    await create.inventory(ctx),
  ];
  const lines = [
    await create.inventoryProduct(ctx, inventories[0]!.id),
    await create.inventoryProduct(ctx, inventories[0]!.id),
  ];
  const lineComponents: number[] = [];
  for (const line of lines) {
    const res = await ctx.call('admin', {
      method: 'POST',
      url: `/inventories/${inventories[0]!.id}/product/${line.id}/chemical-components/create`,
      payload: { name: 'Fuzz component', number: '7782-50-5', percentage_weight: '10' },
    });
    expect(res.statusCode, res.body).toBe(201);
    lineComponents.push((res.json() as { resource: { id: number } }).resource.id);
  }
  const list = await upload(
    ctx,
    [
      {
        filename: 'ehs.csv',
        contentType: 'text/csv',
        content: Buffer.from('Chemical Name,CAS #,TPQ\nChlorine,7782-50-5,100\n'),
      },
    ],
    'admin',
    'database',
  );
  expect(list.statusCode, list.body).toBe(201);
  const profileUser = await createTestUser(ctx.database, { email: 'fuzz-profile@test.local', role: 'staff' });
  const ids = (records: { id: number }[]) => records.map((record) => record.id);
  // Issue 36: two filings marked, for the route that takes a mark back.
  const filings: { id: number }[] = [];
  for (const inventory of inventories) {
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/filings/mark-filed',
      payload: {
        inventory_id: inventory.id,
        obligation: 'spcc_review',
        filed_on: '2020-05-01',
        method: 'paper',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    filings.push((res.json() as { resource: { id: number } }).resource);
  }
  // The permit amounts come from the migration (0017); two of them are the records to update.
  const permitAmounts = await ctx.call('admin', { method: 'GET', url: '/fire-code-permit-amounts/list' });
  expect(permitAmounts.statusCode, permitAmounts.body).toBe(200);
  return {
    ids: {
      user: ids([await create.user(ctx), await create.user(ctx)]),
      technician: ids([await create.technician(ctx), await create.technician(ctx)]),
      customer: facilities.map((facility) => facility.customerId),
      facility: ids(facilities),
      contact: ids([
        await create.contact(ctx, { customer_id: facilities[0]!.customerId }),
        await create.contact(ctx, { customer_id: facilities[1]!.customerId }),
      ]),
      hazard: ids(hazards),
      container: ids([await create.container(ctx), await create.container(ctx)]),
      unit: ids([await create.containerUnit(ctx), await create.containerUnit(ctx)]),
      product: ids(products),
      component: ids(components),
      inventory: ids(inventories),
      line: ids(lines),
      lineComponent: lineComponents,
      filing: ids(filings),
      permitAmount: ids((permitAmounts.json() as { resource: { id: number }[] }).resource.slice(0, 2)),
    },
    dbEntry: (list.json() as { file: Seeds['dbEntry'] }).file,
    profileToken: profileUser.token,
  };
}

/** Ids that name nothing or are not ids at all, beside the real ones. */
const BOGUS_IDS: (number | string)[] = [
  0,
  -1,
  999_999,
  2_147_483_647,
  2_147_483_648,
  'abc',
  '1.5',
  '1e3',
  ' 7',
  '%00',
];

function idArbitrary(real: number[]): fc.Arbitrary<number | string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...real), weight: 4 },
    { arbitrary: fc.constantFrom(...BOGUS_IDS), weight: 1 },
  );
}

/**
 * The areas whose `:id` names a seeded record: hostile-input's (each with a `/get` it reads before
 * and after), and the permit amounts, which have no `/get` (the list holds every row).
 */
const RECORD_OF_FUZZED_AREA: Record<string, string> = {
  ...RECORD_OF_AREA,
  'fire-code-permit-amounts': 'permitAmount',
  filings: 'filing',
};

/** Which seeded records a path parameter names, by the route's area. */
function recordKindOf(url: string, param: string): string {
  const area = url.split('/')[1]!;
  if (param === 'componentId') return area === 'inventories' ? 'lineComponent' : 'component';
  if (param === 'productId') return 'line';
  const kind = RECORD_OF_FUZZED_AREA[area];
  if (!kind) throw new Error(`${url}: no seeded record for :${param}`);
  return kind;
}

/** Body fields that name records, drawn from the seeds (and bogus ids). */
function idFields(seeds: Seeds): Record<string, fc.Arbitrary<unknown>> {
  const one = (kind: string) => idArbitrary(seeds.ids[kind]!);
  const many = (kind: string) => fc.array(one(kind), { maxLength: 3 });
  return {
    customer_id: one('customer'),
    facility_id: one('facility'),
    product_id: one('product'),
    inventory_product_id: one('line'),
    container_id: one('container'),
    container_unit_id: one('unit'),
    hazard_ids: many('hazard'),
    contact_ids: many('contact'),
    technician_ids: many('technician'),
    inventory_ids: many('inventory'),
    inventory_id: one('inventory'),
    db_entry: fc.constant(seeds.dbEntry),
  };
}

interface FuzzCase {
  params: Record<string, number | string>;
  query: unknown;
  body: unknown;
}

function caseArbitrary(route: RouteSchemas, seeds: Seeds): fc.Arbitrary<FuzzCase> {
  const fields = { ...FIELD_ARBITRARIES, ...idFields(seeds) };
  const paramNames = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  const params = fc.record(
    Object.fromEntries(
      paramNames.map((name) => [name, idArbitrary(seeds.ids[recordKindOf(route.url, name)]!)]),
    ),
  );
  // Mostly valid-shaped bodies with the odd field broken, so the writes themselves get reached.
  const part = (schema: z.core.$ZodType | undefined) =>
    schema
      ? fc.oneof(
          { arbitrary: validArbitrary(schema, { fields }), weight: 1 },
          { arbitrary: fuzzArbitrary(schema, { fields }), weight: 2 },
        )
      : fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 4 },
          { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
        );
  return fc.record({ params, query: part(route.querystring), body: part(route.body) });
}

function urlOf(route: RouteSchemas, fuzzCase: FuzzCase): string {
  const path = route.url.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    encodeURIComponent(String(fuzzCase.params[name])),
  );
  const { query } = fuzzCase;
  if (!query || typeof query !== 'object' || Array.isArray(query)) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

async function send(ctx: TestContext, seeds: Seeds, route: RouteSchemas, fuzzCase: FuzzCase) {
  const headers: Record<string, string> = { 'x-app-key': APP_KEY };
  if (route.url === '/auth/logout') headers.authorization = `Bearer ${await ctx.freshToken('admin')}`;
  else if (route.url === '/auth/update-profile') headers.authorization = `Bearer ${seeds.profileToken}`;
  else if (!['/auth/sign-in', '/auth/forgot-password', '/auth/set-password'].includes(route.url)) {
    headers.authorization = `Bearer ${ctx.users.admin.token}`;
  }
  const hasBody = fuzzCase.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  return ctx.app.inject({
    method: route.method as 'POST',
    url: `/api/admin/v1${urlOf(route, fuzzCase)}`,
    headers,
    ...(hasBody ? { payload: JSON.stringify(fuzzCase.body) } : {}),
  });
}

/** The three properties of one answer, as one failure message naming what broke. */
export function answerProblem(route: RouteSchemas, res: LightMyRequestResponse): string | undefined {
  const status = res.statusCode;
  if (status >= 500) return `${status} ${res.body.slice(0, 300)}`;
  if (status >= 400) {
    const body = parseJson(res.body);
    const message = body && typeof body === 'object' && 'message' in body ? body.message : undefined;
    return typeof message === 'string' && message.trim() !== ''
      ? undefined
      : `${status} without a message: ${res.body.slice(0, 300)}`;
  }
  if (status >= 200 && status < 300) {
    const schema = route.response[status];
    if (!schema) return `${status}, which the route documents no schema for`;
    const result = z.safeParse(schema, parseJson(res.body));
    return result.success ? undefined : `${status} body does not match its schema: ${result.error.message}`;
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Cases per route: at least 100 in CI (issue 12); FUZZ_RUNS raises it for a longer local hunt. */
export const FUZZ_RUNS = Math.max(100, Number(process.env.FUZZ_RUNS ?? 100));

/** One route's property: `fc.assert` prints the seed and the shrunk case when it fails. */
export async function fuzzRoute(
  ctx: TestContext,
  seeds: Seeds,
  route: RouteSchemas,
): Promise<{ statuses: Record<number, number> }> {
  const statuses: Record<number, number> = {};
  await fc.assert(
    fc.asyncProperty(caseArbitrary(route, seeds), async (fuzzCase) => {
      const res = await send(ctx, seeds, route, fuzzCase);
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      const problem = answerProblem(route, res);
      if (problem) throw new Error(`${route.method} ${urlOf(route, fuzzCase)} → ${problem}`);
    }),
    { numRuns: FUZZ_RUNS, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
  );
  return { statuses };
}

/**
 * Rate limits step aside: the fuzz signs in, asks for links and sends bad tokens all from one
 * address (session-limits.test.ts tests them).
 */
export const FUZZ_CONFIG = {
  loginMaxFailuresPerEmail: 100_000,
  loginMaxFailuresPerIp: 100_000,
  resetMaxPerEmail: 100_000,
  resetMaxPerIp: 100_000,
  setPasswordMaxFailuresPerAccount: 100_000,
  setPasswordMaxFailuresPerIp: 100_000,
};

/** A route sends 100 requests, most of which write; far more than 30 s on a loaded machine. */
export const FUZZ_TIMEOUT_MS = 180_000;
