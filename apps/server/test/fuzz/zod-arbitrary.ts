import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from the domain's Zod schemas, for the property-based fuzz of
 * the write routes (issue 12). `validArbitrary` draws values the schema accepts; `fuzzArbitrary`
 * mixes those with what a careless client or an attacker sends: wrong types, values past every
 * bound, missing required fields, extra fields, very long and odd Unicode strings.
 *
 * Zod cannot tell a generator what a `transform`, `refine` or `superRefine` wants (a CAS check
 * digit, a real calendar day), so a valid draw is filtered by the schema at every node that has
 * such rules, and `fields` supplies values by field name where a filter alone would rarely hit.
 */

type Schema = z.core.$ZodType;
type KnownDef = z.core.$ZodTypes['_zod']['def'];
type CheckDef = z.core.$ZodChecks['_zod']['def'] | z.core.$ZodStringFormatChecks['_zod']['def'];

export interface DeriveOptions {
  /**
   * A field's valid values by its name, wherever it appears (`cas_number`, `customer_id`): for
   * rules only code knows, and for ids that must name records that exist.
   */
  fields?: Record<string, fc.Arbitrary<unknown>> | undefined;
}

/** Strings the fuzz sends past a field's rules, whatever the field. */
const ODD_STRINGS: string[] = [
  '',
  '   ',
  'nul\u0000byte',
  "'; DROP TABLE users; --",
  '%_\\',
  '<script>alert(1)</script>',
  'Ünïcødé 名前 😀',
  '\u202Eevil\u202C',
  '\uD800',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
  '1e308',
  '-99999999999999999999',
  '99999999999999999999.99',
  'NaN',
  'Infinity',
  'true',
  'null',
];

/** Values of the wrong type for almost any field. */
const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, 1e308, -1e308, {}, [], [null], { a: 1 }];

const MAX_INT = 2_147_483_647;
/** Longer than any column, shorter than the JSON limits (100,000 characters a string, 1 MB a body). */
const LONG_STRING_MAX = 30_000;

function defOf(schema: Schema): KnownDef {
  return schema._zod.def as KnownDef;
}

function checksOf(schema: Schema): CheckDef[] {
  return (schema._zod.def.checks ?? []).map((check) => check._zod.def as CheckDef);
}

function accepts(schema: Schema, value: unknown): boolean {
  return z.safeParse(schema, value).success;
}

/** Whether a schema checks anything a generator cannot see: refinements, transforms, pipes. */
function hasOpaqueRules(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.type === 'pipe' || def.type === 'transform' || def.type === 'custom') return true;
  // fast-check's e-mails and dates are wider than Zod's formats.
  if (formatOf(schema) !== undefined) return true;
  return checksOf(schema).some((check) => ['custom', 'string_format', 'overwrite'].includes(check.check));
}

interface Bounds {
  min: number | undefined;
  max: number | undefined;
  isInt: boolean;
}

function lengthBounds(schema: Schema): { min: number; max: number | undefined } {
  let min = 0;
  let max: number | undefined;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum);
    if (check.check === 'max_length') max = Math.min(max ?? Number.POSITIVE_INFINITY, check.maximum);
    if (check.check === 'length_equals') [min, max] = [check.length, check.length];
  }
  return { min, max };
}

function numberBounds(schema: Schema): Bounds {
  const bounds: Bounds = { min: undefined, max: undefined, isInt: false };
  for (const check of checksOf(schema)) {
    if (check.check === 'greater_than') {
      const value = Number(check.value);
      bounds.min = Math.max(bounds.min ?? value, check.inclusive ? value : value + Number.EPSILON * 4);
    }
    if (check.check === 'less_than') {
      const value = Number(check.value);
      bounds.max = Math.min(bounds.max ?? value, check.inclusive ? value : value - Number.EPSILON * 4);
    }
    if (check.check === 'number_format' && check.format !== 'float32' && check.format !== 'float64') {
      bounds.isInt = true;
    }
  }
  return bounds;
}

function patternOf(schema: Schema): RegExp | undefined {
  for (const check of checksOf(schema)) {
    if (check.check === 'string_format' && check.pattern) return check.pattern;
  }
  return undefined;
}

function formatOf(schema: Schema): string | undefined {
  const def = defOf(schema);
  if (def.type === 'string' && 'format' in def && typeof def.format === 'string') return def.format;
  return undefined;
}

const DIGIT = fc.constantFrom(...'0123456789');

