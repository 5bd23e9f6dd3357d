/**
 * Pounds and gallons of each line (rules §0.1). The container calculation (spec 02 §9) has
 * already run on save and its stored figures are the first source; the engine only recomputes
 * (with the same function) when a line has none, and converts gallons to pounds through the
 * specific gravity when the line was saved without pounds per gallon. A liquified gas measured in
 * gallons weighs by its liquid density like a liquid (issue 31 point 2), so a line saved before
 * the form could weigh it is recomputed here.
 */

import { calculateContainer, FLUID_OUNCES_PER_GALLON } from '../inventory-products/container-calculation.ts';
import {
  hasLiquidDensity,
  isGas,
  isImplausibleConversionFactor,
  isLiquid,
  MIN_PLAUSIBLE_GAS_CONVERSION_FACTOR,
} from '../products/index.ts';
import { PHYSICAL_STATES } from '../shared/enums.ts';
import { roundTo, WATER_POUNDS_PER_GALLON } from '../shared/numbers.ts';
import { formatFactor, formatPounds } from './format.ts';
import type { SnapshotLine } from './types.ts';
import { solidVolumeUnit } from './unknown-amounts.ts';
import { type EngineWarning, lineWarning } from './warnings.ts';

export const QUANTITY_DECIMALS = 4;

export interface LineQuantity {
  line: SnapshotLine;
  /** Pounds of product on the line; null when the data cannot give them (and a warning says why). */
  pounds: number | null;
  /** Gallons of a liquid; null for solids and gases (a liquified gas's gallons weigh it, but are no liquid's). */
  gallons: number | null;
  /** The pounds per gallon used (a liquid's or a liquified gas's), whichever field gave it. */
  pounds_per_gallon: number | null;
  /** Pounds in one container, for the largest-single-container test of 304. */
  pounds_per_container: number | null;
  /** "Drum 55 gal × 4". */
  container: string;
  /** How the pounds were found, every factor printed: "55 gal × 4 = 220 gal × 8.34 lb/gal (pounds per gallon) = 1,834.80 lb". */
  basis: string;
}

function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** Pounds per gallon: the stored figure, else specific gravity × 8.34, else the stored density. */
export function poundsPerGallon(line: SnapshotLine): { value: number; source: string } | null {
  const ppg = positive(line.pounds_per_gallon);
  if (ppg !== null) return { value: ppg, source: 'pounds per gallon' };
  const sg = positive(line.specific_gravity);
  if (sg !== null) {
    return {
      value: sg * WATER_POUNDS_PER_GALLON,
      source: `specific gravity ${formatFactor(sg)} × ${WATER_POUNDS_PER_GALLON}`,
    };
  }
  const density = positive(line.density);
  if (density !== null) return { value: density, source: 'density' };
  return null;
}

export function describeContainer(line: SnapshotLine): string {
  const name = line.container_name?.trim() || 'Container';
  const size = line.container_size ?? '?';
  const unit = line.unit_name?.trim() || line.unit_type || '';
  const quantity = line.container_quantity ?? '?';
  return `${name} ${size}${unit ? ` ${unit}` : ''} × ${quantity}`;
}

function isKnownState(value: string | null): boolean {
  return value !== null && (PHYSICAL_STATES as readonly string[]).includes(value);
}

/**
 * The container calculation written out with every factor it used (issue 21, point 8), so that
 * multiplying the printed figures gives the printed total: "55 gal × 4 = 220 gal × 7.26 lb/gal
 * (pounds per gallon) = 1,597.20 lb", "150 cu ft × 4 = 600 cu ft ÷ 5.4 cu ft/lb (conversion
 * factor) = 111.11 lb", "150 lb × 1 = 150.00 lb".
 */
function conversionText(
  line: SnapshotLine,
  pounds: number,
  density: { value: number; source: string } | null,
): string {
  const size = formatFactor(line.container_size ?? 0);
  const count = formatFactor(line.container_quantity ?? 0);
  const total = (line.container_size ?? 0) * (line.container_quantity ?? 0);
  const lb = `${formatPounds(pounds)} lb`;
  const perGallon = density ? `${formatFactor(density.value)} lb/gal (${density.source})` : '';
  switch (line.unit_type) {
    case 'lb':
      return `${size} lb × ${count} = ${lb}`;
    case 'gal':
      return `${size} gal × ${count} = ${formatFactor(total)} gal × ${perGallon} = ${lb}`;
    case 'oz':
      return `${size} oz × ${count} ÷ ${FLUID_OUNCES_PER_GALLON} oz/gal = ${formatFactor(total / FLUID_OUNCES_PER_GALLON)} gal × ${perGallon} = ${lb}`;
    default:
      return `${size} cu ft × ${count} = ${formatFactor(total)} cu ft ÷ ${formatFactor(line.conversion_factor ?? 0)} cu ft/lb (conversion factor) = ${lb}`;
  }
}

