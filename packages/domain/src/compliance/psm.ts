/**
 * OSHA Process Safety Management (29 CFR 1910.119; rules §9), the spec's "CAA 304 process safety
 * management" report: each Appendix A chemical in each process (a storage location) at or above
 * its TQ (1910.119(a)(1)(i)), counting its own weight in products at or above the listed
 * concentration, or at 1% or more where Appendix A lists none (OSHA memorandum of 18 July 2016);
 * and the 10,000 lb flammable screen per location (1910.119(a)(1)(ii)).
 */
import { isGas } from '../products/index.ts';
import { lineContribution, lineExclusion, unknownPoundsExclusion } from './aggregation.ts';
import type { ComplianceContext } from './context.ts';
import { listsUsed } from './context.ts';
import { formatThreshold } from './format.ts';
import {
  accumulatorOf,
  addPounds,
  compareProcessRows,
  countListedComponent,
  indexProcessListings,
  isRetailFacility,
  nameUnknownPercents,
  type ProcessRow,
  processOf,
  processTables,
  type RowAccumulator,
  rowsOfListing,
} from './process-safety.ts';
import type { ProgrammeResult, ProgrammeRule } from './programme.ts';
import { PSM_DEFAULT_MIN_PERCENT, PSM_OPERATOR } from './thresholds.ts';
import type { SnapshotLine } from './types.ts';
import { type EngineWarning, lineWarning } from './warnings.ts';

/** 1910.119(a)(1)(ii): 10,000 lb of flammable liquid or gas in one location. */
export const PSM_FLAMMABLE_THRESHOLD_LB = 10_000;
/** 1910.119(a)(1)(ii) and its flammable-liquid definition: a flash point below 100 °F. */
export const PSM_FLASH_POINT_LIMIT_F = 100;
export const PSM_FLAMMABLE_SUBSTANCE = 'Flammable liquids (flash point below 100 °F) and flammable gases';
const FLAMMABLE_CATEGORY = 'Flammable (gases, aerosols, liquids, or solids)';

export type PsmBasis = 'appendix_a' | 'flammable';

export interface PsmRow extends ProcessRow {
  /** (a)(1)(i) an Appendix A chemical, or (a)(1)(ii) the flammable screen. */
  basis: PsmBasis;
}

export interface PsmResult extends ProgrammeResult<PsmRow> {
  below_threshold: PsmRow[];
  estimated: string[];
}

export const PSM_RULE_TEXT =
  'OSHA 29 CFR 1910.119(a)(1) (the process safety management standard OSHA issued under section 304 of the Clean Air ' +
  'Act Amendments of 1990): a process is covered when it involves a highly hazardous chemical of Appendix A at or above ' +
  'its threshold quantity (TQ), at exactly the TQ included, or 10,000 lb or more of a flammable liquid (flash point below ' +
  '100 °F) or flammable gas in one location. Each storage location is a process; the facility total of an Appendix A ' +
  "chemical is a screen. A mixture counts the chemical's own weight when it is at or above the concentration Appendix A " +
  'lists, or at 1% or more where it lists none (OSHA enforcement memorandum of 18 July 2016, which withdrew the ' +
  '"commercial grade" policy), except where the product records a partial pressure below 10 mmHg. Hydrocarbon fuels ' +
  'used only as workplace fuel and flammable liquids in atmospheric storage below their boiling point are left out of ' +
  'the flammable screen where the line records them. PSM does not apply to retail facilities (1910.119(a)(2)(i)): there ' +
  'no row is covered and the figures are listed below threshold.';

/** Printed on each row at a retail facility, where PSM does not apply. */
export const PSM_RETAIL_EXEMPTION = 'Retail facility: PSM does not apply (29 CFR 1910.119(a)(2)(i))';
export const PSM_RETAIL_NOTE =
  'PSM does not apply: the facility is recorded as a retail facility (29 CFR 1910.119(a)(2)(i)). The figures below are what would otherwise be tested; none is covered.';

/** A row at a retail facility: never covered, its would-be figure kept and the exemption named. */
function atRetailFacility(row: PsmRow): PsmRow {
  return { ...row, covered: false, exemptions: [...row.exemptions, PSM_RETAIL_EXEMPTION] };
}

const FLOOR = {
  percent: PSM_DEFAULT_MIN_PERCENT,
  text: '1% (no concentration listed: OSHA 2016 policy)',
};

function isMarkedFlammable(line: SnapshotLine): boolean {
  return line.is_sara_f || (line.hazard_categories ?? []).includes(FLAMMABLE_CATEGORY);
}

