/**
 * Pounds per CAS at the facility (rules §0.1-0.3): each component's pounds are the line's pounds
 * × its weight percent, added up across lines and products by CAS. Which percent in an SDS range,
 * which de minimis and which pounds (max on hand or annual) are the programme's choice, so they
 * come in as options; the arithmetic is one function for every programme.
 */
import { FIRE_CODE_FORM_UNITS, type FireCodeForm } from '../products/fire-code-classes.ts';
import { isValidCasNumber } from '../shared/cas.ts';
import type { PhysicalState } from '../shared/enums.ts';
import { roundTo } from '../shared/numbers.ts';
import { formatFactor, formatPercent, formatPercentRange, formatPounds } from './format.ts';
import type { LineQuantity } from './quantities.ts';
import { normalizeCas } from './reference.ts';
import type { PercentBasis, SnapshotComponent, SnapshotLine } from './types.ts';
import { missingPoundsInput } from './unknown-amounts.ts';
import { type EngineWarning, lineWarning } from './warnings.ts';

/** A component on a line whose CAS and percent the engine can use. */
export interface LineComponent {
  quantity: LineQuantity;
  component: SnapshotComponent;
  cas_number: string;
  /** Lowest percent the SDS allows; null when only an upper bound is known. */
  percent_low: number | null;
  percent_high: number;
  is_carcinogen: boolean;
}

/**
 * A component with a CAS number but no percent by weight (none at all, or by volume only): every
 * total leaves it out, except the 304 screen, whose mixture rule (40 CFR 302.6(b)) screens the
 * whole mixture when a constituent's quantity is unknown.
 */
export interface UnknownPercentComponent {
  quantity: LineQuantity;
  component: SnapshotComponent;
  cas_number: string;
}

export function choosePercent(component: LineComponent, basis: PercentBasis): number {
  if (basis === 'upper' || component.percent_low === null) return component.percent_high;
  return (component.percent_low + component.percent_high) / 2;
}

/**
 * For a component given as a range, the range as the SDS gives it and the point the programme took
 * ("30–60%: midpoint"), so an explanation shows both; null for a single figure.
 */
export function percentReading(component: LineComponent, basis: PercentBasis): string | null {
  const { percent_low: low, percent_high: high } = component;
  if (low !== null && low === high) return null;
  const highStated =
    percentOrNull(component.component.percentage_weight_high) !== null ||
    percentOrNull(component.component.percentage_weight) !== null;
  const range = formatPercentRange(low, highStated ? high : null);
  if (low === null) return `${range}: the upper bound, the only one known`;
  const highText = highStated ? '' : ` (${formatPercent(high)}%: 100% less the other components)`;
  return basis === 'upper' ? `${range}: upper bound${highText}` : `${range}: midpoint${highText}`;
}

function percentOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 100 ? value : null;
}

/**
 * Percent range of a component. A single figure is low = high. Only a low bound: the high bound
 * is what the other components leave (GuideME Q175). Only a high bound: low unknown (Q176).
 */
function percentRange(component: SnapshotComponent, siblings: readonly SnapshotComponent[]) {
  const single = percentOrNull(component.percentage_weight);
  const low = percentOrNull(component.percentage_weight_low) ?? null;
  const high = percentOrNull(component.percentage_weight_high) ?? null;
  if (low !== null && high !== null) return { low: Math.min(low, high), high: Math.max(low, high) };
  if (single !== null) return { low: single, high: single };
  if (high !== null) return { low: null, high };
  if (low !== null) {
    const others = siblings
      .filter((other) => other !== component)
      .reduce(
        (sum, other) =>
          sum + (percentOrNull(other.percentage_weight) ?? percentOrNull(other.percentage_weight_low) ?? 0),
        0,
      );
    return { low, high: Math.max(low, Math.min(100, 100 - others)) };
  }
  return null;
}

function basePercent(component: SnapshotComponent): number {
  return percentOrNull(component.percentage_weight) ?? percentOrNull(component.percentage_weight_low) ?? 0;
}

