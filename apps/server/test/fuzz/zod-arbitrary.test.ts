import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectRouteSchemas, type RouteSchemas } from './route-schemas.ts';
import { FIELD_ARBITRARIES } from './write-routes.ts';
import { fuzzArbitrary, validArbitrary } from './zod-arbitrary.ts';

let routes: Map<string, RouteSchemas>;
beforeAll(async () => {
  routes = await collectRouteSchemas();
});

const parses = (schema: z.core.$ZodType) => (value: unknown) => z.safeParse(schema, value).success;

describe('validArbitrary draws what the schema accepts', () => {
  it('for every request schema of every route: body, path params and query', () => {
    const schemas = [...routes.entries()].flatMap(([key, route]) =>
      (['body', 'params', 'querystring'] as const).flatMap((part) => {
        const schema = route[part];
        return schema ? [{ what: `${key} ${part}`, schema }] : [];
      }),
    );
    expect(schemas.length).toBeGreaterThan(40);
    for (const { what, schema } of schemas) {
      console.log('SCHEMA', what);
      fc.assert(
        fc.property(validArbitrary(schema, { fields: FIELD_ARBITRARIES }), (value) => {
          const result = z.safeParse(schema, value);
          if (!result.success) throw new Error(`${what}: ${JSON.stringify(value)}\n${result.error.message}`);
        }),
        { numRuns: 30 },
      );
    }
  });

  it.each([
    ['a bounded string', z.string().trim().min(2).max(5)],
    ['a pattern', z.string().regex(/^\d{4,5}$/)],
    ['an e-mail', z.email().max(60)],
    ['an ISO date', z.iso.date()],
    ['an int with bounds', z.number().int().min(-3).max(7)],
    ['a coerced id', z.coerce.number().int().positive().max(2_147_483_647)],
    ['an exclusive double', z.number().gt(0).lt(1)],
    ['an enum and a literal', z.object({ kind: z.enum(['a', 'b']), one: z.literal(1) })],
    [
      'a union, nullable and optional',
      z.object({ v: z.union([z.string(), z.number()]).nullable().optional() }),
    ],
    ['an array with bounds', z.array(z.boolean()).min(1).max(3)],
    ['a refinement', z.string().refine((text) => text.length % 2 === 0)],
    ['a transform', z.string().transform((text) => text.length)],
    ['a preprocess', z.preprocess((value) => value ?? '', z.string().max(3))],
    ['a record', z.record(z.string(), z.number().int())],
  ])('%s', (_what, schema) => {
    fc.assert(fc.property(validArbitrary(schema), parses(schema)), { numRuns: 200 });
  });
});

describe('fuzzArbitrary mixes valid and invalid values', () => {
  const Body = z.object({
    name: z.string().min(1).max(10),
    count: z.number().int().min(0).max(5),
    kind: z.enum(['a', 'b']),
    note: z.string().max(20).optional(),
  });
  const sample = fc.sample(fuzzArbitrary(Body), { numRuns: 2_000, seed: 42 });
  const bodies = sample.filter(
    (value): value is Record<string, unknown> =>
      typeof value === 'object' && value !== null && !Array.isArray(value),
  );

  it('about half of the bodies valid, and invalid ones of every kind', () => {
    const valid = sample.filter(parses(Body)).length;
    expect(valid).toBeGreaterThan(sample.length * 0.2);
    expect(valid).toBeLessThan(sample.length * 0.8);
    expect(sample.some((value) => typeof value !== 'object' || value === null)).toBe(true);
  });

  it('missing required fields, extra fields, wrong types, out of range, long and odd strings', () => {
    expect(bodies.some((body) => !('name' in body))).toBe(true);
    expect(bodies.some((body) => Object.keys(body).some((key) => !(key in Body.shape)))).toBe(true);
    expect(bodies.some((body) => 'count' in body && typeof body.count !== 'number')).toBe(true);
    expect(bodies.some((body) => typeof body.count === 'number' && body.count > 5)).toBe(true);
    expect(bodies.some((body) => typeof body.name === 'string' && body.name.length > 1_000)).toBe(true);
    expect(bodies.some((body) => typeof body.kind === 'string' && !['a', 'b'].includes(body.kind))).toBe(
      true,
    );
    expect(bodies.some((body) => typeof body.name === 'string' && /[^\u0020-\u007e]/.test(body.name))).toBe(
      true,
    );
  });
});