function sameFigure(a: number, b: number): boolean {
  return roundTo(a, QUANTITY_DECIMALS) === roundTo(b, QUANTITY_DECIMALS);
}

export function computeLineQuantity(line: SnapshotLine): {
  quantity: LineQuantity;
  warnings: EngineWarning[];
} {
  const liquid = isLiquid(line.physical_state);
  // A liquid or a liquified gas: its gallons weigh by its liquid density (issue 31 point 2).
  const byVolume = hasLiquidDensity(line.physical_state);
  const weighed = line.unit_type === 'lb';
  // A weighed liquid still has gallons (pounds ÷ lb/gal), so it reads its density too.
  const density = byVolume ? poundsPerGallon(line) : null;
  const storedPounds = positive(line.max_pounds);
  const storedVolume = byVolume ? positive(line.max_gallons) : null;
  // The same calculation the form runs on save, except that a weighed line counts in any state
  // (rules §0.1): the spec's form names lb for solids, but no report may drop a weighed container.
  const calculation = calculateContainer({
    physical_state: line.physical_state,
    unit_type: line.unit_type,
    unit_name: line.unit_name,
    container_size: line.container_size,
    container_quantity: line.container_quantity,
    pounds_per_gallon: density?.value ?? null,
    conversion_factor: line.conversion_factor,
  });
  const calculated = positive(calculation.max_pounds);

  let pounds: number | null = null;
  let basis = '';
  if (storedPounds !== null) {
    pounds = storedPounds;
    basis =
      calculated !== null && sameFigure(calculated, storedPounds)
        ? conversionText(line, storedPounds, density)
        : `${formatPounds(storedPounds)} lb (stored max pounds${calculated === null ? '' : `; the line's container figures now give ${formatPounds(calculated)} lb`})`;
  } else if (
    calculated !== null &&
    (storedVolume === null || sameFigure(storedVolume, calculation.max_gallons ?? 0))
  ) {
    pounds = calculated;
    basis = conversionText(line, calculated, density);
  } else if (storedVolume !== null && density !== null) {
    pounds = roundTo(storedVolume * density.value, QUANTITY_DECIMALS);
    basis = `${formatFactor(storedVolume)} gal (stored max gallons) × ${formatFactor(density.value)} lb/gal (${density.source}) = ${formatPounds(pounds)} lb`;
  }
  // Gallons are a liquid's only: SPCC and the fire code's liquid classes read them.
  const gallons = liquid
    ? (storedVolume ??
      (!weighed ? positive(calculation.max_gallons) : null) ??
      (pounds !== null && density !== null ? roundTo(pounds / density.value, QUANTITY_DECIMALS) : null))
    : null;
  const count = positive(line.container_quantity);

  const warnings: EngineWarning[] = [];
  const factor = positive(line.conversion_factor);
  if (isGas(line.physical_state) && isImplausibleConversionFactor(factor)) {
    warnings.push(
      lineWarning(
        line,
        'implausible_conversion_factor',
        `conversion factor ${formatFactor(factor ?? 0)} cu ft per lb is below ${MIN_PLAUSIBLE_GAS_CONVERSION_FACTOR}: a gas takes more than 1 cu ft per lb (chlorine about 5.4), so this is probably a density in lb per cu ft typed the wrong way round; ${line.unit_type === 'cu' ? 'its pounds are counted as given' : 'check it before weighing the gas in cubic feet'}`,
      ),
    );
  }
  if (pounds === null) {
    const volume = storedVolume ?? (byVolume ? positive(calculation.max_gallons) : null);
    warnings.push(unknownPoundsWarning(line, volume, factor, calculation.warning));
  }

  return {
    quantity: {
      line,
      pounds,
      gallons,
      pounds_per_gallon: density === null ? null : roundTo(density.value, QUANTITY_DECIMALS),
      pounds_per_container:
        pounds !== null && count !== null ? roundTo(pounds / count, QUANTITY_DECIMALS) : null,
      container: describeContainer(line),
      basis,
    },
    warnings,
  };
}

const UNKNOWN_POUNDS = 'its pounds are unknown and left out of every total';

