/**
 * EPCRA 311/312 Tier I and Tier II (rules §3): the maximum amount on site at any one time against
 * 500 lb or the TPQ, whichever is lower, for an EHS (aggregated across products, mandatory) and
 * 10,000 lb for any other hazardous chemical, tested per product as a whole or per aggregated
 * component as the facility chooses (370.14). Amounts carry the 40 CFR 370.43 range codes.
 */

import { LEGACY_HAZARD_FLAGS } from '../products/hazard-categories.ts';
import { roundTo } from '../shared/numbers.ts';
import { aggregateByCas } from './aggregation.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import { lowestTpqEntry } from './epcra-302.ts';
import { formatPounds, formatThreshold } from './format.ts';
import type { ProgrammeRule } from './programme.ts';
import type { LineQuantity, ProductQuantity } from './quantities.ts';
import { WATER_CAS } from './reference.ts';
import { deMinimisText, isBelowDeMinimis, TIER2_DE_MINIMIS } from './thresholds.ts';
import { tier1, tier1Share } from './tier1.ts';
import {
  tier2ContactWarnings,
  tier2LegacyHazardWarnings,
  tier2StorageWarnings,
} from './tier2-file-warnings.ts';
import { closingNotes, exclusionNotes, legacyHazardNotes, undeterminedFacts } from './tier2-notes.ts';
import { chemicalRow, fuelRow, wholeProductRow } from './tier2-rows.ts';
import {
  RETAIL_FUELS,
  type RetailFuel,
  retailFuelOf,
  TIER2_EHS_CAP_LB,
  TIER2_OTHER_THRESHOLD_LB,
} from './tier2-thresholds.ts';
import type { Tier2Result, Tier2Row } from './tier2-types.ts';
import type { SnapshotLine } from './types.ts';
import { type EngineWarning, lineWarning } from './warnings.ts';

/**
 * Components that are not hazardous chemicals (OSHA HCS) and so never a Tier II row of the
 * component option, whatever the mixture holding them: water, which SDSs list for completeness.
 */
export const NOT_HAZARDOUS_COMPONENTS: ReadonlyMap<string, string> = new Map([[WATER_CAS, 'Water']]);

export const TIER2_RULE_TEXT =
  'EPCRA sections 311 and 312 (40 CFR 370.10, 370.14, 370.40-370.43): a facility reports each hazardous chemical ' +
  'present at any one time during the year at or above its threshold: for an extremely hazardous substance 500 lb or ' +
  'its TPQ, whichever is lower, added up across every product that holds it; for any other hazardous chemical ' +
  '10,000 lb. Components at 1% by weight or less (0.1% for carcinogens) are not counted (370.14(c)). Liquids are ' +
  'converted from gallons to pounds by their density. Amounts are given as the range codes of 370.43 (a boundary ' +
  'takes the higher code). Percent ranges are read at the point the report settings name (the upper bound by default).';

export function isHazardousLine(line: SnapshotLine): boolean {
  return LEGACY_HAZARD_FLAGS.some((flag) => line[flag]) || (line.hazard_categories?.length ?? 0) > 0;
}

/** What every step of a run reads: the context, its lines by id, and which lines each test counts. */
interface RunScope {
  context: ComplianceContext;
  lineById: Map<number, SnapshotLine>;
  /** The EHS list's CAS numbers. */
  ehs: Set<string>;
  retailStation: boolean;
  /** A line not left out under 370.13. */
  counted: (quantity: LineQuantity) => boolean;
  /** A retail station's line of gasoline or diesel; null elsewhere. */
  fuelOf: (quantity: LineQuantity) => RetailFuel | null;
  /** A counted hazardous line that is not a retail fuel (those have rows of their own). */
  hazardousLine: (quantity: LineQuantity) => boolean;
  deMinimis: (item: { is_carcinogen: boolean }, percent: number) => string | null;
}

function scopeOf(context: ComplianceContext): RunScope {
  const { snapshot } = context;
  const counted = (quantity: LineQuantity) => !quantity.line.tier2_exclusion;
  const retailStation =
    snapshot.facility.is_retail_gas_station === true && snapshot.facility.is_ust_compliant === true;
  const fuelOf = (quantity: LineQuantity) => (retailStation ? retailFuelOf(quantity.line) : null);
  return {
    context,
    lineById: new Map(snapshot.lines.map((line) => [line.inventory_product_id, line])),
    ehs: new Set(context.lists.casNumbers('ehs')),
    retailStation,
    counted,
    fuelOf,
    hazardousLine: (quantity) =>
      counted(quantity) && isHazardousLine(quantity.line) && fuelOf(quantity) === null,
    deMinimis: (item, percent) =>
      isBelowDeMinimis(percent, TIER2_DE_MINIMIS, item.is_carcinogen)
        ? deMinimisText(percent, TIER2_DE_MINIMIS, item.is_carcinogen)
        : null,
  };
}

