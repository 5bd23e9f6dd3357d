/**
 * A printed total equals the sum of its printed rows, or the report says in its notes that totals
 * are computed before rounding (issue 31 point 14). Reports print pounds, gallons and fire-code
 * amounts with two decimals (`formatQuantity`) while every total adds the unrounded figures, so
 * three lines of 0.3333 lb print 0.33 each (0.99) under a total of 0.9999 lb printed 1.00. These
 * functions decide, from the figures, whether the printed ones add up; the note is one text.
 */
import { formatQuantity } from '../shared/numbers.ts';
import type { Explanation } from './programme.ts';

export const TOTALS_BEFORE_ROUNDING_NOTE =
  'Totals are computed before rounding: printed rows may differ from the printed total by rounding.';

/**
 * A figure as the report prints it, in hundredths: read back from the printed text itself, so the
 * check can never round differently from the print.
 */
function printedHundredths(value: number): number {
  return Math.round(Number(formatQuantity(value).replaceAll(',', '')) * 100);
}

/** Whether the rows, each as printed, add up to the total as printed. */
export function printedRowsAddUp(rows: readonly number[], total: number): boolean {
  return rows.reduce((sum, row) => sum + printedHundredths(row), 0) === printedHundredths(total);
}

/** Whether a figure's contributing lines, as printed under it, add up to the figure as printed. */
export function contributionsAddUp(explanation: Pick<Explanation, 'contributions'>, total: number): boolean {
  return printedRowsAddUp(
    explanation.contributions.map((c) => c.pounds_contributed),
    total,
  );
}

/** The standard note, once, when any of the checks found printed rows that do not add up; else none. */
export function roundingNotes(addUp: Iterable<boolean>): string[] {
  for (const ok of addUp) if (!ok) return [TOTALS_BEFORE_ROUNDING_NOTE];
  return [];
}
