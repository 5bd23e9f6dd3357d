/**
 * Number fields arrive as typed text ("1.84 g/ml", "1,000 gal"). A figure is read, never bent:
 * the accepted forms are a plain decimal with optional thousands separators and an optional unit
 * suffix; anything whose meaning stripping would change (a minus sign, an exponent, letters, a
 * second dot, a decimal comma) is refused with a reason, so the form and the server say the same.
 */

/** Why a typed figure is refused: the field's message names its label. */
export type DecimalTextProblem = 'negative' | 'not-a-number';

export type ParsedDecimal =
  | { ok: true; value: number | null; text: string }
  | { ok: false; problem: DecimalTextProblem };

/** Digits with thousands separators in groups of three ("1,000.5"), or a plain decimal (".5", "5."). */
const DECIMAL_NUMBER = /^(\d{1,3}(?:,\d{3})+(?:\.\d*)?|\d+\.?\d*|\.\d+)/;
/** A unit after the number: letters, °, %, / and dots, never a digit ("g/ml", "fl. oz", "°F"). */
const UNIT_SUFFIX = /^\s*[A-Za-zµ°%/][A-Za-zµ°%/.\s]*$/;

/**
 * Reads a typed or stored figure: empty is null; `text` is the plain decimal ("1,000 gal" →
 * "1000"). A number must be finite and 0 or more.
 */
export function parseDecimal(value: string | number | null | undefined): ParsedDecimal {
  if (value === null || value === undefined) return { ok: true, value: null, text: '' };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, problem: 'not-a-number' };
    if (value < 0) return { ok: false, problem: 'negative' };
    return { ok: true, value, text: String(value) };
  }
  const typed = value.trim();
  if (typed === '') return { ok: true, value: null, text: '' };
  if (/^[-−]\s*[\d.]/.test(typed)) return { ok: false, problem: 'negative' };
  const match = DECIMAL_NUMBER.exec(typed);
  if (!match) return { ok: false, problem: 'not-a-number' };
  const rest = typed.slice(match[0].length);
  if (rest !== '' && !UNIT_SUFFIX.test(rest)) return { ok: false, problem: 'not-a-number' };
  const text = match[0].replaceAll(',', '');
  return { ok: true, value: Number(text), text };
}

export type ParsedSignedInteger = { ok: true; value: number | null } | { ok: false };

/**
 * Reads a whole number that may be below zero (a flash point: "-40 °F"), never bent: an optional
 * minus, digits and an optional unit suffix; "4-0", "12.5" or "1e2" are refused, not read as 40,
 * 125 or 12. Empty is null.
 */
export function parseSignedInteger(value: string | number | null | undefined): ParsedSignedInteger {
  if (value === null || value === undefined) return { ok: true, value: null };
  if (typeof value === 'number') return Number.isInteger(value) ? { ok: true, value } : { ok: false };
  const typed = value.trim();
  if (typed === '') return { ok: true, value: null };
  const match = /^([-−]?)\s*(\d+)/.exec(typed);
  if (!match) return { ok: false };
  const rest = typed.slice(match[0].length);
  if (rest !== '' && !UNIT_SUFFIX.test(rest)) return { ok: false };
  const number = Number(match[2]);
  return { ok: true, value: match[1] === '' ? number : -number };
}

/** Rounds half away from zero to `decimals` places without binary surprises (1.005 → 1.01). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.sign(value) * (Math.round(Math.abs(value) * factor + Number.EPSILON * factor) / factor);
}

/** Pounds of water per US gallon: density (lb/gal) = specific gravity × 8.34. */
export const WATER_POUNDS_PER_GALLON = 8.34;

/**
 * Density from specific gravity (spec 01 §9): × 8.34, two decimals; undefined when the text is
 * empty or not a figure the decimal fields accept.
 */
export function densityFromSpecificGravity(specificGravity: string | number | null | undefined) {
  const parsed = parseDecimal(specificGravity);
  if (!parsed.ok || parsed.value === null) return undefined;
  return roundTo(parsed.value * WATER_POUNDS_PER_GALLON, 2);
}

/**
 * The specific gravity a weight per gallon stands for (lb/gal ÷ 8.34), to three decimals: the
 * inverse of the density above, so a form can fill one measure from the other (issue 33 point 3).
 */
export function specificGravityFromPoundsPerGallon(poundsPerGallon: string | number | null | undefined) {
  const parsed = parseDecimal(poundsPerGallon);
  if (!parsed.ok || parsed.value === null) return undefined;
  return roundTo(parsed.value / WATER_POUNDS_PER_GALLON, 3);
}

/** Number of digits after the decimal point of a plain decimal text. */
export function decimalPlaces(text: string): number {
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** Spec 02 §9: a computed figure that is zero or missing shows as 'N/A'. */
export const NOT_AVAILABLE = 'N/A';

export function orNotAvailable(
  value: number | null | undefined,
  format: (value: number) => string = String,
): string {
  return value === null || value === undefined || value === 0 || Number.isNaN(value)
    ? NOT_AVAILABLE
    : format(value);
}

/** How many figures a remembered format keeps before it starts again (a few hundred KB at most). */
const REMEMBERED_FIGURES = 4096;

/**
 * An en-US number format that remembers the text of the figures it wrote: `Intl.NumberFormat`'s
 * `format` was the largest single cost of a report's first run (issue 37), and a facility's
 * figures repeat (the same percents, container sizes and pounds on many lines). The text is the
 * format's own, so nothing printed changes; -0 is not remembered, since a Map counts it as 0 and
 * the format writes "-0".
 */
export function rememberedNumberFormat(options: Intl.NumberFormatOptions): (value: number) => string {
  const format = new Intl.NumberFormat('en-US', options);
  const written = new Map<number, string>();
  return (value) => {
    if (Object.is(value, -0)) return format.format(value);
    let text = written.get(value);
    if (text !== undefined) return text;
    text = format.format(value);
    if (written.size >= REMEMBERED_FIGURES) written.clear();
    written.set(value, text);
    return text;
  };
}

const QUANTITY = rememberedNumberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Pounds and gallons as the reports print them and the lists show them (issue 22): two
 * decimals, en-US thousands separators whatever the locale ("1,834.80").
 */
export function formatQuantity(value: number): string {
  return QUANTITY(value);
}

const PERCENT = rememberedNumberFormat({ minimumFractionDigits: 0, maximumFractionDigits: 4 });

/** A percent with up to 4 decimals, en-US grouping, whatever the locale. */
export function formatPercent(value: number): string {
  return PERCENT(value);
}

/**
 * An SDS percent range as the SDS writes it (rules §0.1): "30–60%", "<5%" (only an upper bound),
 * ">90%" (only a lower bound), "45%" (one figure); '' when neither bound is known.
 */
export function formatPercentRange(low: number | null, high: number | null): string {
  if (low !== null && high !== null) {
    return low === high ? `${formatPercent(low)}%` : `${formatPercent(low)}–${formatPercent(high)}%`;
  }
  if (high !== null) return `<${formatPercent(high)}%`;
  if (low !== null) return `>${formatPercent(low)}%`;
  return '';
}