/** The flammable screen of one line: how it counts, or null when it is no flammable the screen tests. */
function flammableReading(line: SnapshotLine): { counts: boolean; text: string; estimate: boolean } | null {
  const flash = line.flash_point_f;
  if (isGas(line.physical_state)) {
    return isMarkedFlammable(line)
      ? {
          counts: true,
          text: 'a gas marked flammable (taken as a Category 1 flammable gas)',
          estimate: false,
        }
      : null;
  }
  if (typeof flash === 'number') {
    return flash < PSM_FLASH_POINT_LIMIT_F
      ? { counts: true, text: `flash point ${flash} °F < 100 °F`, estimate: false }
      : null;
  }
  return isMarkedFlammable(line)
    ? { counts: true, text: 'marked flammable, no flash point recorded: counted (est.)', estimate: true }
    : null;
}

function flammableScreen(
  context: ComplianceContext,
  warnings: EngineWarning[],
  estimated: Set<string>,
): PsmRow[] {
  const byProcess = new Map<string, RowAccumulator>();
  for (const quantity of context.lines) {
    const { line } = quantity;
    const reading = flammableReading(line);
    if (!reading) continue;
    const acc = accumulatorOf(byProcess, processOf(line));
    if (reading.estimate) {
      acc.is_estimate = true;
      acc.notes.add(
        `${line.product_name}: no flash point recorded; counted as a flammable liquid until one is.`,
      );
      estimated.add('Flash point of a product marked flammable (counted as below 100 °F while not recorded)');
      warnings.push(
        lineWarning(
          line,
          'missing_flash_point',
          'marked flammable with no flash point; the PSM flammable screen (flash point below 100 °F) counts it until one is recorded',
        ),
      );
    }
    const exemption = line.is_fuel_use_only
      ? 'hydrocarbon fuel used only as workplace fuel (1910.119(a)(1)(ii)(A))'
      : line.is_atmospheric_storage
        ? 'atmospheric storage below the normal boiling point, no chilling (1910.119(a)(1)(ii)(B))'
        : null;
    if (exemption) {
      acc.excluded.push(lineExclusion(line, null, exemption));
      acc.exemptions.add(`${line.product_name}: ${exemption}`);
      continue;
    }
    if (quantity.pounds === null) {
      acc.excluded.push(unknownPoundsExclusion(line, null));
      continue;
    }
    addPounds(acc, lineContribution(quantity, quantity.pounds, 100, null, `${reading.text}: whole weight`));
  }
  const base = {
    substance: PSM_FLAMMABLE_SUBSTANCE,
    cas_number: '',
    condition: `flash point < ${PSM_FLASH_POINT_LIMIT_F} °F`,
    threshold_lb: PSM_FLAMMABLE_THRESHOLD_LB,
  };
  // "in one location": no facility total for the flammable screen.
  return rowsOfListing(base, byProcess, PSM_OPERATOR, context, false).map((row) => ({
    ...row,
    basis: 'flammable' as const,
  }));
}

function run(context: ComplianceContext): PsmResult {
  const warnings: EngineWarning[] = [...context.warnings];
  const estimated = new Set<string>();
  const { byCas, listings } = indexProcessListings(context, warnings, 'psm', (listing) => listing);
  for (const item of context.components) {
    const candidates = byCas.get(item.cas_number);
    if (candidates) countListedComponent(item, candidates, context, FLOOR);
  }
  nameUnknownPercents(context, byCas);
  const rows: PsmRow[] = [];
  for (const listing of listings) {
    if (listing.byProcess.size === 0) continue;
    const base = {
      substance: listing.entry.chemical_name,
      cas_number: listing.entry.cas_number,
      condition:
        listing.condition.text ||
        `none listed: ${formatThreshold(PSM_DEFAULT_MIN_PERCENT)}% or more (OSHA 2016 policy)`,
      threshold_lb: listing.threshold,
    };
    for (const row of rowsOfListing(base, listing.byProcess, PSM_OPERATOR, context, true)) {
      rows.push({ ...row, basis: 'appendix_a' });
    }
  }
  rows.push(...flammableScreen(context, warnings, estimated));
  const isRetail = isRetailFacility(context.snapshot.facility);
  const tested = (isRetail ? rows.map(atRetailFacility) : rows).sort(compareProcessRows);
  const notes = [
    ...(isRetail ? [PSM_RETAIL_NOTE] : []),
    'Process: each storage location; the facility total of an Appendix A chemical is a screen (the app does not record which vessels are interconnected or co-located).',
    "A chemical's weight in a mixture is the chemical's own weight (rules §9 reading of the 2016 memorandum).",
  ];
  return {
    programme: 'caa_304_psm',
    title: 'OSHA Process Safety Management (29 CFR 1910.119)',
    rule: PSM_RULE_TEXT,
    is_screening: true,
    notes,
    estimated: [...estimated],
    lists_used: listsUsed(context, ['psm']),
    ...processTables(tested),
    warnings,
  };
}

export const psmRule: ProgrammeRule<PsmResult> = {
  id: 'caa_304_psm',
  title: 'OSHA Process Safety Management (29 CFR 1910.119)',
  lists: ['psm'],
  run,
};
