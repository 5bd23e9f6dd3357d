/**
 * EPCRA 311/312 Tier I and Tier II (rules §3): the maximum amount on site at any one time against
 * 500 lb or the TPQ, whichever is lower, for an EHS (aggregated across products, mandatory) and
 * 10,000 lb for any other hazardous chemical, tested per product as a whole or per aggregated
 * component as the facility chooses (370.14). Amounts carry the 40 CFR 370.43 range codes.
 */

import {
  LEGACY_HAZARD_CATEGORIES,
  LEGACY_HAZARD_FLAGS,
  TIER2_GHS_FIRST_YEAR,
  TIER2_HAZARD_CATEGORIES,
} from '../products/hazard-categories.ts';
import { TIER2_EXCLUSION_LABELS } from '../products/report-inputs.ts';
import { type PhysicalState, REGULATORY_LIST_TYPES } from '../shared/enums.ts';
import { roundTo } from '../shared/numbers.ts';
import type { Contribution } from './aggregation.ts';
import { aggregateByCas, type CasAggregate } from './aggregation.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import { lowestTpqEntry } from './epcra-302.ts';
import { formatPounds, formatThreshold } from './format.ts';
import type { Explanation, ProgrammeResult, ProgrammeRule } from './programme.ts';
import { type LineQuantity, type ProductQuantity, QUANTITY_DECIMALS } from './quantities.ts';
import { type RangeCode, tier2RangeCode } from './range-codes.ts';
import { normalizeCas, WATER_CAS } from './reference.ts';
import {
  deMinimisText,
  isBelowDeMinimis,
  type ThresholdTest,
  TIER2_DE_MINIMIS,
  TIER2_OPERATOR,
  testThreshold,
} from './thresholds.ts';
import { tier2ContactWarnings, tier2LegacyHazardWarnings } from './tier2-file-warnings.ts';
import { printedRowsAddUp, roundingNotes } from './totals.ts';
import type { SnapshotLine } from './types.ts';
import {
  missingInputsOf,
  missingPoundsInput,
  undeterminedVerdict,
  unknownLinesNote,
} from './unknown-amounts.ts';
import { type EngineWarning, lineWarning } from './warnings.ts';

/** 40 CFR 370.10(a): EHS at 500 lb or the TPQ, whichever is lower; others at 10,000 lb. */
export const TIER2_EHS_CAP_LB = 500;
export const TIER2_OTHER_THRESHOLD_LB = 10_000;
/**
 * 40 CFR 370.10(a)(2): at a retail gas station whose fuel was in compliant underground tanks all of
 * the preceding year, gasoline (all grades together) is tested against 75,000 gal and diesel against
 * 100,000 gal. The engine recognises the fuels by the CAS of a product's component (never by name):
 * gasoline 86290-81-5 and natural gasoline 8006-61-9; diesel fuel 68334-30-5 and diesel No. 2 68476-34-6.
 */
export const RETAIL_FUELS = [
  {
    key: 'gasoline',
    name: 'Gasoline (all grades)',
    threshold_gal: 75_000,
    cas_numbers: ['86290-81-5', '8006-61-9'],
  },
  {
    key: 'diesel',
    name: 'Diesel (all grades)',
    threshold_gal: 100_000,
    cas_numbers: ['68334-30-5', '68476-34-6'],
  },
] as const;
export type RetailFuel = (typeof RETAIL_FUELS)[number];

/** The retail fuel a line is, by its components' CAS; gasoline first (a blend naming both is gasoline). */
export function retailFuelOf(line: SnapshotLine): RetailFuel | null {
  const cas = new Set(line.components.map((component) => normalizeCas(component.cas_number)));
  return RETAIL_FUELS.find((fuel) => fuel.cas_numbers.some((number) => cas.has(number))) ?? null;
}

/**
 * Components that are not hazardous chemicals (OSHA HCS) and so never a Tier II row of the
 * component option, whatever the mixture holding them: water, which SDSs list for completeness.
 */
