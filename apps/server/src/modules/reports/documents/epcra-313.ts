/**
 * EPCRA 313 threshold reports (rules §4-6), one layout for the three activities: CAS | chemical |
 * qualifier | PBT | activity | annual lb | threshold | exceeded | Form A possible | screening,
 * with the contributing products (annual or on-hand lb, wt%, component lb) and the de minimis
 * exclusions under each chemical.
 */
import { compliance, type ReportTable } from '@chemtrack/domain';
import { column, countReported, explanationOf, sumOf, total } from './document.ts';

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
        column('is_pbt', 'PBT', 'flag'),
        column('activity', 'Activity'),
        column('annual_lb', 'Annual amount (lb)', 'pounds'),
        column('threshold_lb', 'Threshold (lb)', 'threshold'),
        column('exceeds', 'Threshold exceeded', 'flag'),
        column('form_a_possible', 'Form A possible', 'flag'),
        column('is_screening', 'Screening', 'flag'),
      ],
      rows: result.rows.map((row) => ({
        cells: {
          cas_number: row.cas_number,
          chemical_name: row.chemical_name,
          qualifier: row.qualifier,
          is_pbt: row.is_pbt,
          activity: compliance.TRI_ACTIVITY_LABELS[row.activity],
          annual_lb: row.annual_lb,
          threshold_lb: row.threshold_lb,
          exceeds: row.exceeds,
          form_a_possible: row.form_a_possible,
          is_screening: row.is_screening,
        },
        reported: row.exceeds,
        near_threshold: row.near_threshold,
        details: row.is_special_concern
          ? ['Chemical of special concern (PFAS): no de minimis, no Form A.']
          : [],
        explanation: explanationOf(row.explanation),
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
        ),
      ],
    },
  ];
}
