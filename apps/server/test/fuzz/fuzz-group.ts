import { afterAll, beforeAll, describe, it } from 'vitest';
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

/**
 * The property-based fuzz (write-routes.ts) of one group of write routes, on one app for the test
 * file: the routes are split over files so that vitest runs the groups side by side.
 */
export async function describeFuzzGroup(
  group: ReturnType<typeof fuzzGroupOf>,
): Promise<{ context: () => TestContext; schemas: Awaited<ReturnType<typeof collectRouteSchemas>> }> {
  const schemas = await collectRouteSchemas();
  // Deletes and unlinks last, so the other routes still find the seeded records.
  const routes = sortDeletesLast([...schemas.keys()]).filter(
    (key) => isWriteRoute(key) && !(key in NOT_FUZZED) && fuzzGroupOf(key) === group,
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

  describe(`${group} write routes under property-based fuzzing`, () => {
    it.each(routes)(
      '%s: never a 5xx, every 4xx with a message, every 2xx as its schema says',
      async (key) => {
        statuses[key] = (await fuzzRoute(ctx, seeds, schemas.get(key)!)).statuses;
      },
      FUZZ_TIMEOUT_MS,
    );
  });
  return { context: () => ctx, schemas };
}