export const NOT_HAZARDOUS_COMPONENTS: ReadonlyMap<string, string> = new Map([[WATER_CAS, 'Water']]);

/** Days on site assumed while the inventory does not record them, and the most a row shows (rules §3). */
export const TIER2_DEFAULT_DAYS_ON_SITE = 365;

export interface Tier2Location {
  location: string;
  storage_type: string | null;
  storage_pressure: string | null;
  storage_temperature: string | null;
  amount_lb: number;
}

export interface Tier2Component {
  name: string;
  cas_number: string;
  percent_weight: number | null;
  is_ehs: boolean;
}

export interface Tier2Row {
  /**
   * 'ehs': an EHS aggregated by CAS; 'chemical': a non-EHS component aggregated by CAS; 'product': a
   * product as a whole; 'fuel': a retail station's gasoline or diesel, all grades, in gallons.
   */
  kind: 'ehs' | 'chemical' | 'product' | 'fuel';
  /** A 'fuel' row's gallons and its threshold in gallons (370.10(a)(2)); null for the others. */
  gallons: { amount_gal: number; threshold_gal: number } | null;
  name: string;
  cas_number: string | null;
  product_id: number | null;
  is_ehs: boolean;
  is_mixture: boolean;
  /** A product's components; the EHS among them are flagged (a mixture lists its EHS). */
  components: Tier2Component[];
  physical_states: PhysicalState[];
  /** The 23 standard categories (from 2017) or the legacy five, as `hazard_basis` says. */
  hazard_categories: string[];
  hazard_basis: 'ghs' | 'legacy';
  max_amount_lb: number;
  max_amount_code: RangeCode;
  average_amount_lb: number;
  average_amount_code: RangeCode;
  /** True while the inventory lacks average amounts: the maximum stands in for them. */
  average_is_estimate: boolean;
  days_on_site: number;
  days_on_site_is_estimate: boolean;
  locations: Tier2Location[];
  threshold_lb: number;
  reportable: boolean;
  /**
   * Issue 33 point 2: lines of unknown pounds could take the row over its threshold, so whether it
   * is reported "cannot be determined: {missing input}"; null when the known part decides.
   */
  cannot_be_determined: string | null;
  /** The product inputs missing on the row's lines of unknown pounds; [] when every amount is known. */
  missing_inputs: string[];
  near_threshold: boolean;
  test: ThresholdTest;
  explanation: Explanation;
}

export interface Tier1Row {
  hazard_category: string;
  max_amount_lb: number;
  max_amount_code: RangeCode;
  average_amount_lb: number;
  average_amount_code: RangeCode;
  average_is_estimate: boolean;
  locations: string[];
  /** The Tier II rows counted in this category. */
  chemicals: string[];
}

/**
 * `rows` holds only what is reported (at or above its threshold); what was tested and falls below
 * is in `below_threshold`, a separate section after the table (rules §3; issue 21 point 2).
 */
export interface Tier2Result extends ProgrammeResult<Tier2Row> {
  below_threshold: Tier2Row[];
  /** Rows not known to be reported that unknown pounds could take over their threshold (issue 33 point 2). */
  undetermined: Tier2Row[];
  tier1: Tier1Row[];
  non_ehs_basis: 'product' | 'component';
}

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

function hazardCategories(
  lines: readonly SnapshotLine[],
  year: number,
): { categories: string[]; basis: 'ghs' | 'legacy' } {
  const ghs = new Set(lines.flatMap((line) => line.hazard_categories ?? []));
  if (year >= TIER2_GHS_FIRST_YEAR && ghs.size > 0) {
    return { categories: TIER2_HAZARD_CATEGORIES.filter((category) => ghs.has(category)), basis: 'ghs' };
  }
  const legacy = LEGACY_HAZARD_FLAGS.filter((flag) => lines.some((line) => line[flag])).map(
    (flag) => LEGACY_HAZARD_CATEGORIES[flag],
  );
  return { categories: legacy, basis: 'legacy' };
}

