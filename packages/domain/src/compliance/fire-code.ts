/**
 * What the fire-code permit report (rules §10) and the hazardous materials inventory statement
 * (rules §11) share: each line's fire-code classes (chosen on the product, else suggested by a
 * liquid's flash point and marked an estimate), its form and amount in the fire code's unit
 * (`lineMeasure` in aggregation.ts: the same gallons as SPCC), inside or outside, and its use mode.
 */
import {
  DEFAULT_FIRE_CODE_USE_MODE,
  FIRE_CODE_FORM_UNITS,
  FIRE_CODE_HAZARD_CLASS_LABELS,
  FIRE_CODE_HAZARD_CLASSES,
  FIRE_CODE_PERMIT_GROUPS,
  type FireCodeForm,
  type FireCodeHazardClass,
  type FireCodePermitGroup,
  type FireCodePlace,
  type FireCodeUseMode,
  fireCodeFormOf,
  type PermitAmount,
  suggestLiquidClass,
} from '../products/fire-code-classes.ts';
import { type LineMeasure, lineMeasure } from './aggregation.ts';
import type { ComplianceContext } from './context.ts';
import type { LineQuantity } from './quantities.ts';
import { type EngineWarning, lineWarning } from './warnings.ts';

export interface FireCodeLine {
  quantity: LineQuantity;
  classes: FireCodeHazardClass[];
  /** No class chosen on the product: the flash point's class stands in. */
  class_is_estimate: boolean;
  /** Why the suggested class (the flash-point reading); null when chosen. */
  class_reason: string | null;
  form: FireCodeForm | null;
  unit: string | null;
  place: FireCodePlace;
  use_mode: FireCodeUseMode;
  measure: LineMeasure | null;
  /** Why no amount, when `measure` is null. */
  reason: string | null;
}

export interface FireCodeReadings {
  /** Lines with a fire-code class (chosen or suggested). */
  classified: FireCodeLine[];
  /** Lines with no class and no flash point that gives one: no hazardous material as recorded. */
  unclassified: LineQuantity[];
}

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
 * Every line read for the fire code. A missing amount is a warning naming the line (never a silent
 * zero); a suggested class is a warning and an "Estimated inputs" entry.
 */
export function readFireCodeLines(
  context: ComplianceContext,
  warnings: EngineWarning[],
  estimated: Set<string>,
): FireCodeReadings {
  const classified: FireCodeLine[] = [];
  const unclassified: LineQuantity[] = [];
  for (const quantity of context.lines) {
    const { line } = quantity;
    const chosen = FIRE_CODE_HAZARD_CLASSES.filter((item) =>
      (line.fire_code_hazard_classes ?? []).includes(item),
    );
    let classes: FireCodeHazardClass[] = chosen;
    let reason: string | null = null;
    if (chosen.length === 0) {
      const suggestion = suggestLiquidClass(line.physical_state, line.flash_point_f ?? null);
      if (suggestion === null) {
        unclassified.push(quantity);
        continue;
      }
      classes = [suggestion.hazard_class];
      reason = suggestion.reason;
      const label = FIRE_CODE_HAZARD_CLASS_LABELS[suggestion.hazard_class];
      estimated.add(`Fire-code class of ${lineLabel(quantity)}: ${label} from its ${reason}`);
      warnings.push(
        lineWarning(
          line,
          'fire_code_class_estimated',
          `no fire-code hazard class chosen; taken as ${label} from its ${reason}`,
        ),
      );
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
      classes,
      class_is_estimate: reason !== null,
      class_reason: reason,
      form,
      unit: form === null ? null : FIRE_CODE_FORM_UNITS[form],
      place: line.is_outdoor ? 'outside' : 'inside',
      use_mode: line.fire_code_use_mode ?? DEFAULT_FIRE_CODE_USE_MODE,
      measure: read.measure,
      reason: read.reason,
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
