import { formatQuantity, rememberedNumberFormat } from '../shared/numbers.ts';
import type { PercentBasis } from './types.ts';

/**
 * How the engine writes figures into its rule texts ("412.80 lb ≥ TPQ 100 lb"): quantities with
 * two decimals, thresholds as the list gives them. en-US grouping, whatever the server's locale.
 */
const THRESHOLD = rememberedNumberFormat({ minimumFractionDigits: 0, maximumFractionDigits: 2 });
/**
 * A conversion factor or measure in an explanation (55 gal, 15.3039 lb/gal, 5.4 cu ft/lb): every
 * digit it carries, up to 6 decimals (a specific gravity of 4 decimals × 8.34 has at most 6),
 * so a reader who multiplies the printed factors gets the printed total (issue 21, point 8).
 */
const FACTOR = rememberedNumberFormat({ minimumFractionDigits: 0, maximumFractionDigits: 6 });

/** The report's quantities: the one quantity format of lists and reports (shared/numbers.ts). */
export function formatPounds(value: number): string {
  return formatQuantity(value);
}

export function formatThreshold(value: number): string {
  return THRESHOLD(value);
}

// A percent as every screen and report writes it; kept with the numbers, which components use too.
export { formatPercent, formatPercentRange } from '../shared/numbers.ts';

export function formatFactor(value: number): string {
  return FACTOR(value);
}

/** The point of an SDS percent range a report read, in its rule paragraph (rules §0.1: print the basis used). */
const PERCENT_BASIS_POINTS: Record<PercentBasis, string> = { upper: 'upper bound', midpoint: 'midpoint' };

/** "Percent ranges on the SDSs are read at their midpoint (the report setting)." (issue 31 point 13). */
export function percentBasisSentence(basis: PercentBasis): string {
  return `Percent ranges on the SDSs are read at their ${PERCENT_BASIS_POINTS[basis]} (the report setting).`;
}
