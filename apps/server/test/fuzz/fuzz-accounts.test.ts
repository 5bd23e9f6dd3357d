import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helper.ts';
import { collectRouteSchemas } from './route-schemas.ts';
import {
  FUZZ_CONFIG,
  FUZZ_TIMEOUT_MS,
  fuzzGroupOf,
  fuzzRoute,
  isWriteRoute,
  NOT_FUZZED,
  type Seeds,
  seed,
  sortDeletesLast,
} from './write-routes.ts';

/** The property-based fuzz (write-routes.ts) of the accounts write routes; one app for the file. */

const SCHEMAS = await collectRouteSchemas();
// Deletes and unlinks last, so the other routes still find the seeded records.
const ROUTES = sortDeletesLast([...SCHEMAS.keys()]).filter(
  (key) => isWriteRoute(key) && !(key in NOT_FUZZED) && fuzzGroupOf(key) === 'accounts',
);

let ctx: TestContext;
let seeds: Seeds;
const statuses: Record<string, Record<number, number>> = {};

beforeAll(async () => {
  ctx = await createTestContext(FUZZ_CONFIG);
  seeds = await seed(ctx);
});
afterAll(async () => {
  console.info(
    Object.entries(statuses)
      .map(([key, counts]) => `${key}: ${JSON.stringify(counts)}`)
      .join('\n'),
  );
  await ctx?.close();
});

describe('accounts write routes under property-based fuzzing', () => {
  it.each(ROUTES)(
    '%s: never a 5xx, every 4xx with a message, every 2xx as its schema says',
    async (key) => {
      statuses[key] = (await fuzzRoute(ctx, seeds, SCHEMAS.get(key)!)).statuses;
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('the fuzz covers every write route', () => {
  it('every write route the app registers is fuzzed by one file, or excluded with a reason', () => {
    const registered = ctx.routes
      .filter((route) => route.url.startsWith('/api/admin/v1/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.slice('/api/admin/v1'.length)}`)
      .filter(isWriteRoute)
      .sort();
    const fuzzed = [...SCHEMAS.keys()].filter((key) => isWriteRoute(key) && !(key in NOT_FUZZED));
    expect([...fuzzed, ...Object.keys(NOT_FUZZED)].sort()).toEqual(registered);
    expect(registered.length).toBeGreaterThan(40);
  });
});