/** The line's cubic feet as recorded (unit type cu), for the warning that names them. */
function recordedCubicFeet(line: SnapshotLine): number | null {
  if (line.unit_type !== 'cu') return null;
  const size = positive(line.container_size);
  const count = positive(line.container_quantity);
  return size === null || count === null ? null : size * count;
}

/** "300.00 gal" / "64.00 oz": the line's volume as recorded; null without size and quantity. */
function recordedVolume(line: SnapshotLine): string | null {
  const size = positive(line.container_size);
  const count = positive(line.container_quantity);
  const unit = line.unit_type === 'cu' ? 'cu ft' : line.unit_type;
  return size === null || count === null ? null : `${formatPounds(size * count)} ${unit}`;
}

/**
 * Why a line has no pounds, naming the input it lacks (issue 31 point 2): the density for gallons
 * of a liquid or a liquified gas, the conversion factor for cubic feet of a gas; never the one
 * its unit does not use.
 */
function unknownPoundsWarning(
  line: SnapshotLine,
  volume: number | null,
  factor: number | null,
  calculationWarning: { title: string; description: string } | null,
): EngineWarning {
  if (volume !== null && isLiquid(line.physical_state)) {
    return lineWarning(
      line,
      'missing_density',
      `liquid of ${formatPounds(volume)} gal with no pounds per gallon, specific gravity or density; ${UNKNOWN_POUNDS}`,
    );
  }
  if (volume !== null) {
    return lineWarning(
      line,
      'missing_density',
      `liquefied gas of ${formatPounds(volume)} gal with no pounds per gallon or specific gravity; ${UNKNOWN_POUNDS}`,
    );
  }
  const solidUnit = solidVolumeUnit(line);
  if (solidUnit !== null) {
    return lineWarning(
      line,
      'missing_quantity',
      `solid of ${recordedVolume(line)} in ${solidUnit}, a volume unit: a volume gives no pounds for a solid (specific gravity, density and pounds per gallon are kept for liquids only, so the product holds none; rules §0.1 convert only liquid and gas volumes); record the line in a unit in lb; ${UNKNOWN_POUNDS}`,
    );
  }
  const cubicFeet = recordedCubicFeet(line);
  if (isGas(line.physical_state) && factor === null && (cubicFeet !== null || line.unit_type === 'cu')) {
    const amount = cubicFeet === null ? 'gas' : `gas of ${formatPounds(cubicFeet)} cu ft`;
    return lineWarning(
      line,
      'missing_conversion_factor',
      `${amount} with no conversion factor; ${UNKNOWN_POUNDS}`,
    );
  }
  const recorded = line.unit_type === 'gal' || line.unit_type === 'oz' ? recordedVolume(line) : null;
  if (line.physical_state === 'compressed gas' && recorded !== null && calculationWarning === null) {
    return lineWarning(
      line,
      'missing_quantity',
      `compressed gas of ${recorded}: gallons do not weigh a compressed gas (record it in cu ft at NTP or in lb, or as a liquified gas with its specific gravity); ${UNKNOWN_POUNDS}`,
    );
  }
  const state = isKnownState(line.physical_state) ? line.physical_state : 'no physical state';
  const why = calculationWarning
    ? `${calculationWarning.title}: ${calculationWarning.description}`
    : `no container size, quantity or unit that gives pounds for ${state}`;
  return lineWarning(line, 'missing_quantity', `${why}; ${UNKNOWN_POUNDS}`);
}

export interface ProductQuantity {
  product_id: number;
  product_name: string;
  /** Sum of the lines' pounds; lines with unknown pounds are left out (and warned about). */
  pounds: number;
  gallons: number | null;
  lines: LineQuantity[];
  /** Lines of the product whose pounds are unknown. */
  unknown_lines: number;
}

/** Per product at the facility: its lines at every location added up. */
export function sumByProduct(lines: readonly LineQuantity[]): ProductQuantity[] {
  const byProduct = new Map<number, ProductQuantity>();
  for (const quantity of lines) {
    const { line } = quantity;
    let product = byProduct.get(line.product_id);
    if (!product) {
      product = {
        product_id: line.product_id,
        product_name: line.product_name,
        pounds: 0,
        gallons: null,
        lines: [],
        unknown_lines: 0,
      };
      byProduct.set(line.product_id, product);
    }
    product.lines.push(quantity);
    if (quantity.pounds === null) product.unknown_lines++;
    else product.pounds = roundTo(product.pounds + quantity.pounds, QUANTITY_DECIMALS);
    if (quantity.gallons !== null)
      product.gallons = roundTo((product.gallons ?? 0) + quantity.gallons, QUANTITY_DECIMALS);
  }
  return [...byProduct.values()];
}
