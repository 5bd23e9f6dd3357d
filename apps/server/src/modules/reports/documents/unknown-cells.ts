/**
 * Issue 33 point 2, as every report's table prints it: a figure with lines of unknown amount is
 * "at least" its known part with the input it lacks, and a verdict those lines could change reads
 * "cannot be determined: {input}", never 0.00 beside N.
 */
import { compliance, type ReportCell } from '@chemtrack/domain';

export function amountCell(amount: number, row: compliance.UnknownAmounts, unit = ''): ReportCell {
  return row.missing_inputs.length > 0
    ? compliance.partlyUnknownAmountText(amount, row.missing_inputs, unit)
    : amount;
}

export function verdictCell(verdict: boolean, row: compliance.UnknownAmounts): ReportCell {
  return row.cannot_be_determined ?? verdict;
}
