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
import type { PhysicalState } from '../shared/enums.ts';
import { roundTo } from '../shared/numbers.ts';
import type { Contribution } from './aggregation.ts';
import { aggregateByCas, type CasAggregate } from './aggregation.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import { lowestTpqEntry } from './epcra-302.ts';
import { formatThreshold } from './format.ts';
import type { Explanation, ProgrammeResult, ProgrammeRule } from './programme.ts';
import { type LineQuantity, QUANTITY_DECIMALS } from './quantities.ts';
import { type RangeCode, tier2RangeCode } from './range-codes.ts';
import {
  deMinimisText,
  isBelowDeMinimis,
  type ThresholdTest,
  TIER2_DE_MINIMIS,
  TIER2_OPERATOR,
  testThreshold,
} from './thresholds.ts';
import type { SnapshotLine } from './types.ts';
import { type EngineWarning, lineWarning } from './warnings.ts';

/** 40 CFR 370.10(a): EHS at 500 lb or the TPQ, whichever is lower; others at 10,000 lb. */
export const TIER2_EHS_CAP_LB = 500;
export const TIER2_OTHER_THRESHOLD_LB = 10_000;
/** Days on site assumed while the inventory does not record them. */
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
  /** 'ehs': an EHS aggregated by CAS; 'chemical': a non-EHS component aggregated by CAS; 'product': a product as a whole. */
  kind: 'ehs' | 'chemical' | 'product';
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

export interface Tier2Result extends ProgrammeResult<Tier2Row> {
  tier1: Tier1Row[];
  non_ehs_basis: 'product' | 'component';
}

export const TIER2_RULE_TEXT =
  'EPCRA sections 311 and 312 (40 CFR 370.10, 370.14, 370.40-370.43): a facility reports each hazardous chemical ' +
  'present at any one time during the year at or above its threshold: for an extremely hazardous substance 500 lb or ' +
  'its TPQ, whichever is lower, added up across every product that holds it; for any other hazardous chemical ' +
  '10,000 lb. Components at 1% by weight or less (0.1% for carcinogens) are not counted (370.14(c)). Liquids are ' +
  'converted from gallons to pounds by their density. Amounts are given as the range codes of 370.43 (a boundary ' +
  'takes the higher code). Percent ranges are read at their upper bound.';

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

/** Average and days: the recorded figures when every line has them, else the estimates. */
function averageAndDays(
  contributions: readonly Contribution[],
  lineById: Map<number, SnapshotLine>,
  maxLb: number,
) {
  const lines = contributions.map((c) => ({ c, line: lineById.get(c.inventory_product_id) }));
  const hasAverage = lines.length > 0 && lines.every(({ line }) => typeof line?.average_pounds === 'number');
  const average = hasAverage
    ? roundTo(
        lines.reduce((sum, { c, line }) => sum + ((line?.average_pounds ?? 0) * c.percent_weight) / 100, 0),
        QUANTITY_DECIMALS,
      )
    : maxLb;
  const days = lines
    .map(({ line }) => line?.days_on_site)
    .filter((d): d is number => typeof d === 'number' && d > 0);
  const daysKnown = days.length > 0 && days.length === lines.length;
  return {
    average_amount_lb: average,
    average_is_estimate: !hasAverage,
    days_on_site: days.length > 0 ? Math.min(366, Math.max(...days)) : TIER2_DEFAULT_DAYS_ON_SITE,
    days_on_site_is_estimate: !daysKnown,
  };
}

