/**
 * How the engine writes figures into its rule texts ("412.80 lb ≥ TPQ 100 lb"): quantities with
 * two decimals, thresholds as the list gives them. en-US grouping, whatever the server's locale.
 */
const QUANTITY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const THRESHOLD = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 4 });

export function formatPounds(value: number): string {
  return QUANTITY.format(value);
}

export function formatThreshold(value: number): string {
  return THRESHOLD.format(value);
}

export function formatPercent(value: number): string {
  return PERCENT.format(value);
}
