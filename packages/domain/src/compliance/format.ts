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
