import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestContext, type TestContext } from './helper.ts';
import { ACCOUNT_BODY_ROUTES, checkBodyRoute, ROUTE_TIMEOUT_MS, reportReached } from './hostile-input.ts';

/**
 * The account, auth, customer, facility and inventory body routes of the hostile-input check (see
 * hostile-input.ts); a file of their own so they run beside hostile-input.test.ts.
 */

let ctx: TestContext;
const reached: Record<string, { variants: number; saved: number }> = {};

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  reportReached(reached);
  await ctx?.close();
});

describe('hostile input never produces a server error', () => {
  // One test a route: each sends a few hundred requests, and gets its own time budget.
  it.each(ACCOUNT_BODY_ROUTES)(
    '%s: saves its valid body, then each field replaced by hostile values and by lengths at and past its column',
    async (key) => {
      reached[key] = await checkBodyRoute(ctx, key);
    },
    ROUTE_TIMEOUT_MS,
  );
});