/** The EHS rows and what they count, which the other chemicals' rows must not count again. */
interface EhsRows {
  rows: Tier2Row[];
  /** Lines holding an EHS with no hazard category recorded. */
  warnings: EngineWarning[];
  /**
   * The lines whose pounds an EHS row counts: a product none of whose lines is here is on no
   * table unless it has a row of its own (issue 31 point 1).
   */
  inFigures: Set<number>;
  /** Per line, the percent of its pounds the EHS rows count (a pure EHS: all of it). */
  ehsShare: Map<number, number>;
}

/** EHS: aggregated across every product, whatever the facility's choice for other chemicals. */
function ehsRows(scope: RunScope): EhsRows {
  const { context, lineById } = scope;
  const found: EhsRows = { rows: [], warnings: [], inFigures: new Set(), ehsShare: new Map() };
  const unflagged = new Set<number>();
  for (const aggregate of aggregateByCas(context.components, {
    basis: context.options.percent_basis,
    casNumbers: scope.ehs,
    includeLine: scope.counted,
    exclude: scope.deMinimis,
  }).values()) {
    const best = lowestTpqEntry(context.lists.find('ehs', aggregate.cas_number));
    const tpq = best?.tpq.lower ?? null;
    const threshold = tpq === null ? TIER2_EHS_CAP_LB : Math.min(TIER2_EHS_CAP_LB, tpq);
    found.rows.push(
      chemicalRow(context, lineById, 'ehs', aggregate, {
        name: best?.entry.chemical_name ?? aggregate.component_names[0] ?? aggregate.cas_number,
        threshold_lb: threshold,
        threshold_note:
          tpq === null
            ? `The EHS list gives no TPQ: ${formatThreshold(TIER2_EHS_CAP_LB)} lb applies.`
            : `500 lb or TPQ ${formatThreshold(tpq)} lb, whichever is lower: ${formatThreshold(threshold)} lb.`,
      }),
    );
    // A line of unknown pounds is this row's too (its verdict names it): no product row of its own.
    for (const c of aggregate.excluded)
      if (c.missing_input !== undefined) found.inFigures.add(c.inventory_product_id);
    for (const c of aggregate.contributions) {
      found.inFigures.add(c.inventory_product_id);
      found.ehsShare.set(
        c.inventory_product_id,
        (found.ehsShare.get(c.inventory_product_id) ?? 0) + c.percent_weight,
      );
      const line = lineById.get(c.inventory_product_id);
      if (line && !isHazardousLine(line) && !unflagged.has(line.inventory_product_id)) {
        unflagged.add(line.inventory_product_id);
        found.warnings.push(
          lineWarning(line, 'no_hazard_category', 'holds an EHS but has no hazard category recorded'),
        );
      }
    }
  }
  return found;
}

/** Rows of a step and the notes saying what it did. */
interface RowsAndNotes {
  rows: Tier2Row[];
  notes: string[];
}

/** A retail station's gasoline and diesel, each all grades together, in gallons (370.10(a)(2)). */
function retailFuelRows(scope: RunScope): RowsAndNotes {
  if (!scope.retailStation) return { rows: [], notes: [] };
  const { context } = scope;
  const rows = RETAIL_FUELS.flatMap((fuel) => {
    const lines = context.lines.filter(
      (quantity) => scope.counted(quantity) && scope.fuelOf(quantity) === fuel,
    );
    return lines.length > 0
      ? [fuelRow(fuel, lines, scope.lineById, context.snapshot.year, context.options.near_threshold_fraction)]
      : [];
  });
  return {
    rows,
    notes: [
      'Retail gas station with compliant underground tanks (40 CFR 370.10(a)(2)): gasoline, all grades together, against 75,000 gal and diesel against 100,000 gal.',
    ],
  };
}

/** A product's hazardous lines as a whole against 10,000 lb, with why it is tested so. */
function productRow(
  scope: RunScope,
  product: ProductQuantity,
  lines: readonly LineQuantity[],
  why: string,
): Tier2Row {
  const { context } = scope;
  return wholeProductRow(
    product,
    lines,
    context,
    scope.lineById,
    why,
    context.options.near_threshold_fraction,
  );
}

