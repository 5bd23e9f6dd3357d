/**
 * EPCRA 313 threshold reports (rules §4-6), one layout for the three activities: CAS | chemical |
 * qualifier | how counted | PBT | PFAS | activity | annual lb | threshold | exceeded | Form A | screening,
 * with the contributing products (annual or on-hand lb, wt%, component lb) and the de minimis
 * exclusions under each chemical; then, apart, the lines of qualified listings (372.65) not marked
 * as meeting the qualifier, which the threshold table never counts.
 */
import { compliance, type ReportTable } from '@chemtrack/domain';
import { column, countReported, explanationOf, sumOf, total } from './document.ts';
import { amountCell, verdictCell } from './unknown-cells.ts';

export function epcra313Tables(result: compliance.Epcra313Result): ReportTable[] {
  const exceeding = result.rows.filter((row) => row.exceeds);
  return [
    {
      key: 'tri',
      title: `Listed chemicals ${compliance.TRI_ACTIVITY_LABELS[result.activity].toLowerCase()}`,
      columns: [
        column('cas_number', 'CAS'),
        column('chemical_name', 'Chemical'),
        column('qualifier', 'Qualifier'),
        column('count_basis', 'How counted'),
        column('is_pbt', 'PBT', 'flag'),
        column('is_pfas', 'PFAS', 'flag'),
        column('activity', 'Activity'),
        column('annual_lb', 'Annual amount (lb)', 'pounds'),
        column('threshold_lb', 'Threshold (lb)', 'threshold'),
        column('exceeds', 'Threshold exceeded', 'flag'),
        column('form_a', 'Form A', 'text'),
        column('is_screening', 'Screening', 'flag'),
      ],
      rows: result.rows.map((row) => ({
        cells: {
          cas_number: row.cas_number,
          chemical_name: row.chemical_name,
          qualifier: row.qualifier,
          count_basis: row.count_basis,
          is_pbt: row.is_pbt,
          is_pfas: row.is_pfas,
          activity: compliance.TRI_ACTIVITY_LABELS[row.activity],
          annual_lb: amountCell(row.annual_lb, row),
          threshold_lb: row.threshold_lb,
          exceeds: verdictCell(row.exceeds, row),
          form_a: row.form_a,
          is_screening: row.is_screening,
        },
        reported: row.exceeds,
        near_threshold: row.near_threshold,
        details: [],
        // Ammonia counts 10% of its aqueous lines: its figure is not the sum of the lines printed.
        explanation: explanationOf(
          row.explanation,
          row.cas_number === compliance.AMMONIA_CAS ? undefined : row.annual_lb,
        ),
      })),
      totals: [
        total('Listed chemicals in this activity', result.rows.length),
        total(
          'Chemicals exceeding the threshold',
          countReported(result.rows, (row) => row.exceeds),
        ),
        total(
          'Sum of the exceeding amounts (lb)',
          sumOf(exceeding, (row) => row.annual_lb),
          'pounds',
          exceeding.map((row) => row.annual_lb),
        ),
      ],
    },
    ...qualifiedCheckTables(result),
  ];
}

/** Issue 21 §16: the unmarked lines of qualified listings, with their pounds, never in the table above. */
function qualifiedCheckTables(result: compliance.Epcra313Result): ReportTable[] {
  if (result.qualified_check.length === 0) return [];
  return [
    {
      key: 'tri_qualified_check',
      title: compliance.TRI_QUALIFIED_CHECK_TITLE,
      // "Qualified listings: check the form" passes Excel's 31 characters.
      sheet: 'Qualified listings - check form',
      columns: [
        column('cas_number', 'CAS'),
        column('chemical_name', 'Chemical'),
        column('qualifier', 'Qualifier'),
        column('activity', 'Activity'),
        column('unmarked_lb', 'Not marked, not counted (lb)', 'pounds'),
        column('counted_lb', 'Marked and counted (lb)', 'pounds'),
        column('threshold_lb', 'Threshold (lb)', 'threshold'),
      ],
      rows: result.qualified_check.map((row) => ({
        cells: {
          cas_number: row.cas_number,
          chemical_name: row.chemical_name,
          qualifier: row.qualifier,
          activity: compliance.TRI_ACTIVITY_LABELS[row.activity],
          unmarked_lb: row.unmarked_lb,
          counted_lb: row.counted_lb,
          threshold_lb: row.threshold_lb,
        },
        reported: null,
        near_threshold: false,
        details: [],
        explanation: explanationOf(row.explanation, row.unmarked_lb),
      })),
      totals: [
        total(
          'Pounds not marked as meeting the qualifier',
          sumOf(result.qualified_check, (row) => row.unmarked_lb),
          'pounds',
          result.qualified_check.map((row) => row.unmarked_lb),
        ),
      ],
    },
  ];
}