/** The components the engine can use, and a warning for each it cannot. */
export function collectComponents(lines: readonly LineQuantity[]): {
  components: LineComponent[];
  without_percent: UnknownPercentComponent[];
  warnings: EngineWarning[];
} {
  const components: LineComponent[] = [];
  const withoutPercent: UnknownPercentComponent[] = [];
  const warnings: EngineWarning[] = [];
  // A facility's lines name the same few hundred CAS numbers thousands of times: each is read once.
  const casRead = new Map<string, { cas: string; valid: boolean }>();
  const readCas = (typed: string | null | undefined) => {
    const key = typed ?? '';
    let read = casRead.get(key);
    if (!read) {
      const cas = normalizeCas(key);
      read = { cas, valid: isValidCasNumber(cas) };
      casRead.set(key, read);
    }
    return read;
  };
  for (const quantity of lines) {
    const { line } = quantity;
    if (line.components.length === 0) {
      warnings.push(
        lineWarning(line, 'no_components', 'no chemical components; no list can be matched by CAS'),
      );
      continue;
    }
    const total = line.components.reduce((sum, component) => sum + basePercent(component), 0);
    if (roundTo(total, 4) > 100) {
      warnings.push(
        lineWarning(
          line,
          'percent_over_100',
          `components add up to ${formatPercent(roundTo(total, 4))}% by weight`,
        ),
      );
    }
    for (const component of line.components) {
      const { cas, valid } = readCas(component.cas_number);
      if (cas === '') {
        warnings.push(lineWarning(line, 'missing_cas', 'no CAS number; left out of every list', component));
        continue;
      }
      if (!valid) {
        warnings.push(
          lineWarning(line, 'invalid_cas', 'CAS check digit is wrong; matched as written', component),
        );
      }
      const range = percentRange(component, line.components);
      if (range === null) {
        const volume = percentOrNull(component.percentage_volume);
        warnings.push(
          volume === null
            ? lineWarning(
                line,
                'missing_percent',
                'no percent by weight; left out of every total but the 304 screen, which takes the whole mixture (302.6(b))',
                component,
              )
            : lineWarning(
                line,
                'percent_by_volume_only',
                `only ${formatPercent(volume)}% by volume, which needs the component's density; left out of every total but the 304 screen, which takes the whole mixture (302.6(b))`,
                component,
              ),
        );
        withoutPercent.push({ quantity, component, cas_number: cas });
        continue;
      }
      components.push({
        quantity,
        component,
        cas_number: cas,
        percent_low: range.low,
        percent_high: range.high,
        is_carcinogen: component.is_carcinogen === true,
      });
    }
  }
  return { components, without_percent: withoutPercent, warnings };
}

/** One line's share of a chemical: the figures a consultant checks by hand. */
export interface Contribution {
  inventory_product_id: number;
  product_id: number;
  product_name: string;
  location_stored: string;
  physical_state: PhysicalState | null;
  /** "Drum 55 gal × 4". */
  container: string;
  line_pounds: number;
  line_gallons: number | null;
  /** How the line's pounds were found (stored figure, gallons × lb/gal, annual amount). */
  pounds_basis: string;
  percent_weight: number;
  /** An SDS range and the point taken ("30–60%: midpoint"); null for a single figure. */
  percent_range: string | null;
  pounds_contributed: number;
  is_carcinogen: boolean;
}

/** A component the programme left out, with the reason ("0.5% ≤ de minimis 1%"). */
export interface Exclusion {
  inventory_product_id: number;
  product_id: number;
  product_name: string;
  location_stored: string;
  percent_weight: number | null;
  reason: string;
  /** Issue 33 point 2: the product input whose absence left the line's pounds unknown (not a rule's exclusion). */
  missing_input?: string;
}

export interface CasAggregate {
  cas_number: string;
  /** The names the SDSs give it (shown, never matched). */
  component_names: string[];
  pounds: number;
  contributions: Contribution[];
  excluded: Exclusion[];
}

