/** What a concentration is a percentage of, where the SDS says so. */
export type ConcentrationBasis = 'weight' | 'volume';

export interface Concentration {
  /** Percent; null for an open bound (`<5%`) or a value not printed (`*`, `Proprietary`). */
  low: number | null;
  high: number | null;
  basis: ConcentrationBasis | null;
}

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const LOWER = String.raw`(?:>=|=>|≥|>|gt\.?|min\.?|at least)`;
const UPPER = String.raw`(?:<=|=<|≤|<|lt\.?|max\.?|up to|less than)`;
const DASH = String.raw`(?:-|–|—|to|\.\.\.?)`;

/** What may follow the figures: a percent sign and the basis (`%`, `% w/w`, `wt%`, `(by volume)`). */
const TAIL = String.raw`(?:\s*(?:%|w\/w|v\/v|m\/m|wt\.?|vol\.?|by weight|by volume|by mass|weight|volume|\(|\)))*\s*$`;

/** `25.0 - 50.0`, `>= 25.0 - < 50.0`, `>= 0.1 < 0.5`, `≥25 - ≤50`, `10 to 20`. */
const RANGE = new RegExp(
  String.raw`^(?:${LOWER}\s*)?(${NUMBER})\s*%?\s*(?:${DASH}\s*)?(?:${UPPER}\s*)(${NUMBER})${TAIL}|^(?:${LOWER}\s*)?(${NUMBER})\s*%?\s*${DASH}\s*(?:${UPPER}\s*)?(${NUMBER})${TAIL}`,
  'i',
);
const BELOW = new RegExp(String.raw`^${UPPER}\s*(${NUMBER})${TAIL}`, 'i');
const ABOVE = new RegExp(String.raw`^${LOWER}\s*(${NUMBER})${TAIL}`, 'i');
const SINGLE = new RegExp(String.raw`^(?:ca\.?\s*|~\s*|approx\.?\s*)?(${NUMBER})${TAIL}`, 'i');

/**
 * A printed number: a comma with one to three digits after it and no point is a decimal comma
 * (`0,5`); percentages never need a thousands separator.
 */
function toNumber(text: string): number {
  return Number(text.replace(',', '.'));
}

/** By weight or by volume, where the printed text says it (`% w/w`, `wt%`, `% by volume`, `v/v`). */
export function parseBasis(text: string): ConcentrationBasis | null {
  const lower = text.toLowerCase();
  if (/\bw\s*\/\s*w\b|\bwt\b|weight|\bmass\b|\(w\)|% ?w\b|\bm\s*\/\s*m\b/.test(lower)) return 'weight';
  if (/\bv\s*\/\s*v\b|\bvol\b|volume|% ?v\b/.test(lower)) return 'volume';
  return null;
}

/** Whether the number is a percentage at all (0 to 100). */
function isPercent(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= 100;
}

/**
 * The low and high percent of a concentration as printed in section 3: `30 - 60 %` (30, 60),
 * `>= 25.0 - < 50.0%` (25, 50), `<= 5` (null, 5), `>95` (95, null), `0,5` (0.5, 0.5), `*`,
 * `-` or `Trade secret` (null, null). Null when the text is no concentration.
 */
export function parseConcentration(printed: string): Concentration | null {
  const text = printed
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^\(|\)$/g, '')
    .trim();
  const basis = parseBasis(text);
  if (/^(?:\*+|-|–|—|n\/?a|proprietary|trade secret|confidential|withheld|mixture|see .*)$/i.test(text)) {
    return { low: null, high: null, basis };
  }
  const range = RANGE.exec(text);
  if (range) {
    const low = toNumber(range[1] ?? range[3] ?? '');
    const high = toNumber(range[2] ?? range[4] ?? '');
    // An inverted or out-of-range pair is no concentration (`60 - 30`), not its first figure.
    return isPercent(low) && isPercent(high) && low <= high ? { low, high, basis } : null;
  }
  const below = BELOW.exec(text);
  if (below) {
    const high = toNumber(below[1] ?? '');
    return isPercent(high) ? { low: null, high, basis } : null;
  }
  const above = ABOVE.exec(text);
  if (above) {
    const low = toNumber(above[1] ?? '');
    return isPercent(low) ? { low, high: null, basis } : null;
  }
  const single = SINGLE.exec(text);
  if (single) {
    const value = toNumber(single[1] ?? '');
    return isPercent(value) ? { low: value, high: value, basis } : null;
  }
  return null;
}
