/**
 * The RMP and PSM layouts share their shape (rules §8, §9): one row per listed chemical per
 * process (storage location) and the facility screen, what is covered in the main table and what
 * was tested and falls short after it under `Below threshold`. Each row carries its exemptions
 * (fuel use, partial pressure, atmospheric storage) and its explanation.
 */
import { compliance, type ReportColumn, type ReportRow, type ReportTable } from '@chemtrack/domain';
import { column, countReported, explanationOf, total } from './document.ts';
import { amountCell, verdictCell } from './unknown-cells.ts';

/** The heading of the section after the covered table (issue 23: exactly this). */
export const PROCESS_BELOW_THRESHOLD_TITLE = 'Below threshold';

export const PROCESS_COLUMNS_BEFORE: ReportColumn[] = [
  column('process', 'Process (storage location)'),
  column('substance', 'Listed substance'),
  column('cas_number', 'CAS'),
  column('condition', 'Condition / listed concentration'),
];

export const PROCESS_COLUMNS_AFTER: ReportColumn[] = [
  column('threshold_lb', 'TQ (lb)', 'threshold'),
  column('quantity_lb', 'Quantity in process (lb)', 'pounds'),
  column('ratio', 'q / TQ', 'ratio'),
  column('covered', 'Covered', 'flag'),
  column('exemptions', 'Exemptions and overrides'),
];

export function processCells(row: compliance.ProcessRow): ReportRow['cells'] {
  return {
    process: row.process,
    substance: row.substance,
    cas_number: row.cas_number,
    condition: row.condition,
    threshold_lb: row.threshold_lb,
    quantity_lb: amountCell(row.quantity_lb, row),
    // No ratio of an undetermined amount (issue 33 point 2): the cell is empty, not 0.
    ratio: row.cannot_be_determined === null ? row.test.ratio : null,
    covered: verdictCell(row.covered, row),
    exemptions: row.exemptions.join('; '),
  };
}

/** Under each row: every contributing product with its percent, NFPA rating and pounds, from the explanation. */
export function processDetails(row: compliance.ProcessRow): string[] {
  return [
    ...(row.is_estimate ? ['Estimated: a contributing input is missing (see the notes and warnings).'] : []),
    ...row.explanation.contributions.map(
      (c) =>
        `${c.product_name} at ${c.location_stored || '(no location)'}: ${compliance.formatPercent(c.percent_weight)}% of ${compliance.formatPounds(c.line_pounds)} lb = ${compliance.formatPounds(c.pounds_contributed)} lb`,
    ),
  ];
}

export function processRow(row: compliance.ProcessRow, cells: ReportRow['cells']): ReportRow {
  return {
    cells,
    reported: row.covered,
    near_threshold: row.near_threshold,
    details: processDetails(row),
    explanation: explanationOf(row.explanation, row.quantity_lb),
  };
}

/** The covered table and the `Below threshold` section of a process-safety report. */
export function processTables<Row extends compliance.ProcessRow>(
  key: string,
  title: string,
  result: { rows: Row[]; below_threshold: Row[] },
  columns: ReportColumn[],
  cells: (row: Row) => ReportRow['cells'],
): ReportTable[] {
  const below = result.below_threshold;
  return [
    {
      key,
      title,
      columns,
      rows: result.rows.map((row) => processRow(row, cells(row))),
      totals: [
        total(
          'Covered processes and listings',
          countReported(result.rows, (row) => row.covered && row.scope === 'location'),
        ),
        total(
          'Covered in the facility screen',
          countReported(result.rows, (row) => row.covered && row.scope === 'facility'),
        ),
      ],
    },
    {
      key: `${key}_below_threshold`,
      title: PROCESS_BELOW_THRESHOLD_TITLE,
      columns: [
        ...columns.filter((c) => c.key !== 'covered'),
        column('near_threshold', 'Near threshold', 'flag'),
      ],
      rows: below.map((row) => processRow(row, { ...cells(row), near_threshold: row.near_threshold })),
      totals: [
        total('Tested and below the threshold', below.length),
        total(
          'Near the threshold (within 10% below)',
          countReported(below, (row) => row.near_threshold),
        ),
      ],
    },
  ];
}