function run(context: ComplianceContext): Tier2Result {
  const { snapshot, options } = context;
  const lineById = new Map(snapshot.lines.map((line) => [line.inventory_product_id, line]));
  const notes: string[] = [];
  const warnings: EngineWarning[] = [...context.warnings];

  const excluded = snapshot.lines.filter((line) => line.tier2_exclusion);
  for (const line of excluded) {
    notes.push(
      `${line.product_name} (line ${line.inventory_product_id}) is left out under 40 CFR 370.13: ${line.tier2_exclusion}.`,
    );
  }
  const counted = (quantity: LineQuantity) => !quantity.line.tier2_exclusion;
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
      ...withCodes(averageAndDays(aggregate.contributions, lineById, test.quantity_lb)),
      locations: locationsOf(aggregate.contributions, lineById),
      threshold_lb: threshold,
      reportable: test.meets,
      near_threshold: test.near_threshold,
      test,
      explanation: {
        rule_text: test.rule_text,
        contributions: aggregate.contributions,
        excluded: aggregate.excluded,
        notes: [thresholdNote],
      },
    });
  };

  const unflagged = new Set<number>();
  // EHS: aggregated across every product, whatever the facility's choice for other chemicals.
  for (const aggregate of aggregateByCas(context.components, {
    basis: 'upper',
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
    for (const c of aggregate.contributions) {
      const line = lineById.get(c.inventory_product_id);
      if (line && !isHazardousLine(line) && !unflagged.has(line.inventory_product_id)) {
        unflagged.add(line.inventory_product_id);
        warnings.push(
          lineWarning(line, 'no_hazard_category', 'holds an EHS but has no hazard category recorded'),
        );
      }
    }
  }

  const hazardousLine = (quantity: LineQuantity) => counted(quantity) && isHazardousLine(quantity.line);
  if (options.tier2_non_ehs_basis === 'component') {
    for (const aggregate of aggregateByCas(context.components, {
      basis: 'upper',
      includeLine: hazardousLine,
      exclude: deMinimis,
    }).values()) {
      if (ehs.has(aggregate.cas_number)) continue;
      const name = aggregate.component_names[0] ?? aggregate.cas_number;
      chemicalRow(
        'chemical',
        aggregate,
        name,
        TIER2_OTHER_THRESHOLD_LB,
        'Not an EHS: 10,000 lb, the component added up across products.',
      );
    }
  } else {
    for (const product of context.products) {
      const lines = product.lines.filter(hazardousLine);
      if (lines.length === 0) continue;
      const contributions: Contribution[] = lines.flatMap((quantity) =>
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
                pounds_contributed: quantity.pounds,
                is_carcinogen: false,
              },
            ],
      );
      const pounds = roundTo(
        contributions.reduce((sum, c) => sum + c.pounds_contributed, 0),
        QUANTITY_DECIMALS,
      );
      const test = testThreshold(
        pounds,
        TIER2_OTHER_THRESHOLD_LB,
        TIER2_OPERATOR,
        'threshold',
        options.near_threshold_fraction,
      );
      const snapshotLines = lines.map((quantity) => quantity.line);
      const hazards = hazardCategories(snapshotLines, snapshot.year);
      const first = snapshotLines[0]!;
      const components: Tier2Component[] = first.components.map((component) => ({
        name: component.name,
        cas_number: component.cas_number,
        percent_weight: component.percentage_weight ?? component.percentage_weight_high ?? null,
        is_ehs: context.lists.isListed('ehs', component.cas_number),
      }));
      const isMixture = components.length !== 1 || (components[0]?.percent_weight ?? 100) < 100;
      const unknown = lines.length - contributions.length;
      rows.push({
        kind: 'product',
        name: product.product_name,
        cas_number: isMixture ? null : (components[0]?.cas_number ?? null),
        product_id: product.product_id,
        is_ehs: components.some((component) => component.is_ehs),
        is_mixture: isMixture,
        components,
        physical_states: uniqueStates(snapshotLines),
        hazard_categories: hazards.categories,
        hazard_basis: hazards.basis,
        max_amount_lb: test.quantity_lb,
        max_amount_code: tier2RangeCode(test.quantity_lb),
        ...withCodes(averageAndDays(contributions, lineById, test.quantity_lb)),
        locations: locationsOf(contributions, lineById),
        threshold_lb: TIER2_OTHER_THRESHOLD_LB,
        reportable: test.meets,
        near_threshold: test.near_threshold,
        test,
        explanation: {
          rule_text: test.rule_text,
          contributions,
          excluded: [],
          notes: [
            'The product as a whole against 10,000 lb (370.14, mixture option).',
            ...(unknown > 0
              ? [`${unknown} line(s) with unknown pounds are not counted (see warnings).`]
              : []),
          ],
        },
      });
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
  rows.sort((a, b) => Number(b.reportable) - Number(a.reportable) || a.name.localeCompare(b.name));

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
    ],
    lists_used: listsUsed(context, ['ehs']),
    rows,
    warnings,
    tier1: tier1(rows.filter((row) => row.reportable)),
    non_ehs_basis: options.tier2_non_ehs_basis,
  };
}

function withCodes(figures: ReturnType<typeof averageAndDays>) {
  return { ...figures, average_amount_code: tier2RangeCode(figures.average_amount_lb) };
}

/** Tier I: per hazard category, the reportable chemicals' amounts added up (each counted in every category it has). */
export function tier1(rows: readonly Tier2Row[]): Tier1Row[] {
  const byCategory = new Map<string, Tier1Row>();
  for (const row of rows) {
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
      found.max_amount_lb = roundTo(found.max_amount_lb + row.max_amount_lb, QUANTITY_DECIMALS);
      found.average_amount_lb = roundTo(found.average_amount_lb + row.average_amount_lb, QUANTITY_DECIMALS);
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
