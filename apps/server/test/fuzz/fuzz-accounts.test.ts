import { describe, expect, it } from 'vitest';
import { describeFuzzGroup } from './fuzz-group.ts';
import { isWriteRoute, NOT_FUZZED } from './write-routes.ts';

const { context, schemas } = await describeFuzzGroup('accounts');

describe('the fuzz covers every write route', () => {
  it('every write route the app registers is fuzzed by one file, or excluded with a reason', () => {
    const registered = context()
      .routes.filter((route) => route.url.startsWith('/api/admin/v1/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.slice('/api/admin/v1'.length)}`)
      .filter(isWriteRoute)
      .sort();
    const fuzzed = [...schemas.keys()].filter((key) => isWriteRoute(key) && !(key in NOT_FUZZED));
    expect([...fuzzed, ...Object.keys(NOT_FUZZED)].sort()).toEqual(registered);
    expect(registered.length).toBeGreaterThan(40);
  });
});
