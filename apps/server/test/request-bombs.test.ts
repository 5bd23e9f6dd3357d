import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_LIMIT_MSG, JSON_LIMITS } from '../src/lib/json-limits.ts';
import { API_PREFIX } from '../src/plugins/auth.ts';
import { createTestContext, type TestContext } from './helper.ts';
import { expectNoServerError, ROUTE_TIMEOUT_MS } from './hostile-input.ts';

/**
 * Request bombs on every route that takes a body (issue 12): JSON nested thousands of levels deep,
 * very wide lists and objects, huge numbers and strings. Each gets a 4xx with a message, checked
 * on the text before anything parses or walks it (lib/json-limits.ts). The longest gap between
 * timer ticks over the run is printed, not asserted: a test does not time things (a loaded CI
 * machine stretches any gap), the figure is there to read.
 */

const MB = 1024 * 1024;

function list(count: number, item = '1'): string {
  return `[${Array.from({ length: count }, () => item).join(',')}]`;
}

function object(count: number): string {
  return `{${Array.from({ length: count }, (_, i) => `"k${i}":1`).join(',')}}`;
}

interface Bomb {
  name: string;
  payload: string;
  /** The exact refusal, or undefined where the route's own validation answers (any 4xx). */
  expected?: { status: number; message: string };
}

const tooDeep = { status: 400, message: JSON_LIMIT_MSG.tooDeep(JSON_LIMITS) };
const tooWide = { status: 413, message: JSON_LIMIT_MSG.tooWide(JSON_LIMITS) };
const tooMany = { status: 413, message: JSON_LIMIT_MSG.tooManyItems(JSON_LIMITS) };
const numberTooLong = { status: 400, message: JSON_LIMIT_MSG.numberTooLong(JSON_LIMITS) };

const BOMBS: Bomb[] = [
  {
    name: 'arrays nested 100,000 deep',
    payload: '['.repeat(100_000) + ']'.repeat(100_000),
    expected: tooDeep,
  },
  {
    name: 'objects nested 50,000 deep',
    payload: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
    expected: tooDeep,
  },
  {
    name: 'nesting 33 deep inside a field',
    payload: `{"name":${'['.repeat(33)}${']'.repeat(33)}}`,
    expected: tooDeep,
  },
  { name: 'an array of 200,000 items', payload: list(200_000), expected: tooWide },
  { name: 'an object of 50,000 members', payload: object(50_000), expected: tooWide },
  {
    name: 'a field of 100,000 ids',
    payload: `{"name":"x","hazard_ids":${list(100_000)}}`,
    expected: tooWide,
  },
  { name: '450,000 items in lists of 900', payload: list(500, list(900)), expected: tooMany },
  { name: 'a number of 500,000 digits', payload: `{"name":${'9'.repeat(500_000)}}`, expected: numberTooLong },
  {
    name: 'a string of 900 KB',
    payload: JSON.stringify({ name: 'x'.repeat(900_000) }),
    expected: { status: 413, message: JSON_LIMIT_MSG.stringTooLong(JSON_LIMITS) },
  },
  {
    name: 'a string of 2 MB',
    payload: JSON.stringify({ name: 'x'.repeat(2 * MB) }),
    expected: { status: 413, message: 'Request body is too large' },
  },
  // Under every limit: the route's own validation answers them (logout ignores a body, a 200).
  {
    name: 'strings at the length limit',
    payload: JSON.stringify({ name: 'x'.repeat(100_000), email: 'y'.repeat(100_000) }),
  },
  { name: 'a number past a double', payload: '{"name":1e999999,"year":-1e999999,"id":1e-999999}' },
  { name: 'a list of 1,000 items', payload: `{"name":"x","hazard_ids":${list(1000, '2147483647')}}` },
];

let ctx: TestContext;
let bodyRoutes: { method: InjectOptions['method']; url: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  bodyRoutes = ctx.routes
    .filter((route) => route.url.startsWith(API_PREFIX) && /^(POST|PUT|PATCH|DELETE)$/.test(route.method))
    .map((route) => ({
      method: route.method as InjectOptions['method'],
      // Every path parameter a record that does not exist: a body let through changes nothing.
      url: route.url.slice(API_PREFIX.length).replace(/:[A-Za-z]+/g, '2147483647'),
    }));
});
afterAll(() => ctx.close());

/** Calls as an admin; logout gets a session of its own so the admin's survives a body let through. */
async function send(route: (typeof bodyRoutes)[number], payload: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (route.url === '/auth/logout') headers.authorization = `Bearer ${await ctx.freshToken('admin')}`;
  return ctx.call('admin', { method: route.method, url: route.url, payload, headers });
}

describe('request bombs on every route that takes a body', () => {
  it('finds the write routes', () => {
    expect(bodyRoutes.length).toBeGreaterThan(30);
    expect(bodyRoutes.map((route) => `${route.method} ${route.url}`)).toContain('POST /hazards/create');
  });

  it(
    'answers each bomb with a 4xx and a message, never a 5xx',
    async () => {
      // Warm up (the first request of a route compiles its hooks and schemas), outside the measure.
      for (const route of bodyRoutes) await send(route, '{}');
      let longestGap = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
      }, 5);
      const slowest = { ms: 0, what: '' };
      try {
        for (const bomb of BOMBS) {
          for (const route of bodyRoutes) {
            const what = `${route.method} ${route.url} with ${bomb.name}`;
            const started = performance.now();
            const res = await send(route, bomb.payload);
            const ms = performance.now() - started;
            if (ms > slowest.ms) Object.assign(slowest, { ms, what });
            expectNoServerError(res, what);
            if (bomb.expected) {
              expect({ status: res.statusCode, message: res.json().message }, what).toEqual(bomb.expected);
            }
            // Give the timer its turn between requests, as sockets would.
            await new Promise((resolve) => setTimeout(resolve, 0));
          }
        }
      } finally {
        clearInterval(ticker);
      }
      console.info(
        `request bombs: ${BOMBS.length} bombs x ${bodyRoutes.length} routes; longest event-loop gap ` +
          `${Math.round(longestGap)} ms; slowest answer ${Math.round(slowest.ms)} ms (${slowest.what})`,
      );
      // Before the limits, one 50,000-member object held the loop for over half a second.
      const alive = await ctx.call('admin', { method: 'GET', url: '/auth/me' });
      expect(alive.statusCode).toBe(200);
    },
    ROUTE_TIMEOUT_MS,
  );

  it('still saves a body at the limits', async () => {
    // 32 levels in a field the route ignores, 1,000 items in one list, a long decimal number.
    const nested = `${'['.repeat(JSON_LIMITS.maxDepth - 1)}${']'.repeat(JSON_LIMITS.maxDepth - 1)}`;
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/hazards/create',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"Bomb-proof","description":"","encode":true,"extra":${nested},"more":${list(1000)},"n":0.${'1'.repeat(90)}}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().resource.name).toBe('Bomb-proof');
  });
});
