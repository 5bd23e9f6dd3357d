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
  // Every set-password variant asks for a reset link and many send a link that is not valid,
  // all for one account from one address: the rate limits (session-limits.test.ts) step aside.
  ctx = await createTestContext({
    resetMaxPerEmail: 100_000,
    resetMaxPerIp: 100_000,
    setPasswordMaxFailuresPerAccount: 100_000,
    setPasswordMaxFailuresPerIp: 100_000,
  });
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
