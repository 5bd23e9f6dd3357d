/**
 * Number fields arrive as typed text ("1.84 g/ml", "-40 °F"). The spec strips them before
 * sending; the server strips again so any client gets the same rule.
 */

/** Digits and dots only ("1.84 g/ml" → "1.84"). */
export function stripDecimal(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[^\d.]/g, '');
}

/** Digits with only a leading minus kept ("-40 °F" → "-40", "4-0" → "40"). */
export function stripSignedInteger(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  const digits = text.replace(/\D/g, '');
  return text.startsWith('-') && digits !== '' ? `-${digits}` : digits;
}

/** Rounds half away from zero to `decimals` places without binary surprises (1.005 → 1.01). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.sign(value) * (Math.round(Math.abs(value) * factor + Number.EPSILON * factor) / factor);
}

/** Pounds of water per US gallon: density (lb/gal) = specific gravity × 8.34. */
export const WATER_POUNDS_PER_GALLON = 8.34;

/**
 * Density from specific gravity (spec 01 §9): stripped to digits and dot, × 8.34, two decimals;
 * undefined when the text is not a number.
 */
export function densityFromSpecificGravity(specificGravity: string | number | null | undefined) {
  const text = stripDecimal(specificGravity);
  if (text === '' || !/^\d*\.?\d*$/.test(text) || text === '.') return undefined;
  return roundTo(Number(text) * WATER_POUNDS_PER_GALLON, 2);
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

const PERCENT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 4 });

/** A percent with up to 4 decimals, en-US grouping, whatever the locale. */
export function formatPercent(value: number): string {
  return PERCENT.format(value);
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
