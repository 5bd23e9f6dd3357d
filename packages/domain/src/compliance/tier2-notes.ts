/**
 * What a Tier II run says around its rows (rules §3): the lines 370.13 leaves out, the hazards
 * only legacy flags give, the option chosen for other chemicals, the estimates and the rounding,
 * and the header naming the rows unknown pounds leave undetermined (issue 33 point 2).
 */

import { TIER2_GHS_FIRST_YEAR } from '../products/hazard-categories.ts';
import { TIER2_EXCLUSION_LABELS } from '../products/report-inputs.ts';
import { TIER2_DEFAULT_DAYS_ON_SITE } from './tier2-thresholds.ts';
import type { Tier2Result, Tier2Row } from './tier2-types.ts';
import { printedRowsAddUp, roundingNotes } from './totals.ts';
import type { SnapshotLine } from './types.ts';

/** The lines 40 CFR 370.13 leaves out of Tier II, each named with its reason. */
export function exclusionNotes(lines: readonly SnapshotLine[]): string[] {
  return lines.flatMap((line) =>
    line.tier2_exclusion
      ? [
          `${line.product_name} (line ${line.inventory_product_id}) is not a hazardous chemical under 40 CFR 370.13: ${TIER2_EXCLUSION_LABELS[line.tier2_exclusion]}. Left out of Tier II.`,
        ]
      : [],
  );
}

/** From 2017 a reported row with only the legacy flags lacks its GHS categories: said once. */
export function legacyHazardNotes(rows: readonly Tier2Row[], year: number): string[] {
  return year >= TIER2_GHS_FIRST_YEAR && rows.some((row) => row.reportable && row.hazard_basis === 'legacy')
    ? ['Some products have only the legacy SARA hazard flags; their GHS hazard categories are not recorded.']
    : [];
}

/** The notes closing every run: the option chosen for other chemicals, the estimates, the rounding. */
export function closingNotes(rows: readonly Tier2Row[], basis: Tier2Result['non_ehs_basis']): string[] {
  return [
    basis === 'component'
      ? 'Other hazardous chemicals: each component added up across products against 10,000 lb (370.14 component option).'
      : 'Other hazardous chemicals: each product as a whole against 10,000 lb (370.14 mixture option).',
    ...(rows.some((row) => row.reportable && (row.average_is_estimate || row.days_on_site_is_estimate))
      ? [
          `Estimates: where the inventory records no average amount the maximum is shown, and ${TIER2_DEFAULT_DAYS_ON_SITE} days on site where it records none.`,
        ]
      : []),
    // Each row prints its storage locations' amounts under its maximum (issue 31 point 14).
    ...roundingNotes(
      rows.map((row) =>
        printedRowsAddUp(
          row.locations.map((location) => location.amount_lb),
          row.max_amount_lb,
        ),
      ),
    ),
  ];
}

/** Issue 33 point 2: the header says which rows unknown pounds leave undetermined. */
export function undeterminedFacts(rows: readonly Tier2Row[]): Pick<Tier2Result, 'header_facts'> {
  if (!rows.some((row) => row.cannot_be_determined !== null)) return {};
  return {
    header_facts: [
      {
        label: 'Chemicals whose reporting cannot be determined',
        value: rows
          .flatMap((row) =>
            row.cannot_be_determined === null ? [] : [`${row.name}: ${row.cannot_be_determined}`],
          )
          .join('; '),
      },
    ],
  };
}
