import { formatQuantity } from '../shared/numbers.ts';

/**
 * How the engine writes figures into its rule texts ("412.80 lb ≥ TPQ 100 lb"): quantities with
 * two decimals, thresholds as the list gives them. en-US grouping, whatever the server's locale.
 */
const THRESHOLD = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
/**
 * A conversion factor or measure in an explanation (55 gal, 15.3039 lb/gal, 5.4 cu ft/lb): every
 * digit it carries, up to 6 decimals (a specific gravity of 4 decimals × 8.34 has at most 6),
 * so a reader who multiplies the printed factors gets the printed total (issue 21, point 8).
 */
const FACTOR = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 6 });

/** The report's quantities: the one quantity format of lists and reports (shared/numbers.ts). */
export function formatPounds(value: number): string {
  return formatQuantity(value);
}

export function formatThreshold(value: number): string {
  return THRESHOLD.format(value);
}

// A percent as every screen and report writes it; kept with the numbers, which components use too.
export { formatPercent, formatPercentRange } from '../shared/numbers.ts';

export function formatFactor(value: number): string {
  return FACTOR.format(value);
}