export interface AggregateOptions {
  basis: PercentBasis;
  /** Only these CAS numbers (a list's); all when absent. */
  casNumbers?: ReadonlySet<string>;
  /** Only these lines (313: the lines flagged with the activity). */
  includeLine?: (quantity: LineQuantity) => boolean;
  /** The reason to leave a component out at this percent, or null to count it. */
  exclude?: (component: LineComponent, percent: number) => string | null;
  /** The line's pounds for this programme; the line's max pounds by default. */
  linePounds?: (quantity: LineQuantity) => { pounds: number; basis: string } | null;
}

/** Pounds are added in ten-thousandths of a pound (integers), so the order of lines never changes a total. */
const UNITS = 10_000;

export function aggregateByCas(
  components: readonly LineComponent[],
  options: AggregateOptions,
): Map<string, CasAggregate> {
  const result = new Map<string, CasAggregate & { units: number }>();
  for (const item of components) {
    if (options.casNumbers && !options.casNumbers.has(item.cas_number)) continue;
    if (options.includeLine && !options.includeLine(item.quantity)) continue;
    let aggregate = result.get(item.cas_number);
    if (!aggregate) {
      aggregate = {
        cas_number: item.cas_number,
        component_names: [],
        pounds: 0,
        units: 0,
        contributions: [],
        excluded: [],
      };
      result.set(item.cas_number, aggregate);
    }
    const name = item.component.name.trim();
    if (name && !aggregate.component_names.includes(name)) aggregate.component_names.push(name);
    const { line } = item.quantity;
    const percent = choosePercent(item, options.basis);
    const reason = options.exclude?.(item, percent) ?? null;
    const pounds =
      reason !== null
        ? null
        : options.linePounds
          ? options.linePounds(item.quantity)
          : item.quantity.pounds === null
            ? null
            : { pounds: item.quantity.pounds, basis: item.quantity.basis };
    if (pounds === null) {
      aggregate.excluded.push({
        inventory_product_id: line.inventory_product_id,
        product_id: line.product_id,
        product_name: line.product_name,
        location_stored: line.location_stored,
        percent_weight: percent,
        reason: reason ?? 'pounds unknown (see warnings)',
        ...(reason === null && item.quantity.pounds === null
          ? { missing_input: missingPoundsInput(line) }
          : {}),
      });
      continue;
    }
    const contributed = roundTo((pounds.pounds * percent) / 100, 4);
    aggregate.units += Math.round(contributed * UNITS);
    // Literal objects, not spreads: this runs once per component of a 2,000-line inventory.
    aggregate.contributions.push({
      inventory_product_id: line.inventory_product_id,
      product_id: line.product_id,
      product_name: line.product_name,
      location_stored: line.location_stored,
      physical_state: line.physical_state,
      container: item.quantity.container,
      line_pounds: pounds.pounds,
      line_gallons: item.quantity.gallons,
      pounds_basis: pounds.basis,
      percent_weight: percent,
      percent_range: percentReading(item, options.basis),
      pounds_contributed: contributed,
      is_carcinogen: item.is_carcinogen,
    });
  }
  const out = new Map<string, CasAggregate>();
  for (const [cas, { units, ...aggregate }] of result) {
    aggregate.contributions.sort(byLine);
    aggregate.excluded.sort(byLine);
    aggregate.component_names.sort();
    out.set(cas, { ...aggregate, pounds: units / UNITS });
  }
  return out;
}

function byLine(a: { inventory_product_id: number }, b: { inventory_product_id: number }): number {
  return a.inventory_product_id - b.inventory_product_id;
}

/**
 * One line's share of a figure: `pounds` of it at `percent`, of a component (its SDS range read
 * at the report's percent basis) when one is named, else of the whole line.
 */
export function lineContribution(
  quantity: LineQuantity,
  pounds: number,
  percent: number,
  component: { item: LineComponent; basis: PercentBasis } | null = null,
  basisNote = '',
): Contribution {
  const { line } = quantity;
  const item = component?.item;
  return {
    inventory_product_id: line.inventory_product_id,
    product_id: line.product_id,
    product_name: line.product_name,
    location_stored: line.location_stored,
    physical_state: line.physical_state,
    container: quantity.container,
    line_pounds: quantity.pounds ?? 0,
    line_gallons: quantity.gallons,
    pounds_basis: basisNote ? `${quantity.basis}; ${basisNote}` : quantity.basis,
    percent_weight: percent,
    percent_range: component ? percentReading(component.item, component.basis) : null,
    pounds_contributed: pounds,
    is_carcinogen: item?.is_carcinogen ?? false,
  };
}

