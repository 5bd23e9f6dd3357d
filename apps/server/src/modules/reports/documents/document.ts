/**
 * The pieces every report file shares: a row's explanation in the preview's shape, the list
 * names, the facility's address in one line and the totals under a table. The per-type files
 * (`epcra-302.ts` …) lay the engine's rows out as tables of these; the PDF and XLSX writers and
 * the preview read only the resulting `ReportDocument`, so the three never disagree.
 */
import {
  type compliance,
  type RegulatoryListType,
  type ReportColumn,
  type ReportColumnKind,
  type ReportExplanation,
  type ReportRow,
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

export function explanationOf(explanation: compliance.Explanation): ReportExplanation {
  return {
    rule_text: explanation.rule_text,
    contributions: explanation.contributions,
    excluded: explanation.excluded,
    notes: explanation.notes,
  };
}

/** A row that lists facts and meets no threshold of its own: no explanation and no details under it. */
export function listedRow(cells: ReportRow['cells'], reported: boolean | null = null): ReportRow {
  return { cells, reported, near_threshold: false, details: [], explanation: null };
}

export function total(label: string, value: number, kind: ReportColumnKind = 'count'): ReportTotal {
  return { label, value: kind === 'count' ? value : roundTo(value, 4), kind };
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
