/**
 * What the fire-code permit report (rules §10) and the hazardous materials inventory statement
 * (rules §11) share: each line's fire-code classes (chosen on the product, else read one to one
 * from its flash point or Tier II categories and marked an estimate: fire-code-estimates.ts), its form and amount in the fire code's unit
 * (`lineMeasure` in aggregation.ts: the same gallons as SPCC), inside or outside, and its use mode.
 */
import {
  DEFAULT_FIRE_CODE_USE_MODE,
  FIRE_CODE_FORM_UNITS,
  FIRE_CODE_HAZARD_CLASSES,
  FIRE_CODE_PERMIT_GROUPS,
  type FireCodeForm,
  type FireCodeHazardClass,
  type FireCodePermitGroup,
  type FireCodePlace,
  type FireCodeUseMode,
  fireCodeFormOf,
  type PermitAmount,
  permitGroupUnit,
} from '../products/fire-code-classes.ts';
import {
  estimateFireCodeClasses,
  estimateText,
  LP_GAS_FILLING_DENSITY,
  lpGasShare,
} from '../products/fire-code-estimates.ts';
import { roundTo, WATER_POUNDS_PER_GALLON } from '../shared/numbers.ts';
import { type LineMeasure, lineMeasure } from './aggregation.ts';
import type { ComplianceContext } from './context.ts';
import { formatFactor, formatPounds } from './format.ts';
import type { LineQuantity } from './quantities.ts';
import {
  MISSING_CONVERSION_FACTOR_INPUT,
  MISSING_DENSITY_INPUT,
  missingPoundsInput,
} from './unknown-amounts.ts';
import { type EngineWarning, lineWarning } from './warnings.ts';

export interface FireCodeLine {
  quantity: LineQuantity;
  classes: FireCodeHazardClass[];
  /** No class chosen on the product (or LP-gas read from the composition): the classes stand in. */
  class_is_estimate: boolean;
  /** Why the estimated classes ("flash point …", "Tier II category …"); null when chosen. */
  class_reason: string | null;
  form: FireCodeForm | null;
  unit: string | null;
  place: FireCodePlace;
  use_mode: FireCodeUseMode;
  measure: LineMeasure | null;
  /** Why no amount, when `measure` is null. */
  reason: string | null;
  /** The product input whose absence leaves the amount unknown (issue 33 point 2); null with an amount. */
  missing_input: string | null;
  /** LP-gas only: the containers' water capacity in gallons, what its permit measures. */
  lp_gas: { measure: LineMeasure | null; reason: string | null; missing_input: string | null } | null;
}

/** A line left out of the fire-code figures for want of a class, with why. */
export interface UnclassifiedLine {
  quantity: LineQuantity;
  reason: string;
}

export interface FireCodeReadings {
  /** Lines with a fire-code class (chosen or estimated). */
  classified: FireCodeLine[];
  /** Lines with no class chosen and none the data gives: not counted, each named in the report. */
  unclassified: UnclassifiedLine[];
}

export const NO_CLASS_REASON =
  'No fire-code hazard class chosen, and no flash point or hazard category that gives one';

export function lineLabel(quantity: LineQuantity): string {
  const { line } = quantity;
  const where = line.location_stored ? ` at ${line.location_stored}` : '';
  return `${line.product_name}${where} (line ${line.inventory_product_id})`;
}

/** The warnings a fire-code report starts from: the unverified lines every report names, and implausible gas factors. */
export function fireCodeBaseWarnings(context: ComplianceContext): EngineWarning[] {
  return context.warnings.filter(
    (warning) =>
      warning.code === 'unchecked_carry_over' ||
      warning.code === 'open_question' ||
      warning.code === 'implausible_conversion_factor',
  );
}

/**
 * An LP-gas line's water capacity in gallons (what IFC 105.6 "LP-gas" measures): a line counted in
 * gallons holds tanks sized by their water capacity, so its gallons are taken as it; a line in
 * pounds (or cubic feet, through its pounds) is pounds ÷ (filling density × 8.34 lb/gal of water),
 * an estimate, since the containers' own water capacity is not recorded.
 */