/**
 * Component option (370.14(a)(1)): each hazardous component that is not an EHS, added up across
 * products against 10,000 lb; then the hazardous products none of whose pounds an EHS or component
 * row holds, as a whole.
 */
function componentOptionRows(scope: RunScope, ehsFigures: ReadonlySet<number>): RowsAndNotes {
  const { context } = scope;
  const hazardous = hazardousComponentCas(context, scope.hazardousLine);
  const inFigures = new Set(ehsFigures);
  const rows: Tier2Row[] = [];
  const notes: string[] = [];
  const dropped: string[] = [];
  for (const aggregate of aggregateByCas(context.components, {
    basis: context.options.percent_basis,
    includeLine: scope.hazardousLine,
    exclude: scope.deMinimis,
  }).values()) {
    if (scope.ehs.has(aggregate.cas_number)) continue;
    const name = aggregate.component_names[0] ?? aggregate.cas_number;
    const notHazardous = NOT_HAZARDOUS_COMPONENTS.get(aggregate.cas_number);
    if (notHazardous !== undefined) {
      notes.push(
        `${notHazardous} (${aggregate.cas_number}) is not a hazardous chemical: never reported as a component.`,
      );
      continue;
    }
    if (!hazardous.has(aggregate.cas_number)) {
      dropped.push(`${name} ${aggregate.cas_number} (${formatPounds(aggregate.pounds)} lb)`);
      continue;
    }
    for (const c of [
      ...aggregate.contributions,
      ...aggregate.excluded.filter((x) => x.missing_input !== undefined),
    ])
      inFigures.add(c.inventory_product_id);
    rows.push(
      chemicalRow(context, scope.lineById, 'chemical', aggregate, {
        name,
        threshold_lb: TIER2_OTHER_THRESHOLD_LB,
        threshold_note: 'Not an EHS: 10,000 lb, the component added up across products.',
      }),
    );
  }
  if (dropped.length > 0) notes.push(`${NOT_SHOWN_HAZARDOUS_NOTE} ${dropped.join('; ')}.`);
  // A hazardous product none of whose pounds a component or EHS figure holds (its listed
  // components de minimis, not shown hazardous, or without a percent): its hazard is the
  // mixture's own, which only the mixture as a whole can report (370.14(a)(2)).
  for (const product of context.products) {
    const lines = product.lines.filter(scope.hazardousLine);
    if (lines.length === 0 || lines.some((q) => inFigures.has(q.line.inventory_product_id))) continue;
    rows.push(productRow(scope, product, lines, WHOLE_PRODUCT_FALLBACK_NOTE));
  }
  return { rows, notes };
}

/** Mixture option (370.14(a)(2)): each hazardous product as a whole, unless it is its EHS row. */
function mixtureOptionRows(scope: RunScope, ehsShare: ReadonlyMap<number, number>): RowsAndNotes {
  const rows = scope.context.products.flatMap((product) => {
    const lines = product.lines.filter(scope.hazardousLine);
    if (lines.length === 0 || isItsEhsRow(lines, ehsShare)) return [];
    return [
      productRow(scope, product, lines, 'The product as a whole against 10,000 lb (370.14, mixture option).'),
    ];
  });
  return { rows, notes: [] };
}

function run(context: ComplianceContext): Tier2Result {
  const { snapshot, options } = context;
  const scope = scopeOf(context);
  const ehs = ehsRows(scope);
  const fuels = retailFuelRows(scope);
  const others =
    options.tier2_non_ehs_basis === 'component'
      ? componentOptionRows(scope, ehs.inFigures)
      : mixtureOptionRows(scope, ehs.ehsShare);
  const rows = [...ehs.rows, ...fuels.rows, ...others.rows];
  const notes = [
    ...exclusionNotes(snapshot.lines),
    ...fuels.notes,
    ...others.notes,
    ...legacyHazardNotes(rows, snapshot.year),
  ];
  rows.sort((a, b) => a.name.localeCompare(b.name));
  const reported = rows.filter((row) => row.reportable);
  const warnings: EngineWarning[] = [
    ...context.warnings,
    ...ehs.warnings,
    // What the filing would lack (issue 33 point 6): the contacts 370.42 asks for, hazards it cannot carry.
    ...tier2ContactWarnings(snapshot.facility),
    ...tier2LegacyHazardWarnings(reported, scope.lineById, snapshot.year),
    ...tier2StorageWarnings(reported, scope.lineById),
  ];

  return {
    programme: 'tier2',
    title: 'EPCRA 311/312 Tier I and Tier II',
    rule: TIER2_RULE_TEXT,
    is_screening: false,
    notes: [...notes, ...closingNotes(rows, options.tier2_non_ehs_basis)],
    lists_used: listsUsed(context, ['ehs']),
    rows: reported,
    ...undeterminedFacts(rows),
    below_threshold: rows.filter((row) => !row.reportable && row.cannot_be_determined === null),
    undetermined: rows.filter((row) => row.cannot_be_determined !== null),
    warnings,
    tier1: tier1(reported.map((row) => tier1Share(row, reported, scope.lineById))),
    non_ehs_basis: options.tier2_non_ehs_basis,
  };
}

