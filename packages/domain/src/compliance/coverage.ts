/**
 * Whether a report's programme covers the facility, read from the verdicts the report's own rows
 * carry (issue 36: the summary of a customer's reports of every facility names, per facility, the
 * verdict a reviewer would read off its preview). A programme's rows each say whether they meet
 * their threshold, and a row that lines of unknown amount could take over it says "cannot be
 * determined" (decision 030); the facility is covered when one row is, else undetermined when one
 * row is, else not covered. SPCC and the fire-code permit decide once for the facility, and say so
 * themselves. The listings (the inventory index, the hazardous materials inventory statement) test
 * no threshold: they have no verdict.
 */
import type { AvailableReportType, ReportResult } from './registry.ts';

export const COVERAGES = ['covered', 'not covered', 'cannot be determined'] as const;

/** Covered, not covered, or undetermined because lines of unknown pounds could decide it (decision 030). */
export type Coverage = (typeof COVERAGES)[number];

/** A met threshold decides; unknown amounts leave undetermined only what is not met already. */
function verdict(covered: boolean, undetermined: boolean): Coverage {
  if (covered) return 'covered';
  return undetermined ? 'cannot be determined' : 'not covered';
}

/** A row's verdict: its test, and its "cannot be determined: {input}" when unknown amounts could change it. */
export function coverageOf(covered: boolean, cannotBeDetermined: string | null): Coverage {
  return verdict(covered, Boolean(cannotBeDetermined));
}

/** The facility's verdict from its rows: one covered row covers it; else one undetermined row leaves it undetermined. */
function fromRows<Row extends { cannot_be_determined: string | null }>(
  rows: readonly Row[],
  isCovered: (row: Row) => boolean,
): Coverage {
  return verdict(
    rows.some(isCovered),
    rows.some((row) => Boolean(row.cannot_be_determined)),
  );
}

const COVERAGE_OF: { [T in AvailableReportType]: (result: ReportResult<T>) => Coverage | null } = {
  epcra_302: (result) => fromRows(result.rows, (row) => row.notification_required),
  epcra_304_cercla: (result) => fromRows(result.rows, (row) => row.release_could_reach_rq),
  // The reported rows, then those unknown pounds could take over their threshold.
  epcra_311_312_tier2: (result) =>
    fromRows([...result.rows, ...result.undetermined], (row) => row.reportable),
  epcra_313_manufactured: (result) => fromRows(result.rows, (row) => row.exceeds),
  epcra_313_processed: (result) => fromRows(result.rows, (row) => row.exceeds),
  epcra_313_otherwise_used: (result) => fromRows(result.rows, (row) => row.exceeds),
  spcc_plan: (result) => verdict(result.plan_required, result.plan_undetermined),
  caa_112r_rmp: (result) => fromRows([...result.rows, ...result.below_threshold], (row) => row.covered),
  caa_304_psm: (result) => fromRows([...result.rows, ...result.below_threshold], (row) => row.covered),
  hmpp: (result) => verdict(result.permit_required, result.permit_undetermined),
  hmpp_excel: (result) => verdict(result.permit_required, result.permit_undetermined),
  inventory_index_numeric: () => null,
  haz_mat_inventory: () => null,
  haz_mat_inventory_excel: () => null,
};

/** The facility's verdict under the report; null for a listing, which tests no threshold. */
export function reportCoverage<T extends AvailableReportType>(
  type: T,
  result: ReportResult<T>,
): Coverage | null {
  const of = COVERAGE_OF[type] as (result: ReportResult<T>) => Coverage | null;
  return of(result);
}
