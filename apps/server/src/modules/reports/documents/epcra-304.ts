/**
 * EPCRA 304 / CERCLA (rules §2): CAS | name | lists | RQ and its list | on-site lb | on-site/RQ |
 * could a release reach the RQ | largest single container | notify; under each chemical the
 * products holding it and how much of each released would carry the RQ.
 */
import { compliance, type ReportTable } from '@chemtrack/domain';
import { column, countReported, explanationOf, total } from './document.ts';
import { amountCell, verdictCell } from './unknown-cells.ts';

const LIST_NAMES = { cercla: 'CERCLA', ehs: 'EHS' } as const;

/** How much of the line the chemical is: its percent, the whole mixture (302.6(b)) or the whole solution. */
function releaseBasis(release: compliance.ReleaseToRq): string {
  if (release.whole_solution) return 'ammonium hydroxide solution, its whole weight (no mixture rule)';
  if (release.percent_unknown) return 'percentage not on the SDS, the whole mixture screened (302.6(b))';
  return `${compliance.formatPercent(release.percent_weight)}%`;
}

function releaseLine(release: compliance.ReleaseToRq): string {
  const gallons =
    release.release_gal_to_rq === null ? '' : ` (${compliance.formatPounds(release.release_gal_to_rq)} gal)`;
  const container =
    release.container_component_lb === null
      ? ''
      : `; one container holds ${compliance.formatPounds(release.container_component_lb)} lb of the chemical`;
  return (
    `${release.product_name}${release.location_stored ? ` at ${release.location_stored}` : ''}, ${release.container}, ` +
    `${releaseBasis(release)}: ` +
    `a release of ${compliance.formatPounds(release.release_lb_to_rq)} lb` +
    `${gallons} of product carries the RQ${container}`
  );
}

export function epcra304Tables(result: compliance.Epcra304Result): ReportTable[] {
  return [
    {
      key: 'releases',
      title: 'Reportable quantities',
      columns: [
        column('cas_number', 'CAS'),
        column('chemical_name', 'Name'),
        column('lists', 'Lists'),
        column('rq_lb', 'RQ (lb)', 'threshold'),
        column('rq_list', 'RQ from'),
        column('quantity_lb', 'On site (lb)', 'pounds'),
        column('ratio', 'On site / RQ', 'ratio'),
        column('release_could_reach_rq', 'Release could reach RQ', 'flag'),
        column('largest_container_lb', 'Largest single container (lb)', 'pounds'),
        column('single_container_exposure', 'One container holds the RQ', 'flag'),
        column('notify', 'Notify'),
      ],
      rows: result.rows.map((row) => ({
        cells: {
          cas_number: row.cas_number,
          chemical_name: row.chemical_name,
          lists: row.lists.map((list) => LIST_NAMES[list]).join(', '),
          rq_lb: row.rq_lb,
          rq_list: LIST_NAMES[row.rq_list],
          quantity_lb: amountCell(row.quantity_lb, row),
          ratio: row.test.ratio,
          release_could_reach_rq: verdictCell(row.release_could_reach_rq, row),
          largest_container_lb: row.largest_container_lb,
          single_container_exposure: row.single_container_exposure,
          notify: row.notify,
        },
        reported: row.release_could_reach_rq,
        near_threshold: row.near_threshold,
        details: [
          ...row.releases.map(releaseLine),
          ...(row.form_unknown ? ['Form unknown: a solid metal of 40 CFR 302.6(c).'] : []),
        ],
        explanation: explanationOf(row.explanation, row.quantity_lb),
      })),
      totals: [
        total('Listed chemicals on site', result.rows.length),
        total(
          'Chemicals whose release could reach the RQ',
          countReported(result.rows, (row) => row.release_could_reach_rq),
        ),
        total(
          'Chemicals of which one container holds the RQ',
          countReported(result.rows, (row) => row.single_container_exposure),
        ),
      ],
    },
  ];
}
