import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { checkJsonLimits, JSON_LIMITS, type JsonLimits } from './json-limits.ts';

const SMALL: JsonLimits = {
  maxDepth: 3,
  maxItems: 3,
  maxTotalItems: 6,
  maxNumberLength: 6,
  maxStringLength: 8,
};

function refusal(text: string, limits: JsonLimits = SMALL): { status: number; message: string } | undefined {
  try {
    checkJsonLimits(text, limits);
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.statusCode, message: error.message };
  }
}

describe('checkJsonLimits', () => {
  it('lets ordinary bodies through, at the limits exactly', () => {
    expect(refusal('{"a":{"b":[1,2,3]}}')).toBeUndefined();
    expect(refusal('{"a":1,"b":2,"c":3}')).toBeUndefined();
    expect(refusal('[[],{},[1,2]]')).toBeUndefined();
    expect(refusal('{"n":-1.5e3,"m":12345}')).toBeUndefined();
    expect(refusal('[true,false,null]')).toBeUndefined();
    expect(refusal(' { "a" : [ 1 , 2 ] } ')).toBeUndefined();
  });

  it('refuses nesting past the depth with a 400', () => {
    expect(refusal('[[[[1]]]]')).toEqual({
      status: 400,
      message: 'The JSON body is nested too deeply: at most 3 levels are allowed.',
    });
    expect(refusal('{"a":{"b":{"c":{}}}}')?.status).toBe(400);
  });

  it('refuses a list or an object wider than the limit with a 413', () => {
    expect(refusal('[1,2,3,4]')).toEqual({
      status: 413,
      message: 'The JSON body has too many items in one list or object: at most 3 are allowed.',
    });
    expect(refusal('{"a":1,"b":2,"c":3,"d":4}')?.status).toBe(413);
  });

  it('refuses more items in all than the limit, however they are spread', () => {
    expect(refusal('[[1,2],[3,4],[5]]')).toEqual({
      status: 413,
      message: 'The JSON body has too many items: at most 6 in all are allowed.',
    });
  });

  it('refuses a number literal longer than the limit with a 400', () => {
    expect(refusal('{"n":1234567}')).toEqual({
      status: 400,
      message: 'The JSON body has a number longer than 6 characters.',
    });
    expect(refusal('[1e999]')).toBeUndefined();
  });

  it('refuses a string longer than the limit with a 413, counting escapes as written', () => {
    expect(refusal('{"12345678":"abcdefgh"}')).toBeUndefined();
    expect(refusal('{"a":"abcdefghi"}')).toEqual({
      status: 413,
      message: 'The JSON body has a text longer than 8 characters.',
    });
    expect(refusal('["\\u0041\\u0042"]')?.status).toBe(413);
  });

  it('does not count brackets, commas, quotes or digits inside strings', () => {
    expect(refusal('{"a":"[[[[,,,,","b":"]]]]]]]]","c":"\\"[[[["}')).toBeUndefined();
    expect(refusal('["\\\\",1,"12345678"]')).toBeUndefined();
  });

  // How fast it scans is the bench's to measure (tests do not time things); a test of the outcome
  // on a megabyte of each shape is what stays here.
  it('refuses a megabyte of brackets and lets a megabyte of long strings through', () => {
    const deep = '['.repeat(1024 * 1024);
    expect(refusal(deep, JSON_LIMITS)?.status).toBe(400);
    const text = JSON.stringify({ names: Array.from({ length: 500 }, () => 'x'.repeat(2000)) });
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(refusal(text, JSON_LIMITS)).toBeUndefined();
  });
});
