/**
 * The pieces every report file shares: a row's explanation in the preview's shape, the list
 * names, the facility's address in one line and the totals under a table. The per-type files
 * (`epcra-302.ts` …) lay the engine's rows out as tables of these; the PDF and XLSX writers and
 * the preview read only the resulting `ReportDocument`, so the three never disagree.
 */
import {
  compliance,
  type RegulatoryListType,
  type ReportColumn,
  type ReportColumnKind,
  type ReportExplanation,
  type ReportRow,
  type ReportTable,
  type ReportTotal,
  roundTo,
} from '@chemtrack/domain';

export const LIST_LABELS: Record<RegulatoryListType, string> = {
  ehs: 'EHS list (EPCRA 302)',
  cercla: 'CERCLA list',
  '313': 'EPCRA 313 list',
  rmp: 'RMP list (CAA 112(r))',
  psm: 'PSM list (OSHA 1910.119)',
};

export function column(key: string, label: string, kind: ReportColumnKind = 'text'): ReportColumn {
  return { key, label, kind };
}

/**
 * A row's explanation as the files print it. `figure`: the row's printed figure that its
 * contributing lines add up to, when they do (302: the on-site pounds); then the explanation says
 * whether the printed lines add up to it (issue 31 point 14). Leave it out where the lines are not
 * the figure's addends (a gallons figure over lines in pounds, 313's 10% of aqueous ammonia).
 */
export function explanationOf(explanation: compliance.Explanation, figure?: number): ReportExplanation {
  return {
    rule_text: explanation.rule_text,
    contributions: explanation.contributions,
    excluded: explanation.excluded,
    notes: explanation.notes,
    ...(figure === undefined ? {} : { rows_add_up: compliance.contributionsAddUp(explanation, figure) }),
  };
}

/** A row that lists facts and meets no threshold of its own: no explanation and no details under it. */
export function listedRow(cells: ReportRow['cells'], reported: boolean | null = null): ReportRow {
  return { cells, reported, near_threshold: false, details: [], explanation: null };
}

/**
 * A total under a table. `addends`: for a sum, the figures it adds as the table prints them; the
 * total then says whether they add up to it as printed (issue 31 point 14).
 */
export function total(
  label: string,
  value: number,
  kind: ReportColumnKind = 'count',
  addends?: readonly number[],
): ReportTotal {
  const printed = kind === 'count' ? value : roundTo(value, 4);
  return {
    label,
    value: printed,
    kind,
    ...(addends === undefined ? {} : { rows_add_up: compliance.printedRowsAddUp(addends, printed) }),
  };
}

/**
 * The report's notes with the standard rounding note added once when any sum the tables print
 * (a total, or a row over its contributing lines) does not equal its printed rows: every report
 * passes through here (`buildReportDocument`), whichever engine found the figures.
 */
export function withRoundingNote(notes: readonly string[], tables: readonly ReportTable[]): string[] {
  if (notes.includes(compliance.TOTALS_BEFORE_ROUNDING_NOTE)) return [...notes];
  const addUp = tables.flatMap((table) => [
    ...table.totals.map((item) => item.rows_add_up !== false),
    ...table.rows.map((row) => row.explanation?.rows_add_up !== false),
  ]);
  return [...notes, ...compliance.roundingNotes(addUp)];
}

/** Rows meeting their threshold, out of all: "Notification required: 2 of 5 EHS". */
export function countReported<Row>(rows: readonly Row[], reported: (row: Row) => boolean): number {
  return rows.filter(reported).length;
}

export function sumOf<Row>(rows: readonly Row[], figure: (row: Row) => number | null): number {
  return roundTo(
    rows.reduce((sum, row) => sum + (figure(row) ?? 0), 0),
    4,
  );
}

export function facilityAddressLine(address: compliance.FacilityAddress | null | undefined): string {
  if (!address) return '';
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
  return [address.address, address.county ? `${address.county} County` : '', cityLine]
    .filter((part): part is string => !!part && part.trim() !== '')
    .join(', ');
}
