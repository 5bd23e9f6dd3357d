/**
 * How each Tier II row is made (rules §3): the figures every row takes from its threshold test
 * (average, days on site, locations, explanation) and the EHS or component, product and retail
 * fuel rows the engine (`tier2.ts`) puts together.
 */

import {
  LEGACY_HAZARD_CATEGORIES,
  LEGACY_HAZARD_FLAGS,
  TIER2_GHS_FIRST_YEAR,
  TIER2_HAZARD_CATEGORIES,
} from '../products/hazard-categories.ts';
import type { PhysicalState } from '../shared/enums.ts';
import { roundTo } from '../shared/numbers.ts';
import type { CasAggregate, Contribution } from './aggregation.ts';
import type { ComplianceContext } from './context.ts';
import { formatPounds, formatThreshold } from './format.ts';
import type { Explanation } from './programme.ts';
import { type LineQuantity, type ProductQuantity, QUANTITY_DECIMALS } from './quantities.ts';
import { tier2RangeCode } from './range-codes.ts';
import { type ThresholdTest, TIER2_OPERATOR, testThreshold } from './thresholds.ts';
import { type RetailFuel, TIER2_DEFAULT_DAYS_ON_SITE, TIER2_OTHER_THRESHOLD_LB } from './tier2-thresholds.ts';
import type { Tier2Component, Tier2Location, Tier2Row } from './tier2-types.ts';
import type { SnapshotLine } from './types.ts';
import {
  missingInputsOf,
  missingPoundsInput,
  undeterminedRuleText,
  undeterminedVerdict,
  unknownLinesNote,
} from './unknown-amounts.ts';

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
export function averageAndDays(contributions: readonly Contribution[], lineById: Map<number, SnapshotLine>) {
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

/** What an EHS or component row is called and tested against, and the note saying why that threshold. */
export interface ChemicalRowLabel {
  name: string;
  threshold_lb: number;
  threshold_note: string;
}

/** A chemical aggregated by CAS across products (an EHS, or a component of the component option) against its threshold. */
export function chemicalRow(
  context: ComplianceContext,
  lineById: Map<number, SnapshotLine>,
  kind: 'ehs' | 'chemical',
  aggregate: CasAggregate,
  label: ChemicalRowLabel,
): Tier2Row {
  const test = testThreshold(
    aggregate.pounds,
    label.threshold_lb,
    TIER2_OPERATOR,
    'threshold',
    context.options.near_threshold_fraction,
  );
  const lines = aggregate.contributions.flatMap((c) => lineById.get(c.inventory_product_id) ?? []);
  const hazards = hazardCategories(lines, context.snapshot.year);
  return {
    kind,
    gallons: null,
    name: label.name,
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
    ...testedFigures(test, aggregate, lineById, label.threshold_lb, [label.threshold_note], {
      lines: aggregate.excluded.filter((item) => item.missing_input !== undefined).length,
      missing: missingInputsOf(aggregate.excluded),
      locations: aggregate.excluded.flatMap((item) =>
        item.missing_input === undefined ? [] : [item.location_stored],
      ),
    }),
  };
}

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

/** A product's lines at the facility as a whole, against 10,000 lb; its components (EHS marked) listed under it. */
export function wholeProductRow(
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
      {
        lines: unknown,
        missing,
        locations: lines.flatMap((quantity) =>
          quantity.pounds === null ? [quantity.line.location_stored] : [],
        ),
      },
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
export function fuelRow(
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
  /** Issue 33 point 2: the lines of unknown pounds, the inputs they lack and where they are stored. */
  unknown: { lines: number; missing: readonly string[]; locations: readonly string[] } = {
    lines: 0,
    missing: [],
    locations: [],
  },
) {
  const { missing } = unknown;
  const undetermined = undeterminedVerdict(test.meets, missing);
  return {
    ...withCodes(averageAndDays(counted.contributions, lineById)),
    locations: locationsOf(counted.contributions, lineById),
    threshold_lb: thresholdLb,
    reportable: test.meets,
    cannot_be_determined: undetermined,
    missing_inputs: [...missing],
    unknown_locations: [...new Set(unknown.locations)],
    near_threshold: test.near_threshold,
    test,
    explanation: {
      rule_text:
        undetermined === null ? test.rule_text : undeterminedRuleText(test.quantity_lb, test.threshold_lb),
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