/** A line left out of a figure, with the reason. */
export function lineExclusion(
  line: Pick<Exclusion, 'inventory_product_id' | 'product_id' | 'product_name' | 'location_stored'>,
  percent: number | null,
  reason: string,
): Exclusion {
  return {
    inventory_product_id: line.inventory_product_id,
    product_id: line.product_id,
    product_name: line.product_name,
    location_stored: line.location_stored,
    percent_weight: percent,
    reason,
  };
}

/** A line left out for unknown pounds, naming the product input it lacks (issue 33 point 2). */
export function unknownPoundsExclusion(line: SnapshotLine, percent: number | null): Exclusion {
  return {
    ...lineExclusion(line, percent, 'pounds unknown (see warnings)'),
    missing_input: missingPoundsInput(line),
  };
}

/** A line's amount in the fire code's unit (rules §10): gallons, pounds or cubic feet at NTP. */
export interface LineMeasure {
  amount: number;
  unit: string;
  /** The same amount in one container, for "met in aggregate, not in any one container". */
  per_container: number | null;
  /** "220 gal (the line's gallons: Drum 55 gal × 4)". */
  basis: string;
}

/**
 * A line's amount as the fire code measures its form, through the figures every report uses
 * (`computeLineQuantity`): a liquid's gallons are the line's gallons that SPCC and the line
 * screen read, a solid's pounds its pounds. A gas is in cubic feet at NTP: a line counted in
 * cubic feet (unit type cu) as recorded, else its pounds × the product's conversion factor (cubic
 * feet per pound at NTP, spec 02 §9). Null with the reason when the line cannot give it.
 */
export function lineMeasure(
  quantity: LineQuantity,
  form: FireCodeForm,
): { measure: LineMeasure; reason: null } | { measure: null; reason: string } {
  const { line } = quantity;
  const unit = FIRE_CODE_FORM_UNITS[form];
  const count =
    typeof line.container_quantity === 'number' && line.container_quantity > 0
      ? line.container_quantity
      : null;
  const measure = (amount: number, basis: string) => ({
    measure: {
      amount: roundTo(amount, 4),
      unit,
      per_container: count === null ? null : roundTo(amount / count, 4),
      basis,
    },
    reason: null,
  });
  if (form === 'liquid') {
    if (quantity.gallons === null)
      return { measure: null, reason: 'gallons unknown (no gallons, or pounds with no density)' };
    return measure(
      quantity.gallons,
      `${formatPounds(quantity.gallons)} gal (the line's gallons: ${quantity.container})`,
    );
  }
  if (form === 'solid') {
    if (quantity.pounds === null) return { measure: null, reason: 'pounds unknown (see warnings)' };
    return measure(quantity.pounds, `${formatPounds(quantity.pounds)} lb (${quantity.basis})`);
  }
  const size = line.container_size ?? 0;
  if (line.unit_type === 'cu' && size > 0 && count !== null) {
    const cubicFeet = size * count;
    return measure(
      cubicFeet,
      `${formatFactor(size)} cu ft × ${formatFactor(count)} = ${formatPounds(cubicFeet)} cu ft at NTP, as recorded`,
    );
  }
  const factor =
    typeof line.conversion_factor === 'number' && line.conversion_factor > 0 ? line.conversion_factor : null;
  if (quantity.pounds === null)
    return { measure: null, reason: 'pounds unknown, so no cubic feet (see warnings)' };
  if (factor === null)
    return {
      measure: null,
      reason: `${formatPounds(quantity.pounds)} lb of gas with no conversion factor (cu ft per lb): its cubic feet at NTP are unknown`,
    };
  const cubicFeet = quantity.pounds * factor;
  return measure(
    cubicFeet,
    `${formatPounds(quantity.pounds)} lb × ${formatFactor(factor)} cu ft/lb (conversion factor) = ${formatPounds(cubicFeet)} cu ft at NTP`,
  );
}
