/**
 * EPCRA 302 (rules §1): CAS | EHS name | TPQ (both figures of a solid, and the one applied) |
 * maximum aggregate on site | q/TPQ | notification required | EPCRA 304 RQ, with the
 * contributing products (name, location, physical state, wt%, product lb, component lb) under
 * each chemical from its explanation.
 */
import type { compliance, ReportTable } from '@chemtrack/domain';
import { column, countReported, explanationOf, total } from './document.ts';
import { amountCell, verdictCell } from './unknown-cells.ts';

export function epcra302Tables(result: compliance.Epcra302Result): ReportTable[] {
  return [
    {
      key: 'ehs',
      title: 'Extremely hazardous substances',
      columns: [
        column('cas_number', 'CAS'),
        column('chemical_name', 'EHS name'),
        column('tpq_text', 'TPQ (lb) as listed'),
        column('tpq_applied_lb', 'TPQ applied (lb)', 'threshold'),
        column('quantity_lb', 'Max aggregate on site (lb)', 'pounds'),
        column('ratio', 'q / TPQ', 'ratio'),
        column('notification_required', 'Notification required', 'flag'),
        column('rq_lb', 'EPCRA 304 RQ (lb)', 'threshold'),
      ],
      rows: result.rows.map((row) => ({
        cells: {
          cas_number: row.cas_number,
          chemical_name: row.chemical_name,
          tpq_text: row.tpq_text,
          tpq_applied_lb: row.tpq_applied_lb,
          quantity_lb: amountCell(row.quantity_lb, row),
          ratio: row.cannot_be_determined === null ? row.test.ratio : null,
          notification_required: verdictCell(row.notification_required, row),
          rq_lb: row.rq_lb,
        },
        reported: row.notification_required,
        near_threshold: row.near_threshold,
        details:
          row.component_names.length > 0 && row.component_names.some((name) => name !== row.chemical_name)
            ? [`Named on the SDSs: ${row.component_names.join('; ')}`]
            : [],
        explanation: explanationOf(row.explanation, row.quantity_lb),
      })),
      totals: [
        total('EHS found at the facility', result.rows.length),
        total(
          'EHS at or above the TPQ (notification required)',
          countReported(result.rows, (row) => row.notification_required),
        ),
        total(
          'EHS near the TPQ (within 10% below)',
          countReported(result.rows, (row) => row.near_threshold),
        ),
      ],
    },
  ];
}
