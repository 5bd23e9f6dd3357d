/**
 * Unknown is not zero (issue 33 point 2): a line whose amount the data cannot give is carried as
 * unknown, named with the product input it lacks, and never printed as 0.00. A total with unknown
 * lines is "at least" its known part; a verdict it could change is "cannot be determined", while a
 * known part already over the threshold keeps the verdict "Yes".
 */
import { hasLiquidDensity } from '../products/index.ts';
import { formatPounds, formatThreshold } from './format.ts';
import type { SnapshotLine } from './types.ts';
import type { WarningCode } from './warnings.ts';

/** The product fields a report names when they are missing (the product form's labels). */
export const MISSING_DENSITY_INPUT = 'Specific Gravity or Pounds per Gallon';
export const MISSING_CONVERSION_FACTOR_INPUT = 'Conversion Factor (cu ft per lb)';
export const MISSING_CONTAINER_INPUT = 'Container Size, Quantity and Unit';

/**
 * What a solid measured in a volume unit lacks: a unit in pounds. Gallons, ounces or cubic feet do
 * not weigh a solid (spec 02 §9: specific gravity and pounds per gallon are a liquid's, so a solid
 * product keeps none; rules §0.1 and 40 CFR 370.43 convert only gas or liquid volumes).
 */
function missingSolidWeightInput(unit: string): string {
  return `Container Unit in lb (a solid in ${unit}, a volume unit, gives no pounds)`;
}

/**
 * The unit of a solid line measured in a volume unit (gal, oz, cu) with size and quantity, as the
 * line names it ("Drum (gal)"); null for any other line.
 */
export function solidVolumeUnit(line: SnapshotLine): string | null {
  if (line.physical_state !== 'solid') return null;
  if (line.unit_type !== 'gal' && line.unit_type !== 'oz' && line.unit_type !== 'cu') return null;
  if (!positive(line.container_size) || !positive(line.container_quantity)) return null;
  return line.unit_name?.trim() || line.unit_type;
}

/** The verdict printed where an unknown amount could change it. */
export const CANNOT_BE_DETERMINED = 'cannot be determined';

/** Warnings whose fix is on the product (its density or conversion factor): their Fix link opens the product. */
export const PRODUCT_INPUT_WARNING_CODES: readonly WarningCode[] = [
  'missing_density',
  'missing_conversion_factor',
  'missing_fire_code_amount',
];

export function isProductInputWarning(code: WarningCode): boolean {
  return PRODUCT_INPUT_WARNING_CODES.includes(code);
}

function positive(value: number | null | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** The input a line lacks for its pounds (the container figures, else the density or the conversion factor). */
export function missingPoundsInput(line: SnapshotLine): string {
  if (!positive(line.container_size) || !positive(line.container_quantity)) return MISSING_CONTAINER_INPUT;
  const solidUnit = solidVolumeUnit(line);
  if (solidUnit !== null) return missingSolidWeightInput(solidUnit);
  if (line.unit_type === 'cu') return MISSING_CONVERSION_FACTOR_INPUT;
  if ((line.unit_type === 'gal' || line.unit_type === 'oz') && hasLiquidDensity(line.physical_state)) {
    return MISSING_DENSITY_INPUT;
  }
  return MISSING_CONTAINER_INPUT;
}

/** "cannot be determined: Conversion Factor (cu ft per lb)"; several inputs joined by "; ". */
export function cannotBeDeterminedText(missing: Iterable<string>): string {
  return `${CANNOT_BE_DETERMINED}: ${[...new Set(missing)].join('; ')}`;
}

/**
 * A total's cell when some of its lines are unknown: "cannot be determined: {input}" when nothing
 * is known, else "at least 12.00 gal; cannot be determined: {input}".
 */
export function partlyUnknownAmountText(known: number, missing: Iterable<string>, unit = ''): string {
  const unknown = cannotBeDeterminedText(missing);
  return known > 0 ? `at least ${formatPounds(known)}${unit ? ` ${unit}` : ''}; ${unknown}` : unknown;
}

/** The inputs missing on a figure's lines left out for unknown pounds, each once, in line order. */
export function missingInputsOf(excluded: readonly { missing_input?: string }[]): string[] {
  return [
    ...new Set(excluded.flatMap((item) => (item.missing_input === undefined ? [] : [item.missing_input]))),
  ];
}

/**
 * The verdict of a threshold test with unknown amounts beside it: "cannot be determined: {input}"
 * when the known part is not over the threshold (the unknown could take it over), else null (the
 * known part decides, and a met threshold stays met).
 */
export function undeterminedVerdict(meets: boolean, missing: readonly string[]): string | null {
  return !meets && missing.length > 0 ? cannotBeDeterminedText(missing) : null;
}

/**
 * The rule line of a test whose verdict cannot be determined: "at least 0.00 lb against threshold
 * 10,000 lb: cannot be determined", never "0.00 lb < threshold 10,000 lb", which reads as a verdict.
 */
export function undeterminedRuleText(known: number, threshold: number): string {
  return `at least ${formatPounds(known)} lb against threshold ${formatThreshold(threshold)} lb: ${CANNOT_BE_DETERMINED}`;
}

/** The sentence an explanation adds for lines of unknown amount: "the total is at least …". */
export function unknownLinesNote(
  lines: number,
  missing: readonly string[],
  known: string,
  meets: boolean,
): string {
  return `${lines} line(s) of unknown amount (${missing.join('; ')} missing): the total is at least ${known}${meets ? ', already over the threshold' : `, so the verdict ${CANNOT_BE_DETERMINED}`}.`;
}

/** What a threshold row carries about its lines of unknown amount (issue 33 point 2). */
export interface UnknownAmounts {
  /** "cannot be determined: {input}" when the unknown amounts could change the verdict; else null. */
  cannot_be_determined: string | null;
  /** The product inputs missing on the row's lines of unknown amount; [] when every amount is known. */
  missing_inputs: string[];
}

/**
 * A row's unknown amounts from the lines its figure left out for unknown pounds, with the note
 * its explanation adds ([] when none): `known` is the known part as printed ("0.00 lb").
 */
export function unknownAmountsOf(
  meets: boolean,
  excluded: readonly { missing_input?: string }[],
  known: string,
): UnknownAmounts & { notes: string[] } {
  const missing = missingInputsOf(excluded);
  const lines = excluded.filter((item) => item.missing_input !== undefined).length;
  return {
    cannot_be_determined: undeterminedVerdict(meets, missing),
    missing_inputs: missing,
    notes: missing.length > 0 ? [unknownLinesNote(lines, missing, known, meets)] : [],
  };
}

/** The header line naming the rows whose verdict cannot be determined; nothing when there are none. */
export function undeterminedHeader(
  label: string,
  rows: readonly (UnknownAmounts & { name: string })[],
): { header_facts?: { label: string; value: string }[] } {
  const undetermined = rows.filter((row) => row.cannot_be_determined !== null);
  if (undetermined.length === 0) return {};
  return {
    header_facts: [
      { label, value: undetermined.map((row) => `${row.name}: ${row.cannot_be_determined}`).join('; ') },
    ],
  };
}