function lpGasWaterCapacity(
  quantity: LineQuantity,
  estimated: Set<string>,
): { measure: LineMeasure | null; reason: string | null; missing_input: string | null } {
  const { line } = quantity;
  const unit = permitGroupUnit('lp_gas', 'gas');
  const count =
    typeof line.container_quantity === 'number' && line.container_quantity > 0
      ? line.container_quantity
      : null;
  const size = line.container_size ?? 0;
  if (line.unit_type === 'gal' && size > 0 && count !== null) {
    const gallons = size * count;
    return {
      measure: {
        amount: roundTo(gallons, 4),
        unit,
        per_container: roundTo(size, 4),
        basis: `${formatFactor(size)} gal × ${formatFactor(count)} = ${formatPounds(gallons)} gal water capacity (the containers' gallons as recorded, taken as their water capacity)`,
      },
      reason: null,
      missing_input: null,
    };
  }
  if (quantity.pounds === null)
    return {
      measure: null,
      reason: 'pounds unknown, so no water capacity (see warnings)',
      missing_input: missingPoundsInput(line),
    };
  const perGallon = LP_GAS_FILLING_DENSITY * WATER_POUNDS_PER_GALLON;
  const gallons = quantity.pounds / perGallon;
  const basis = `${formatPounds(quantity.pounds)} lb ÷ (${formatFactor(LP_GAS_FILLING_DENSITY * 100)}% × ${WATER_POUNDS_PER_GALLON} lb/gal) = ${formatPounds(gallons)} gal water capacity`;
  estimated.add(
    `Water capacity of ${lineLabel(quantity)}: ${basis} (LP-gas filled to ${formatFactor(LP_GAS_FILLING_DENSITY * 100)}% of the water's weight, 49 CFR 173.315(b) [U]; record the containers in gallons of water capacity to replace it)`,
  );
  return {
    measure: {
      amount: roundTo(gallons, 4),
      unit,
      per_container: count === null ? null : roundTo(gallons / count, 4),
      basis: `${basis} (estimate)`,
    },
    reason: null,
    missing_input: null,
  };
}

/** What a line lacks for its amount in the fire code's unit, named as the product form names it. */
function missingMeasureInput(quantity: LineQuantity, form: FireCodeForm | null): string {
  if (form === null) return 'Physical State';
  if (quantity.pounds === null) return missingPoundsInput(quantity.line);
  return form === 'liquid' ? MISSING_DENSITY_INPUT : MISSING_CONVERSION_FACTOR_INPUT;
}

interface LineClasses {
  classes: FireCodeHazardClass[];
  /** The estimates' texts ("Flammable gas from its …"); [] when every class was chosen. */
  estimates: string[];
  not_derived: string[];
}

/**
 * The classes a line counts under: those chosen on the product (a chosen Flammable gas whose
 * composition is LP-gas counts as LP-gas: rules §10's flammable gas row is "not LPG"), else the ones
 * its data gives one to one (`estimateFireCodeClasses`).
 */
function classesOf(quantity: LineQuantity): LineClasses {
  const { line } = quantity;
  const chosen = FIRE_CODE_HAZARD_CLASSES.filter((item) =>
    (line.fire_code_hazard_classes ?? []).includes(item),
  );
  if (chosen.length === 0) {
    const found = estimateFireCodeClasses(line);
    return {
      classes: found.classes.map((item) => item.hazard_class),
      estimates: found.classes.map(estimateText),
      not_derived: found.not_derived,
    };
  }
  const lp = lpGasShare(line.components);
  if (!chosen.includes('flammable_gas') || fireCodeFormOf(line.physical_state) !== 'gas' || lp === null) {
    return { classes: chosen, estimates: [], not_derived: [] };
  }
  const classes = FIRE_CODE_HAZARD_CLASSES.filter(
    (item) => item === 'lp_gas' || (item !== 'flammable_gas' && chosen.includes(item)),
  );
  return {
    classes,
    estimates: [
      `LP-gas, not the Flammable gas chosen, from its composition (${lp.text}: predominantly LP-gas hydrocarbons, NFPA 58)`,
    ],
    not_derived: [],
  };
}

/**
 * Every line read for the fire code. A missing amount is a warning naming the line (never a silent
 * zero); an estimated class is a warning and an "Estimated inputs" entry; what the data names and
 * no class can be read from is a warning, and a line left with no class is listed with why.
 */