function uniqueStates(lines: readonly SnapshotLine[]): PhysicalState[] {
  return [
    ...new Set(
      lines.map((line) => line.physical_state).filter((state): state is PhysicalState => state !== null),
    ),
  ];
}

/** Storage locations of the contributions, merged by location and conditions. */
function locationsOf(
  contributions: readonly Contribution[],
  lineById: Map<number, SnapshotLine>,
): Tier2Location[] {
  const merged = new Map<string, Tier2Location>();
  for (const c of contributions) {
    const line = lineById.get(c.inventory_product_id);
    const location: Tier2Location = {
      location: c.location_stored,
      storage_type: line?.storage_type ?? null,
      storage_pressure: line?.storage_pressure ?? null,
      storage_temperature: line?.storage_temperature ?? null,
      amount_lb: 0,
    };
    const key = JSON.stringify([
      location.location,
      location.storage_type,
      location.storage_pressure,
      location.storage_temperature,
    ]);
    const found = merged.get(key) ?? location;
    found.amount_lb = roundTo(found.amount_lb + c.pounds_contributed, QUANTITY_DECIMALS);
    merged.set(key, found);
  }
  return [...merged.values()];
}

/**
 * Average daily amount and days on site (rules §3, NM DHSEM; issue 21 point 3): the sum of the
 * daily amounts over the days present ÷ the days present. Each line contributes its average ×
 * its share × its days; the chemical's days present are the largest of its lines' days (their
 * periods are not recorded), at most 365 (rules §3). A line with no recorded days is assumed
 * present all year, so a row that assumes 365 days also shows 365; a line with no recorded
 * average lends its maximum, and the average is then an estimate.
 */
function averageAndDays(contributions: readonly Contribution[], lineById: Map<number, SnapshotLine>) {
  const lines = contributions.map((c) => {
    const line = lineById.get(c.inventory_product_id);
    const recordedDays = line?.days_on_site;
    const days =
      typeof recordedDays === 'number' && recordedDays > 0
        ? Math.min(TIER2_DEFAULT_DAYS_ON_SITE, recordedDays)
        : null;
    const average = typeof line?.average_pounds === 'number' ? line.average_pounds : null;
    return {
      days: days ?? TIER2_DEFAULT_DAYS_ON_SITE,
      daysKnown: days !== null,
      // The line's average of this chemical: the recorded product average × its share, or its maximum.
      daily: average === null ? c.pounds_contributed : (average * c.percent_weight) / 100,
      averageKnown: average !== null,
    };
  });
  const daysPresent =
    lines.length > 0 ? Math.max(...lines.map((line) => line.days)) : TIER2_DEFAULT_DAYS_ON_SITE;
  const poundDays = lines.reduce((sum, line) => sum + line.daily * line.days, 0);
  return {
    average_amount_lb: roundTo(poundDays / daysPresent, QUANTITY_DECIMALS),
    average_is_estimate: lines.length === 0 || lines.some((line) => !line.averageKnown),
    days_on_site: daysPresent,
    days_on_site_is_estimate: lines.length === 0 || lines.some((line) => !line.daysKnown),
  };
}