/** Digits, a decimal, a date: text that many of the domain's transforms read as a value. */
function plausibleText(min: number, max: number): fc.Arbitrary<string> {
  const digits = fc.string({
    unit: DIGIT,
    minLength: Math.max(min, 1),
    maxLength: Math.max(min, Math.min(max, 15)),
  });
  const texts: fc.Arbitrary<string>[] = [digits];
  if (max >= 3) {
    const whole = fc.string({ unit: DIGIT, minLength: 1, maxLength: Math.min(6, max - 2) });
    const decimals = fc.string({ unit: DIGIT, minLength: 1, maxLength: Math.min(3, max - 2) });
    texts.push(
      fc
        .tuple(whole, decimals)
        .map(([left, right]) => `${left}.${right}`)
        .filter((text) => text.length >= min && text.length <= max),
    );
  }
  if (min <= 10 && max >= 10) {
    texts.push(
      fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map(isoDay),
    );
  }
  return fc.oneof(...texts);
}

/** Four-digit years: ISO formats write the others with a sign. */
const ORDINARY_DATES = { noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2999-12-31') };

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function validString(schema: Schema): fc.Arbitrary<string> {
  const { min, max } = lengthBounds(schema);
  const upper = max ?? min + 40;
  const format = formatOf(schema);
  if (format === 'email') return fc.emailAddress().filter((email) => email.length <= upper);
  if (format === 'date') return fc.date(ORDINARY_DATES).map(isoDay);
  if (format === 'datetime') return fc.date(ORDINARY_DATES).map((date) => date.toISOString());
  const pattern = patternOf(schema);
  // fast-check reads lookaheads as plain text: those patterns get plain strings and the filter.
  if (pattern && !pattern.source.includes('(?')) {
    try {
      return fc.stringMatching(pattern, { size: 'small' });
    } catch {
      // A pattern fast-check cannot generate from (lookaheads): plain strings, filtered by the caller.
    }
  }
  const small = Math.min(upper, min + 40);
  return fc.oneof(
    { arbitrary: fc.string({ minLength: min, maxLength: small, unit: 'grapheme-ascii' }), weight: 3 },
    { arbitrary: fc.string({ minLength: min, maxLength: small, unit: 'grapheme' }), weight: 1 },
    { arbitrary: plausibleText(min, upper), weight: 2 },
  );
}

function validNumber(schema: Schema): fc.Arbitrary<number> {
  const { min, max, isInt } = numberBounds(schema);
  if (isInt) {
    return fc.integer({
      min: Math.ceil(Math.max(min ?? -MAX_INT, -MAX_INT)),
      max: Math.floor(Math.min(max ?? MAX_INT, MAX_INT)),
    });
  }
  return fc.double({
    min: min ?? -1e9,
    max: max ?? 1e9,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

interface Deriver {
  valid(schema: Schema, name?: string): fc.Arbitrary<unknown>;
  fuzz(schema: Schema, name?: string): fc.Arbitrary<unknown>;
}

function createDeriver(options: DeriveOptions): Deriver {
  const fields = options.fields ?? {};

  /** A key may be left out when its schema takes `undefined` (a preprocess may not, though typed optional). */
  function isOptional(schema: Schema): boolean {
    return accepts(schema, undefined);
  }

  function validObject(def: Extract<KnownDef, { type: 'object' }>, fuzz: boolean): fc.Arbitrary<unknown> {
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredKeys: string[] = [];
    for (const [key, field] of Object.entries(def.shape)) {
      shape[key] = fuzz ? deriver.fuzz(field, key) : deriver.valid(field, key);
      if (!isOptional(field)) requiredKeys.push(key);
    }
    return fc.record(shape, { requiredKeys });
  }

  function structure(schema: Schema, name: string | undefined): fc.Arbitrary<unknown> {
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
        return validString(schema);
      case 'number': {
        const numbers = validNumber(schema);
        return def.coerce ? fc.oneof(numbers, numbers.map(String)) : numbers;
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'undefined':
      case 'void':
        return fc.constant(undefined);
      case 'literal':
        return fc.constantFrom(...def.values);
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries));
      case 'nullable':
        return fc.oneof(fc.constant(null), deriver.valid(def.innerType, name));
      case 'optional':
      case 'default':
      case 'prefault':
        return fc.option(deriver.valid(def.innerType, name), { nil: undefined, freq: 4 });
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return deriver.valid(def.innerType, name);
      case 'lazy':
        return deriver.valid(def.getter(), name);
      case 'union':
        return fc.oneof(...def.options.map((option) => deriver.valid(option, name)));
      case 'pipe':
        // What comes out of `in` must pass `out`, the narrower rule (a trimmed string into an
        // e-mail, a preprocess into the real schema), unless `out` is a transform of `in`'s value.
        return defOf(def.out).type === 'transform'
          ? deriver.valid(def.in, name)
          : deriver.valid(def.out, name);
      case 'array': {
        const { min, max } = lengthBounds(schema);
        return fc.array(deriver.valid(def.element), {
          minLength: min,
          maxLength: Math.min(max ?? min + 5, min + 5),
        });
      }
      case 'tuple':
        return fc.tuple(...def.items.map((item) => deriver.valid(item)));
      case 'object':
        return validObject(def, false);
      case 'record':
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), deriver.valid(def.valueType), {
          maxKeys: 5,
        });
      case 'date':
        return fc.date({ noInvalidDate: true });
      default:
        // any, unknown, transform, custom, intersection and the rest: any JSON, filtered by the caller.
        return fc.jsonValue();
    }
  }

  /** A value past the schema's own rules: out of range, too long, too many, a near miss. */
  function pastTheRules(schema: Schema): fc.Arbitrary<unknown> {
    const def = defOf(schema);
    const past: fc.Arbitrary<unknown>[] = [];
    if (def.type === 'string') {
      const { min, max } = lengthBounds(schema);
      if (min > 0) past.push(fc.string({ maxLength: min - 1 }));
      if (max !== undefined && max < LONG_STRING_MAX) {
        past.push(fc.string({ minLength: max + 1, maxLength: max + 3, unit: 'grapheme' }));
      }
      past.push(fc.integer({ min: 1_000, max: LONG_STRING_MAX }).map((length) => 'é'.repeat(length)));
      past.push(fc.string({ unit: 'binary', maxLength: 30 }));
    }
    if (def.type === 'number') {
      const { min, max, isInt } = numberBounds(schema);
      if (min !== undefined) past.push(fc.constant(min - 1), fc.constant(min - 0.5));
      if (max !== undefined) past.push(fc.constant(max + 1), fc.constant(max + 0.5));
      if (isInt) past.push(fc.double({ noNaN: true, noInteger: true, noDefaultInfinity: true }));
      past.push(fc.constantFrom(MAX_INT + 1, Number.MAX_SAFE_INTEGER + 2, -0, 1e21));
      past.push(fc.stringMatching(/^-?\d{1,25}(\.\d{1,5})?$/));
    }
    if (def.type === 'enum' || def.type === 'literal') {
      past.push(fc.string({ maxLength: 12 }));
      const values = def.type === 'enum' ? Object.values(def.entries) : def.values;
      const texts = values.filter((value): value is string => typeof value === 'string');
      if (texts.length > 0) past.push(fc.constantFrom(...texts.map((text) => `${text.toUpperCase()} `)));
    }
    if (def.type === 'array') {
      const { max } = lengthBounds(schema);
      if (max !== undefined && max < 1_000) {
        past.push(fc.array(deriver.valid(def.element), { minLength: max + 1, maxLength: max + 2 }));
      }
      past.push(fc.array(deriver.fuzz(def.element), { maxLength: 8 }));
      past.push(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }));
    }
    if (def.type === 'object') {
      // Every key may go missing, and keys the schema never named come along.
      past.push(
        fc
          .tuple(
            fc.record(
              Object.fromEntries(
                Object.keys(def.shape).map((key) => [key, deriver.fuzz(def.shape[key]!, key)]),
              ),
              {
                requiredKeys: [],
              },
            ),
            fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
          )
          .map(([body, extra]) => ({ ...extra, ...body })),
      );
    }
    return fc.oneof(...past, fc.constantFrom(...ODD_STRINGS), fc.constantFrom(...WRONG_TYPES));
  }

  function unwrap(schema: Schema): Schema {
    const def = defOf(schema);
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return unwrap(def.innerType);
      case 'pipe':
        return unwrap(defOf(def.out).type === 'transform' ? def.in : def.out);
      default:
        return schema;
    }
  }

  const deriver: Deriver = {
    valid(schema, name) {
      const named = name === undefined ? undefined : fields[name];
      if (named) return named;
      const drawn = structure(schema, name);
      return hasOpaqueRules(schema) ? drawn.filter((value) => accepts(schema, value)) : drawn;
    },
    fuzz(schema, name) {
      const inner = unwrap(schema);
      const def = defOf(inner);
      const valid = { arbitrary: deriver.valid(schema, name), weight: 4 };
      const past = { arbitrary: pastTheRules(inner), weight: 1 };
      // An object also comes with each of its fields fuzzed in turn, the usual way a body goes wrong.
      if (def.type === 'object')
        return fc.oneof(valid, { arbitrary: validObject(def, true), weight: 4 }, past);
      return fc.oneof(valid, past);
    },
  };
  return deriver;
}

/** Values the schema accepts (`schema.parse` succeeds on every one). */
export function validArbitrary(schema: Schema, options: DeriveOptions = {}): fc.Arbitrary<unknown> {
  return createDeriver(options).valid(schema);
}

/** Valid values mixed with wrong types, values past the rules, missing and extra fields. */
export function fuzzArbitrary(schema: Schema, options: DeriveOptions = {}): fc.Arbitrary<unknown> {
  return createDeriver(options).fuzz(schema);
}
