/**
 * SPCC plan (40 CFR 112, rules §7): the facility's aboveground and buried capacity against the
 * thresholds and the largest container that picks the qualified-facility tier, then one row per
 * counted container (the columns of rules §7), then what was tested and falls short (under 55
 * gallons, excluded, capacity unknown) in its own section headed `Below threshold`.
 */
import { CONTAINER_PLACEMENT_LABELS, compliance, type ReportRow, type ReportTable } from '@chemtrack/domain';
import { column, explanationOf, total } from './document.ts';

/** The heading of the section after the container table (issue 23). */
export const SPCC_BELOW_THRESHOLD_TITLE = 'Below threshold';

const CONTAINER_COLUMNS = [
  column('inventory_product_id', 'Line ID', 'count'),
  column('location', 'Location'),
  column('product_name', 'Oil product'),
  column('container_type', 'Container type'),
  column('shell_capacity_gal', 'Shell capacity (gal)', 'gallons'),
  column('container_count', 'Count', 'count'),
  column('total_capacity_gal', 'Total capacity (gal)', 'gallons'),
  column('placement', 'Aboveground or buried'),
  column('capacity_source', 'Capacity from'),
  column('is_estimate', 'Estimate', 'flag'),
];

function containerRow(row: compliance.SpccContainerRow, withReason: boolean): ReportRow {
  return {
    cells: {
      inventory_product_id: row.inventory_product_id,
      location: row.location_stored,
      product_name: row.product_name,
      container_type: row.container_type ?? '',
      shell_capacity_gal: row.shell_capacity_gal,
      container_count: row.container_count,
      total_capacity_gal: row.total_capacity_gal,
      placement: `${CONTAINER_PLACEMENT_LABELS[row.placement]}${row.placement_is_estimate ? ' (assumed)' : ''}`,
      // Unknown is not zero (issue 33 point 2): the row says what is missing.
      capacity_source: row.cannot_be_determined ? (row.reason ?? '') : row.capacity_source,
      is_estimate: row.capacity_is_estimate || row.placement_is_estimate || row.count_is_estimate,
      ...(withReason ? { reason: row.reason ?? '' } : {}),
    },
    reported: row.counted,
    near_threshold: false,
    details: [],
    explanation: explanationOf(row.explanation),
  };
}

/** The capacities the containers table prints for one placement: what its total adds. */
function capacities(
  result: compliance.SpccResult,
  placement: compliance.SpccContainerRow['placement'],
): number[] {
  return result.rows
    .filter((row) => row.counted && row.placement === placement)
    .map((row) => row.total_capacity_gal ?? 0);
}

/** A figure's result: undetermined when containers of its placement have no known capacity and it is not over. */
function figureResult(result: compliance.SpccResult, figure: compliance.SpccFigure): string {
  const undetermined = undeterminedResult(result, figure);
  if (undetermined) return `not over on the known capacities; ${undetermined}`;
  if (figure.test) return figure.test.meets ? 'Over the threshold' : 'Not over the threshold';
  return figure.gallons > compliance.SPCC_TIER1_CONTAINER_MAX_GAL
    ? 'Over 5,000 gal: not Tier I'
    : 'Within Tier I';
}

/** What containers of the figure's placement lack, when they have no known capacity and it is not over. */
function undeterminedResult(result: compliance.SpccResult, figure: compliance.SpccFigure): string | null {
  if (!figure.test || figure.test.meets) return null;
  const unknown = result.rows.filter(
    (row) =>
      row.cannot_be_determined &&
      (figure.key === 'buried' ? row.placement === 'buried' : row.placement === 'aboveground'),
  );
  return unknown.length > 0 ? (unknown[0]?.reason ?? null) : null;
}

export function spccTables(result: compliance.SpccResult): ReportTable[] {
  const below = result.below_threshold;
  const counted = result.rows.filter((row) => row.counted);
  const unknown = result.rows.filter((row) => row.cannot_be_determined);
  return [
    {
      key: 'spcc_capacity',
      title: 'SPCC capacity and plan determination',
      sheet: 'SPCC capacity',
      columns: [
        column('figure', 'Figure'),
        column('gallons', 'Gallons', 'gallons'),
        column('threshold', 'Threshold (gal)', 'threshold'),
        column('result', 'Result'),
        column('is_estimate', 'Estimate', 'flag'),
      ],
      rows: result.figures.map((figure) => ({
        cells: {
          figure: figure.label,
          gallons: figure.gallons,
          threshold: figure.test?.threshold_lb ?? compliance.SPCC_TIER1_CONTAINER_MAX_GAL,
          result: figureResult(result, figure),
          is_estimate: figure.is_estimate,
        },
        reported: figure.test?.meets ?? null,
        near_threshold: figure.test?.near_threshold ?? false,
        details: [],
        explanation: explanationOf(figure.explanation),
      })),
      totals: [
        // A 0 would read "no plan" where the unknown capacities could require one.
        ...(result.plan_undetermined
          ? []
          : [total('SPCC plan required (1 = yes)', result.plan_required ? 1 : 0)]),
        total('Aboveground capacity (gal)', result.aboveground_gal, 'gallons'),
        total('Completely buried capacity (gal)', result.buried_gal, 'gallons'),
      ],
    },
    {
      key: 'spcc_containers',
      title:
        unknown.length > 0
          ? 'SPCC containers (55 gallons or more, or of unknown capacity)'
          : 'SPCC containers (55 gallons or more)',
      sheet: 'SPCC containers',
      columns: CONTAINER_COLUMNS,
      rows: result.rows.map((row) => containerRow(row, false)),
      totals: [
        total('Containers counted (lines)', counted.length),
        ...(unknown.length > 0 ? [total('Containers of unknown capacity (lines)', unknown.length)] : []),
        total(
          'Aboveground capacity (gal)',
          result.aboveground_gal,
          'gallons',
          capacities(result, 'aboveground'),
        ),
        total('Completely buried capacity (gal)', result.buried_gal, 'gallons', capacities(result, 'buried')),
        total('Largest aboveground container (gal)', result.largest_aboveground_gal, 'gallons'),
      ],
    },
    {
      key: 'spcc_below_threshold',
      title: SPCC_BELOW_THRESHOLD_TITLE,
      columns: [...CONTAINER_COLUMNS, column('reason', 'Why not counted')],
      rows: below.map((row) => containerRow(row, true)),
      totals: [total('Tested and not counted (lines)', below.length)],
    },
  ];
}