export function readFireCodeLines(
  context: ComplianceContext,
  warnings: EngineWarning[],
  estimated: Set<string>,
): FireCodeReadings {
  const classified: FireCodeLine[] = [];
  const unclassified: UnclassifiedLine[] = [];
  for (const quantity of context.lines) {
    const { line } = quantity;
    const found = classesOf(quantity);
    for (const why of found.not_derived) {
      warnings.push(lineWarning(line, 'fire_code_class_not_derived', `${why}; not counted under that class`));
    }
    if (found.classes.length === 0) {
      unclassified.push({ quantity, reason: found.not_derived.join('; ') || NO_CLASS_REASON });
      continue;
    }
    for (const text of found.estimates) {
      estimated.add(`Fire-code class of ${lineLabel(quantity)}: ${text}`);
      warnings.push(lineWarning(line, 'fire_code_class_estimated', `fire-code class taken as ${text}`));
    }
    const form = fireCodeFormOf(line.physical_state);
    const read =
      form === null
        ? { measure: null, reason: 'no physical state recorded: liquid, solid or gas decides the unit' }
        : lineMeasure(quantity, form);
    if (read.measure === null) {
      warnings.push(
        lineWarning(line, 'missing_fire_code_amount', `${read.reason}; left out of the fire-code totals`),
      );
    }
    classified.push({
      quantity,
      classes: found.classes,
      class_is_estimate: found.estimates.length > 0,
      class_reason: found.estimates.length > 0 ? found.estimates.join('; ') : null,
      form,
      unit: form === null ? null : FIRE_CODE_FORM_UNITS[form],
      place: line.is_outdoor ? 'outside' : 'inside',
      use_mode: line.fire_code_use_mode ?? DEFAULT_FIRE_CODE_USE_MODE,
      measure: read.measure,
      reason: read.reason,
      missing_input: read.measure === null ? missingMeasureInput(quantity, form) : null,
      lp_gas: found.classes.includes('lp_gas') ? lpGasWaterCapacity(quantity, estimated) : null,
    });
  }
  return { classified, unclassified };
}

/** The permit amount in force for a permit group, form and place; undefined when the table has no such row. */
export function findPermitAmount(
  amounts: readonly PermitAmount[],
  group: FireCodePermitGroup,
  form: FireCodeForm,
  place: FireCodePlace,
): PermitAmount | undefined {
  return amounts.find((row) => row.permit_group === group && row.form === form && row.place === place);
}

const FORM_ORDER: readonly FireCodeForm[] = ['liquid', 'solid', 'gas'];

/** Liquid, solid, gas, then inside before outside. */
function compareFormPlace(
  a: { form: FireCodeForm; place: FireCodePlace },
  b: { form: FireCodeForm; place: FireCodePlace },
): number {
  return (
    FORM_ORDER.indexOf(a.form) - FORM_ORDER.indexOf(b.form) ||
    (a.place === b.place ? 0 : a.place === 'inside' ? -1 : 1)
  );
}

/** Rows in the class list's order, then liquid, solid, gas, then inside before outside. */
export function compareFireCodeKeys(
  a: { hazard_class: FireCodeHazardClass; form: FireCodeForm; place: FireCodePlace },
  b: { hazard_class: FireCodeHazardClass; form: FireCodeForm; place: FireCodePlace },
): number {
  const order = (value: FireCodeHazardClass) => FIRE_CODE_HAZARD_CLASSES.indexOf(value);
  return order(a.hazard_class) - order(b.hazard_class) || compareFormPlace(a, b);
}

/** Permit-table rows in the groups' order (the class list's), then liquid, solid, gas, inside before outside. */
export function comparePermitKeys(
  a: { permit_group: FireCodePermitGroup; form: FireCodeForm; place: FireCodePlace },
  b: { permit_group: FireCodePermitGroup; form: FireCodeForm; place: FireCodePlace },
): number {
  const order = (value: FireCodePermitGroup) => FIRE_CODE_PERMIT_GROUPS.indexOf(value);
  return order(a.permit_group) - order(b.permit_group) || compareFormPlace(a, b);
}

/** Several amounts added in ten-thousandths, so the order of lines never changes a total. */
export function sumAmounts(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + Math.round(value * 10_000), 0) / 10_000;
}

/** What a contribution adds to the line's pounds basis: the fire code's amount, unless it is those pounds. */
export function contributionNote(reading: FireCodeLine): string {
  return reading.form === 'solid' || reading.measure === null ? '' : reading.measure.basis;
}
