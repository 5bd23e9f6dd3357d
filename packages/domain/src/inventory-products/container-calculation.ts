/**
 * Container calculation (spec 02 §9): how much of a product one inventory line holds, in gallons
 * and pounds. The line form runs it live and the server runs it again on every save, so the
 * stored `max_gallons` and `max_pounds` never come from the client. The compliance engine reads
 * the stored figures (regulatory rules §0.1: stored pounds first, else gallons × lb per gallon).
 */
import { LIQUID_DENSITY_STATES } from '../products/index.ts';
import { type PhysicalState, UNIT_TYPES, type UnitType } from '../shared/enums.ts';
import {
  formatQuantity,
  orNotAvailable,
  parseDecimal,
  roundTo,
  WATER_POUNDS_PER_GALLON,
} from '../shared/numbers.ts';

export const FLUID_OUNCES_PER_GALLON = 128;
export const CONTAINER_FIGURE_DECIMALS = 4;

/**
 * Figures at or above this are refused as a calculation error. No inventory line holds 100
 * billion gallons or pounds, so such a figure is a typing slip; and above about 4.5e11 a JS
 * number can no longer carry 4 stable decimals (the columns are numeric(18,4)).
 */
export const CONTAINER_FIGURE_LIMIT = 1e11;

/** Spec 02 §8 and §9: calculation warnings are notices of 3000 ms. */
export const CALCULATION_WARNING_DURATION_MS = 3000;

export const CONTAINER_CALCULATION_MSG = {
  noFormulaTitle: 'No calculation formula',
  noFormula: (unit: string) => `Selected ${unit} unit type has no calculation formula`,
  errorTitles: { oz: 'Error OZ', gal: 'Error Gl', lb: 'Error Lb', cu: 'Error Cu' } satisfies Record<
    UnitType,
    string
  >,
  error: 'Error in calculation',
} as const;

/**
 * Which physical states each unit's formula applies to (spec 02 §9). Gallons and ounces weigh a
 * liquified gas too, by its liquid density (issue 31 point 2: a 30,000-gal propane tank at SG 0.51
 * is 127,602 lb, where the spec's liquid-only formula gave none and every report read 0); a
 * compressed gas keeps the spec's liquid-only wording, its gallons being no liquid. Pounds are
 * pounds in any state, and with no state recorded (issue 33 point 4, rules §0.1): a 2,000-lb
 * chlorine container shows 2,000 lb as Max Pounds where every report counts it, never N/A.
 */
const FORMULA_STATES: Record<Exclude<UnitType, 'lb'>, readonly PhysicalState[]> = {
  oz: LIQUID_DENSITY_STATES,
  gal: LIQUID_DENSITY_STATES,
  cu: ['compressed gas', 'liquified gas'],
};

/**
 * A number as the form holds it (typed text, stripped like the server's decimal fields) or as
 * the server holds it (the parsed body, or a numeric column).
 */
export type NumericInput = number | string | null | undefined;

export interface ContainerCalculationInput {
  /** The line's physical state; the unit's formula runs only for the states it applies to. */
  physical_state: PhysicalState | (string & {}) | null | undefined;
  /** The chosen container unit's type; empty while no unit is chosen. */
  unit_type: UnitType | (string & {}) | null | undefined;
  /** The chosen unit's name, which the 'No calculation formula' notice shows. */
  unit_name?: string | null;
  container_size: NumericInput;
  container_quantity: NumericInput;
  /** Liquids and liquified gases (oz, gal): pounds = gallons × pounds per gallon. */
  pounds_per_gallon?: NumericInput;
  /**
   * Liquids without pounds per gallon: specific gravity × 8.34 stands in (issue 22 point 3), as
   * the reports do (rules §0.1), so a line's Max Pounds is never N/A when a report can weigh it.
   */
  specific_gravity?: NumericInput;
  /** Gases (cu): pounds = size × quantity / conversion factor. */
  conversion_factor?: NumericInput;
}

/** Shaped for the web's toast: `toast({ variant: 'warning', ...warning, duration })`. */
export interface CalculationWarning {
  title: string;
  description: string;
}

export interface ContainerCalculation {
  max_gallons: number | null;
  max_pounds: number | null;
  warning: CalculationWarning | null;
}

const INVALID = Symbol('invalid');

/**
 * null when missing or zero (no figure, no warning); INVALID when present but not a usable
 * number. Text is read as the decimal fields read it (`parseDecimal`): never bent.
 */
function readNumber(input: NumericInput): number | null | typeof INVALID {
  const parsed = parseDecimal(input);
  if (!parsed.ok) return INVALID;
  return parsed.value === 0 ? null : parsed.value;
}

/**
 * Pounds per gallon of a liquid (or a liquified gas): the typed figure, else specific gravity × 8.34 (unrounded, as
 * the reports' `poundsPerGallon` takes it). A broken pounds per gallon is an error, not replaced.
 */
function liquidMeasure(input: ContainerCalculationInput): number | null | typeof INVALID {
  const ppg = readNumber(input.pounds_per_gallon);
  if (ppg !== null) return ppg;
  const gravity = readNumber(input.specific_gravity);
  return gravity === null || gravity === INVALID ? gravity : gravity * WATER_POUNDS_PER_GALLON;
}

const NO_FIGURES: ContainerCalculation = { max_gallons: null, max_pounds: null, warning: null };

function failed(unitType: UnitType): ContainerCalculation {
  return {
    max_gallons: null,
    max_pounds: null,
    warning: {
      title: CONTAINER_CALCULATION_MSG.errorTitles[unitType],
      description: CONTAINER_CALCULATION_MSG.error,
    },
  };
}