function run(context: ComplianceContext): Tier2Result {
  const { snapshot, options } = context;
  const lineById = new Map(snapshot.lines.map((line) => [line.inventory_product_id, line]));
  const notes: string[] = [];
  const warnings: EngineWarning[] = [...context.warnings];

  for (const line of snapshot.lines) {
    if (!line.tier2_exclusion) continue;
    notes.push(
      `${line.product_name} (line ${line.inventory_product_id}) is not a hazardous chemical under 40 CFR 370.13: ${TIER2_EXCLUSION_LABELS[line.tier2_exclusion]}. Left out of Tier II.`,
    );
  }
  const counted = (quantity: LineQuantity) => !quantity.line.tier2_exclusion;
  const retailStation =
    snapshot.facility.is_retail_gas_station === true && snapshot.facility.is_ust_compliant === true;
  const fuelOf = (quantity: LineQuantity) => (retailStation ? retailFuelOf(quantity.line) : null);
  const deMinimis = (item: { is_carcinogen: boolean }, percent: number) =>
    isBelowDeMinimis(percent, TIER2_DE_MINIMIS, item.is_carcinogen)
      ? deMinimisText(percent, TIER2_DE_MINIMIS, item.is_carcinogen)
      : null;

  const ehs = new Set(context.lists.casNumbers('ehs'));
  const rows: Tier2Row[] = [];

  const chemicalRow = (
    kind: 'ehs' | 'chemical',
    aggregate: CasAggregate,
    name: string,
    threshold: number,
    thresholdNote: string,
  ) => {
    const test = testThreshold(
      aggregate.pounds,
      threshold,
      TIER2_OPERATOR,
      'threshold',
      options.near_threshold_fraction,
    );
    const lines = aggregate.contributions.flatMap((c) => lineById.get(c.inventory_product_id) ?? []);
    const hazards = hazardCategories(lines, snapshot.year);
    rows.push({
      kind,
      gallons: null,
      name,
      cas_number: aggregate.cas_number,
      product_id: null,
      is_ehs: kind === 'ehs',
      is_mixture: false,
      components: [],
      physical_states: uniqueStates(lines),
      hazard_categories: hazards.categories,
      hazard_basis: hazards.basis,
      max_amount_lb: test.quantity_lb,
      max_amount_code: tier2RangeCode(test.quantity_lb),
      ...testedFigures(test, aggregate, lineById, threshold, [thresholdNote], {
        lines: aggregate.excluded.filter((item) => item.missing_input !== undefined).length,
        missing: missingInputsOf(aggregate.excluded),
      }),
    });
  };

  const unflagged = new Set<number>();
  // The lines whose pounds an EHS or component row counts: a product none of whose lines is
  // here is on no table unless it has a row of its own (issue 31 point 1).
  const inFigures = new Set<number>();
  // Per line, the percent of its pounds the EHS rows count (a pure EHS: all of it).
  const ehsShare = new Map<number, number>();
  // EHS: aggregated across every product, whatever the facility's choice for other chemicals.
  for (const aggregate of aggregateByCas(context.components, {
    basis: options.percent_basis,
    casNumbers: ehs,
    includeLine: counted,
    exclude: deMinimis,
  }).values()) {
    const best = lowestTpqEntry(context.lists.find('ehs', aggregate.cas_number));
    const tpq = best?.tpq.lower ?? null;
    const threshold = tpq === null ? TIER2_EHS_CAP_LB : Math.min(TIER2_EHS_CAP_LB, tpq);
    const note =
      tpq === null
        ? `The EHS list gives no TPQ: ${formatThreshold(TIER2_EHS_CAP_LB)} lb applies.`
        : `500 lb or TPQ ${formatThreshold(tpq)} lb, whichever is lower: ${formatThreshold(threshold)} lb.`;
    chemicalRow(
      'ehs',
      aggregate,
      best?.entry.chemical_name ?? aggregate.component_names[0] ?? aggregate.cas_number,
      threshold,
      note,
    );
    // A line of unknown pounds is this row's too (its verdict names it): no product row of its own.
    for (const c of aggregate.excluded)
      if (c.missing_input !== undefined) inFigures.add(c.inventory_product_id);
    for (const c of aggregate.contributions) {
      inFigures.add(c.inventory_product_id);
      ehsShare.set(c.inventory_product_id, (ehsShare.get(c.inventory_product_id) ?? 0) + c.percent_weight);
      const line = lineById.get(c.inventory_product_id);
      if (line && !isHazardousLine(line) && !unflagged.has(line.inventory_product_id)) {
        unflagged.add(line.inventory_product_id);
        warnings.push(
          lineWarning(line, 'no_hazard_category', 'holds an EHS but has no hazard category recorded'),
        );
      }
    }
  }

  const hazardousLine = (quantity: LineQuantity) =>
    counted(quantity) && isHazardousLine(quantity.line) && fuelOf(quantity) === null;
  if (retailStation) {
    for (const fuel of RETAIL_FUELS) {
      const lines = context.lines.filter((quantity) => counted(quantity) && fuelOf(quantity) === fuel);
      if (lines.length > 0)
        rows.push(fuelRow(fuel, lines, lineById, snapshot.year, options.near_threshold_fraction));
    }
    notes.push(
      'Retail gas station with compliant underground tanks (40 CFR 370.10(a)(2)): gasoline, all grades together, against 75,000 gal and diesel against 100,000 gal.',
    );
  }
  const productRow = (product: ProductQuantity, lines: readonly LineQuantity[], why: string) =>
    rows.push(wholeProductRow(product, lines, context, lineById, why, options.near_threshold_fraction));
  if (options.tier2_non_ehs_basis === 'component') {
    const hazardous = hazardousComponentCas(context, hazardousLine);
    const dropped: string[] = [];
    for (const aggregate of aggregateByCas(context.components, {
      basis: options.percent_basis,
      includeLine: hazardousLine,
      exclude: deMinimis,
    }).values()) {
      if (ehs.has(aggregate.cas_number)) continue;
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
      chemicalRow(
        'chemical',
        aggregate,
        name,
        TIER2_OTHER_THRESHOLD_LB,
        'Not an EHS: 10,000 lb, the component added up across products.',
      );
    }
    if (dropped.length > 0) notes.push(`${NOT_SHOWN_HAZARDOUS_NOTE} ${dropped.join('; ')}.`);
    // A hazardous product none of whose pounds a component or EHS figure holds (its listed
    // components de minimis, not shown hazardous, or without a percent): its hazard is the
    // mixture's own, which only the mixture as a whole can report (370.14(a)(2)).
    for (const product of context.products) {
      const lines = product.lines.filter(hazardousLine);
      if (lines.length === 0 || lines.some((q) => inFigures.has(q.line.inventory_product_id))) continue;
      productRow(product, lines, WHOLE_PRODUCT_FALLBACK_NOTE);
    }
  } else {
    for (const product of context.products) {
      const lines = product.lines.filter(hazardousLine);
      if (lines.length === 0 || isItsEhsRow(lines, ehsShare)) continue;
      productRow(product, lines, 'The product as a whole against 10,000 lb (370.14, mixture option).');
    }
  }

  if (
    snapshot.year >= TIER2_GHS_FIRST_YEAR &&
    rows.some((row) => row.reportable && row.hazard_basis === 'legacy')
  ) {
    notes.push(
      'Some products have only the legacy SARA hazard flags; their GHS hazard categories are not recorded.',
    );
  }
  rows.sort((a, b) => a.name.localeCompare(b.name));
  const reported = rows.filter((row) => row.reportable);
  // What the filing would lack (issue 33 point 6): the contacts 370.42 asks for, hazards it cannot carry.
  warnings.push(
    ...tier2ContactWarnings(snapshot.facility),
    ...tier2LegacyHazardWarnings(reported, lineById, snapshot.year),
  );

  return {
    programme: 'tier2',
    title: 'EPCRA 311/312 Tier I and Tier II',
    rule: TIER2_RULE_TEXT,
    is_screening: false,
    notes: [
      ...notes,
      options.tier2_non_ehs_basis === 'component'
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
    ],
    lists_used: listsUsed(context, ['ehs']),
    rows: reported,
    // Issue 33 point 2: the header says which rows unknown pounds leave undetermined.
    ...(rows.some((row) => row.cannot_be_determined !== null)
      ? {
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
        }
      : {}),
    below_threshold: rows.filter((row) => !row.reportable && row.cannot_be_determined === null),
    undetermined: rows.filter((row) => row.cannot_be_determined !== null),
    warnings,
    tier1: tier1(reported.map((row) => tier1Share(row, reported, lineById))),
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
  const listed = (number: string) =>
    REGULATORY_LIST_TYPES.some((type) => context.lists.isListed(type, number));
  for (const item of context.components) {
    const alone =
      hazardousLine(item.quantity) &&
      item.quantity.line.components.length === 1 &&
      leavesOnlyDeMinimis(item.percent_high);
    if (listed(item.cas_number) || item.is_carcinogen || alone) cas.add(item.cas_number);
  }
  return cas;
}

/** The note naming the component option's components that are not rows (issue 31 point 11). */
export const NOT_SHOWN_HAZARDOUS_NOTE =
  'Not component rows: nothing shows these components to be hazardous chemicals (on no reference list, not marked a carcinogen, and no hazardous product is the chemical alone); 370.14(a)(1) reports only the components that are:';

/** A product of the component option whose pounds no component or EHS row holds (issue 31 point 1). */
export const WHOLE_PRODUCT_FALLBACK_NOTE =
  'No component of it is counted on its own (component option): the product as a whole against 10,000 lb (370.14(a)(2)).';

/** A line's components as a Tier II row lists them, the EHS among them flagged. */
function componentsOf(line: SnapshotLine, context: ComplianceContext): Tier2Component[] {
  return line.components.map((component) => ({
    name: component.name,
    cas_number: component.cas_number,
    percent_weight: component.percentage_weight ?? component.percentage_weight_high ?? null,
    is_ehs: context.lists.isListed('ehs', component.cas_number),
  }));
}

/** Tier II's Pure/Mixture: anything but one component at 100% by weight (a percent not given reads as pure). */
function isMixture(components: readonly Tier2Component[]): boolean {
  return components.length !== 1 || (components[0]?.percent_weight ?? 100) < 100;
}

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

/** A product's lines at the facility as a whole, against 10,000 lb; its components (EHS marked) listed under it. */
function wholeProductRow(
  product: ProductQuantity,
  lines: readonly LineQuantity[],
  context: ComplianceContext,
  lineById: Map<number, SnapshotLine>,
  why: string,
  nearFraction: number,
): Tier2Row {
  const contributions = wholeLineContributions(lines);
  const pounds = roundTo(
    contributions.reduce((sum, c) => sum + c.pounds_contributed, 0),
    QUANTITY_DECIMALS,
  );
  const test = testThreshold(pounds, TIER2_OTHER_THRESHOLD_LB, TIER2_OPERATOR, 'threshold', nearFraction);
  const snapshotLines = lines.map((quantity) => quantity.line);
  const hazards = hazardCategories(snapshotLines, context.snapshot.year);
  const components = snapshotLines[0] ? componentsOf(snapshotLines[0], context) : [];
  const mixture = isMixture(components);
  const unknown = lines.length - contributions.length;
  const missing = [
    ...new Set(
      lines.flatMap((quantity) => (quantity.pounds === null ? [missingPoundsInput(quantity.line)] : [])),
    ),
  ];
  return {
    kind: 'product',
    gallons: null,
    name: product.product_name,
    cas_number: mixture ? null : (components[0]?.cas_number ?? null),
    product_id: product.product_id,
    is_ehs: components.some((component) => component.is_ehs),
    is_mixture: mixture,
    components,
    physical_states: uniqueStates(snapshotLines),
    hazard_categories: hazards.categories,
    hazard_basis: hazards.basis,
    max_amount_lb: test.quantity_lb,
    max_amount_code: tier2RangeCode(test.quantity_lb),
    ...testedFigures(
      test,
      { contributions, excluded: [] },
      lineById,
      TIER2_OTHER_THRESHOLD_LB,
      [
        why,
        ...(unknown > 0 ? [`${unknown} line(s) with unknown pounds are not counted (see warnings).`] : []),
      ],
      { lines: unknown, missing },
    ),
  };
}

/** Each line counted whole (a product as a whole, a retail fuel); a line of unknown pounds adds none. */
function wholeLineContributions(lines: readonly LineQuantity[]): Contribution[] {
  return lines.flatMap((quantity) =>
    quantity.pounds === null
      ? []
      : [
          {
            inventory_product_id: quantity.line.inventory_product_id,
            product_id: quantity.line.product_id,
            product_name: quantity.line.product_name,
            location_stored: quantity.line.location_stored,
            physical_state: quantity.line.physical_state,
            container: quantity.container,
            line_pounds: quantity.pounds,
            line_gallons: quantity.gallons,
            pounds_basis: quantity.basis,
            percent_weight: 100,
            percent_range: null,
            pounds_contributed: quantity.pounds,
            is_carcinogen: false,
          },
        ],
  );
}

/** A retail station's gasoline or diesel, all grades together, against its threshold in gallons (370.10(a)(2)). */
function fuelRow(
  fuel: RetailFuel,
  lines: readonly LineQuantity[],
  lineById: Map<number, SnapshotLine>,
  year: number,
  nearFraction: number,
): Tier2Row {
  const contributions = wholeLineContributions(lines);
  const gallons = roundTo(
    lines.reduce((sum, quantity) => sum + (quantity.gallons ?? 0), 0),
    QUANTITY_DECIMALS,
  );
  const pounds = roundTo(
    contributions.reduce((sum, c) => sum + c.pounds_contributed, 0),
    QUANTITY_DECIMALS,
  );
  const test = testThreshold(
    gallons,
    fuel.threshold_gal,
    TIER2_OPERATOR,
    'retail fuel threshold',
    nearFraction,
    'gal',
  );
  const snapshotLines = lines.map((quantity) => quantity.line);
  const hazards = hazardCategories(snapshotLines, year);
  const noGallons = lines.filter((quantity) => quantity.gallons === null).length;
  return {
    kind: 'fuel',
    gallons: { amount_gal: test.quantity_lb, threshold_gal: fuel.threshold_gal },
    name: fuel.name,
    cas_number: null,
    product_id: null,
    is_ehs: false,
    is_mixture: true,
    components: [],
    physical_states: uniqueStates(snapshotLines),
    hazard_categories: hazards.categories,
    hazard_basis: hazards.basis,
    max_amount_lb: pounds,
    max_amount_code: tier2RangeCode(pounds),
    ...testedFigures(test, { contributions, excluded: [] }, lineById, fuel.threshold_gal, [
      `${fuel.name}: every product holding ${fuel.cas_numbers.join(' or ')}, in gallons, against ${formatThreshold(fuel.threshold_gal)} gal (40 CFR 370.10(a)(2)).`,
      ...(noGallons > 0 ? [`${noGallons} line(s) with no gallons are not counted (see warnings).`] : []),
    ]),
  };
}

/**
 * What every Tier II row takes from its threshold test and what it counted: the average and days
 * on site, the storage locations and the explanation (one place, for EHS, chemical, product and fuel rows).
 */
function testedFigures(
  test: ThresholdTest,
  counted: Pick<Explanation, 'contributions' | 'excluded'>,
  lineById: Map<number, SnapshotLine>,
  thresholdLb: number,
  notes: string[],
  /** Issue 33 point 2: the lines of unknown pounds and the inputs they lack. */
  unknown: { lines: number; missing: readonly string[] } = { lines: 0, missing: [] },
) {
  const { missing } = unknown;
  return {
    ...withCodes(averageAndDays(counted.contributions, lineById)),
    locations: locationsOf(counted.contributions, lineById),
    threshold_lb: thresholdLb,
    reportable: test.meets,
    cannot_be_determined: undeterminedVerdict(test.meets, missing),
    missing_inputs: [...missing],
    near_threshold: test.near_threshold,
    test,
    explanation: {
      rule_text: test.rule_text,
      contributions: counted.contributions,
      excluded: counted.excluded,
      notes:
        missing.length > 0
          ? [
              ...notes,
              unknownLinesNote(unknown.lines, missing, `${formatPounds(test.quantity_lb)} lb`, test.meets),
            ]
          : notes,
    },
  };
}

function withCodes(figures: ReturnType<typeof averageAndDays>) {
  return { ...figures, average_amount_code: tier2RangeCode(figures.average_amount_lb) };
}

/** A reported row's part of Tier I: its amounts less what a reported product row already counts. */
export interface Tier1Share {
  row: Tier2Row;
  max_amount_lb: number;
  average_amount_lb: number;
}

/**
 * An EHS (or, in the component option, a chemical) inside a product reported as a whole is
 * already in that product's amount: Tier I counts it once (issue 21 point 6; 42 USC 11022(d)(1)
 * sums the chemicals' amounts, not the same pounds twice). Only the row's pounds from products
 * not reported as a whole are added.
 */
function tier1Share(
  row: Tier2Row,
  reported: readonly Tier2Row[],
  lineById: Map<number, SnapshotLine>,
): Tier1Share {
  if (row.kind === 'product') {
    return { row, max_amount_lb: row.max_amount_lb, average_amount_lb: row.average_amount_lb };
  }
  const counted = new Set(reported.flatMap((other) => (other.kind === 'product' ? [other.product_id] : [])));
  const rest = row.explanation.contributions.filter((c) => !counted.has(c.product_id));
  if (rest.length === row.explanation.contributions.length) {
    return { row, max_amount_lb: row.max_amount_lb, average_amount_lb: row.average_amount_lb };
  }
  return {
    row,
    max_amount_lb: roundTo(
      rest.reduce((sum, c) => sum + c.pounds_contributed, 0),
      QUANTITY_DECIMALS,
    ),
    average_amount_lb: rest.length === 0 ? 0 : averageAndDays(rest, lineById).average_amount_lb,
  };
}

/** Tier I: per hazard category, the reportable chemicals' amounts added up (each counted in every category it has). */
export function tier1(shares: readonly Tier1Share[]): Tier1Row[] {
  const byCategory = new Map<string, Tier1Row>();
  for (const { row, max_amount_lb, average_amount_lb } of shares) {
    for (const category of row.hazard_categories) {
      const found = byCategory.get(category) ?? {
        hazard_category: category,
        max_amount_lb: 0,
        max_amount_code: tier2RangeCode(0),
        average_amount_lb: 0,
        average_amount_code: tier2RangeCode(0),
        average_is_estimate: false,
        locations: [],
        chemicals: [],
      };
      found.max_amount_lb = roundTo(found.max_amount_lb + max_amount_lb, QUANTITY_DECIMALS);
      found.average_amount_lb = roundTo(found.average_amount_lb + average_amount_lb, QUANTITY_DECIMALS);
      found.max_amount_code = tier2RangeCode(found.max_amount_lb);
      found.average_amount_code = tier2RangeCode(found.average_amount_lb);
      found.average_is_estimate ||= row.average_is_estimate;
      for (const location of row.locations) {
        if (!found.locations.includes(location.location)) found.locations.push(location.location);
      }
      found.chemicals.push(row.name);
      byCategory.set(category, found);
    }
  }
  const order = [...TIER2_HAZARD_CATEGORIES, ...Object.values(LEGACY_HAZARD_CATEGORIES)] as readonly string[];
  return [...byCategory.values()].sort(
    (a, b) => order.indexOf(a.hazard_category) - order.indexOf(b.hazard_category),
  );
}

export const tier2Rule: ProgrammeRule<Tier2Result> = {
  id: 'tier2',
  title: 'EPCRA 311/312 Tier I and Tier II',
  lists: ['ehs'],
  run,
};
