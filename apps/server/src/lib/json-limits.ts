import { AppError } from './app-error.ts';

/**
 * Limits on the shape of a JSON body, checked on its text before `JSON.parse` builds anything.
 * Every form of the spec sends a flat object with a few short lists (at most 50 hazard classes),
 * so these leave wide room for real clients and none for a bomb: nesting thousands of levels
 * deep overflowed the stack of the code that walks the parsed body (a 500), and lists of a
 * hundred thousand items held the event loop for most of a second.
 */
export interface JsonLimits {
  /** Open objects and arrays at once. */
  maxDepth: number;
  /** Items of one array, or members of one object. */
  maxItems: number;
  /** Items and members of every array and object together. */
  maxTotalItems: number;
  /** Characters of one number literal (a double needs at most 24). */
  maxNumberLength: number;
  /**
   * Characters of one string as written (escapes count as written). No field takes more than a
   * few hundred; a near-megabyte one was still trimmed, scanned and copied by every layer.
   */
  maxStringLength: number;
}

export const JSON_LIMITS: JsonLimits = {
  maxDepth: 32,
  maxItems: 1000,
  maxTotalItems: 10_000,
  maxNumberLength: 100,
  maxStringLength: 100_000,
};

const formatCount = (count: number) => count.toLocaleString('en-US');

export const JSON_LIMIT_MSG = {
  tooDeep: (limits: JsonLimits) =>
    `The JSON body is nested too deeply: at most ${limits.maxDepth} levels are allowed.`,
  tooWide: (limits: JsonLimits) =>
    `The JSON body has too many items in one list or object: at most ${formatCount(limits.maxItems)} are allowed.`,
  tooManyItems: (limits: JsonLimits) =>
    `The JSON body has too many items: at most ${formatCount(limits.maxTotalItems)} in all are allowed.`,
  numberTooLong: (limits: JsonLimits) =>
    `The JSON body has a number longer than ${limits.maxNumberLength} characters.`,
  stringTooLong: (limits: JsonLimits) =>
    `The JSON body has a text longer than ${formatCount(limits.maxStringLength)} characters.`,
} as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Characters a JSON number is written with: digits, sign, point and exponent. */
function isNumberCharacter(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x2b ||
    code === 0x2e ||
    code === 0x65 ||
    code === 0x45
  );
}

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * One pass over the text, in time linear in its length and memory linear in its depth (which it
 * bounds). It does not validate the syntax: `JSON.parse` does that after it. Throws a 400 for
 * nesting or a number past the limits and a 413 for too many items or too long a text.
 */
export function checkJsonLimits(text: string, limits: JsonLimits = JSON_LIMITS): void {
  // Items of each open container; an item is counted when its first character is seen.
  const items: number[] = [];
  let isInString = false;
  let stringStart = 0;
  let isAwaitingItem = false;
  let total = 0;
  let numberLength = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isInString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) isInString = false;
      if (index - stringStart > limits.maxStringLength) {
        throw new AppError('PAYLOAD_TOO_LARGE', JSON_LIMIT_MSG.stringTooLong(limits));
      }
      continue;
    }
    if (isNumberCharacter(code)) {
      numberLength++;
      if (numberLength > limits.maxNumberLength) {
        throw new AppError('BAD_REQUEST', JSON_LIMIT_MSG.numberTooLong(limits));
      }
    } else {
      numberLength = 0;
    }
    if (isWhitespace(code)) continue;
    const depth = items.length;
    if (isAwaitingItem && depth > 0 && code !== CLOSE_BRACE && code !== CLOSE_BRACKET) {
      isAwaitingItem = false;
      items[depth - 1]! += 1;
      total += 1;
      if (items[depth - 1]! > limits.maxItems) {
        throw new AppError('PAYLOAD_TOO_LARGE', JSON_LIMIT_MSG.tooWide(limits));
      }
      if (total > limits.maxTotalItems) {
        throw new AppError('PAYLOAD_TOO_LARGE', JSON_LIMIT_MSG.tooManyItems(limits));
      }
    }
    switch (code) {
      case QUOTE:
        isInString = true;
        stringStart = index + 1;
        break;
      case OPEN_BRACE:
      case OPEN_BRACKET:
        if (depth >= limits.maxDepth) throw new AppError('BAD_REQUEST', JSON_LIMIT_MSG.tooDeep(limits));
        items.push(0);
        isAwaitingItem = true;
        break;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        items.pop();
        isAwaitingItem = false;
        break;
      case COMMA:
        isAwaitingItem = true;
        break;
    }
  }
}