/**
 * Component option: which components are hazardous chemicals (issue 31 point 11). 370.14(a)(1)
 * reports "each component of the mixture that is a hazardous chemical"; the data model records
 * hazard categories per product, not per component, and a mixture's categories are the
 * mixture's, not each ingredient's (glycerin or water in a flammable product is not flammable).
 * So a component is a row only when the data shows the chemical itself is hazardous:
 * - its CAS is on a reference list (EHS, 313, CERCLA, RMP, PSM: each lists chemicals for their
 *   hazards), or
 * - a line marks it a carcinogen (OSHA/IARC/NTP: a health hazard of its own), or
 * - a hazardous product is that chemical alone (one component, at most the de minimis left
 *   over, as for an EHS below): the product's hazard categories are then the chemical's.
 * Anything else (glycerin 56-81-5, on no list) is never a row: the notes name each such component
 * with its pounds (never silently), and a hazardous product left with no counted component is
 * tested as a whole. Water is named separately (NOT_HAZARDOUS_COMPONENTS).
 */
function hazardousComponentCas(
  context: ComplianceContext,
  hazardousLine: (quantity: LineQuantity) => boolean,
): Set<string> {
  const cas = new Set<string>();
  for (const item of context.components) {
    const alone =
      hazardousLine(item.quantity) &&
      item.quantity.line.components.length === 1 &&
      leavesOnlyDeMinimis(item.percent_high);
    if (context.lists.isOnAnyList(item.cas_number) || item.is_carcinogen || alone) cas.add(item.cas_number);
  }
  return cas;
}

/** The note naming the component option's components that are not rows (issue 31 point 11). */
export const NOT_SHOWN_HAZARDOUS_NOTE =
  'Not component rows: nothing shows these components to be hazardous chemicals (on no reference list, not marked a carcinogen, and no hazardous product is the chemical alone); 370.14(a)(1) reports only the components that are:';

/** A product of the component option whose pounds no component or EHS row holds (issue 31 point 1). */
export const WHOLE_PRODUCT_FALLBACK_NOTE =
  'No component of it is counted on its own (component option): the product as a whole against 10,000 lb (370.14(a)(2)).';

/**
 * Mixture option (issue 31 point 1): a product whose SDS names one chemical, an EHS, at a percent
 * that leaves at most the Tier II de minimis (1%, 370.14(c)) for anything else (100%, or a
 * technical grade such as 99.5% ammonia) is that EHS: its aggregated EHS row holds its pounds,
 * and a product row against 10,000 lb would report the same chemical twice (issue 21 point 2).
 * Anything else holding an EHS (98% sulfuric acid, 2% being something else; battery acid listing
 * only its 35% acid; a coating listing only 0.3% of an EHS; a percent not given, which no EHS row
 * can count) is a mixture and a hazardous chemical: tested as a whole as well, so no product is
 * on neither table. The line is the de minimis, not 100%: a remainder within it cannot hold a
 * counted hazardous chemical, and a 99.5% ammonia tank must not be two reported Tier II records.
 */
/** A single component at this percent leaves at most the de minimis (370.14(c)) for anything else: the product is that chemical. */
function leavesOnlyDeMinimis(percent: number): boolean {
  return isBelowDeMinimis(roundTo(100 - percent, 4), TIER2_DE_MINIMIS, false);
}

function isItsEhsRow(lines: readonly LineQuantity[], ehsShare: ReadonlyMap<number, number>): boolean {
  return lines.every((quantity) => {
    const counted = ehsShare.get(quantity.line.inventory_product_id) ?? 0;
    return quantity.line.components.length === 1 && leavesOnlyDeMinimis(counted);
  });
}

export const tier2Rule: ProgrammeRule<Tier2Result> = {
  id: 'tier2',
  title: 'EPCRA 311/312 Tier I and Tier II',
  lists: ['ehs'],
  run,
};