function isUnitType(value: string): value is UnitType {
  return (UNIT_TYPES as readonly string[]).includes(value);
}

export function calculateContainer(input: ContainerCalculationInput): ContainerCalculation {
  const unitType = input.unit_type ?? '';
  const unitName = input.unit_name?.trim() ?? '';
  if (unitType === '' && unitName === '') return NO_FIGURES;
  if (!isUnitType(unitType)) {
    return {
      ...NO_FIGURES,
      warning: {
        title: CONTAINER_CALCULATION_MSG.noFormulaTitle,
        description: CONTAINER_CALCULATION_MSG.noFormula(unitName || unitType),
      },
    };
  }
  if (unitType !== 'lb' && !FORMULA_STATES[unitType].some((state) => state === input.physical_state)) {
    return NO_FIGURES;
  }

  const size = readNumber(input.container_size);
  const quantity = readNumber(input.container_quantity);
  // Only the measure the formula uses is read: a solid's leftover pounds per gallon is no error.
  const measure =
    unitType === 'cu' ? readNumber(input.conversion_factor) : unitType === 'lb' ? null : liquidMeasure(input);
  if (size === INVALID || quantity === INVALID || measure === INVALID) return failed(unitType);
  if (size === null || quantity === null) return NO_FIGURES;

  let gallons: number | null = null;
  let pounds: number | null = null;
  switch (unitType) {
    case 'oz':
      gallons = (size / FLUID_OUNCES_PER_GALLON) * quantity;
      pounds = measure === null ? null : measure * gallons;
      break;
    case 'gal':
      gallons = size * quantity;
      pounds = measure === null ? null : gallons * measure;
      break;
    case 'lb':
      pounds = size * quantity;
      break;
    case 'cu':
      pounds = measure === null ? null : (size * quantity) / measure;
      break;
  }

  // Rounding happens once, at the end: pounds come from the unrounded gallons.
  const max_gallons = toFigure(gallons);
  const max_pounds = toFigure(pounds);
  if (max_gallons === INVALID || max_pounds === INVALID) return failed(unitType);
  return { max_gallons, max_pounds, warning: null };
}

/** Whether the unit's formula weighs a line of the physical state (spec 02 §9; lb weighs any state). */
function unitWeighsState(unitType: UnitType, state: string | null | undefined): boolean {
  return unitType === 'lb' || FORMULA_STATES[unitType].some((item) => item === state);
}

/** The unit types whose formula weighs the state, lb last: "gal, oz, cu ft or lb". */
function unitsWeighing(state: string): string {
  const units = UNIT_TYPES.filter((type) => type !== 'lb' && unitWeighsState(type, state)).map((type) =>
    type === 'cu' ? 'cu ft' : type,
  );
  return units.length === 0 ? 'lb' : `${units.join(', ')} or lb`;
}

/**
 * Why the line form's Max Pounds read N/A though size, quantity and a known unit are entered (the
 * spec's notices cover only an unknown unit and a broken figure; this is the field's hint): the
 * unit does not weigh the physical state (a solid in gallons: a solid keeps no specific gravity
 * or pounds per gallon, spec 02 §9), or the product lacks the measure the unit's formula needs.
 * null when Max Pounds have a figure, or when nothing is entered yet to weigh.
 */
export function containerPoundsHint(
  input: ContainerCalculationInput,
  calculation: ContainerCalculation,
): string | null {
  const unitType = input.unit_type ?? '';
  if (calculation.max_pounds !== null || calculation.warning !== null || !isUnitType(unitType)) return null;
  const size = readNumber(input.container_size);
  const quantity = readNumber(input.container_quantity);
  if (size === null || size === INVALID || quantity === null || quantity === INVALID) return null;
  // "Drum (gal)", as the unit picker shows it.
  const name = input.unit_name?.trim() ?? '';
  const unit = name === '' ? unitType : name.includes(`(${unitType})`) ? name : `${name} (${unitType})`;
  const state = input.physical_state ?? '';
  if (state === '')
    return `Max Pounds cannot be calculated: choose the Physical State (${unit} is a volume unit).`;
  if (!unitWeighsState(unitType, state)) {
    const why =
      state === 'solid'
        ? ', and a solid keeps no specific gravity or pounds per gallon to weigh a volume'
        : '';
    return `Max Pounds cannot be calculated: ${unit} does not weigh a ${state}${why}. Choose a unit in ${unitsWeighing(state)}.`;
  }
  return unitType === 'cu'
    ? `Max Pounds cannot be calculated: ${unit} needs the product's Conversion Factor.`
    : `Max Pounds cannot be calculated: ${unit} needs the product's Pounds per Gallon or Specific Gravity.`;
}

function toFigure(value: number | null): number | null | typeof INVALID {
  if (value === null) return null;
  const figure = roundTo(value, CONTAINER_FIGURE_DECIMALS);
  // Also catches Infinity from an overflowing product.
  return figure < CONTAINER_FIGURE_LIMIT ? figure : INVALID;
}

/** Max gallons and max pounds on screen: 'N/A' when zero or empty (spec 02 §9). */
export function formatContainerFigure(value: number | null | undefined): string {
  return orNotAvailable(value);
}

/**
 * Max gallons and max pounds in a list: as the reports print them ("1,834.80", the one quantity
 * format), 'N/A' when zero or empty as on screen (issue 22). The line form keeps every decimal of
 * the live calculation (`formatContainerFigure`).
 */
export function formatListedFigure(value: number | null | undefined): string {
  return orNotAvailable(value, formatQuantity);
}
