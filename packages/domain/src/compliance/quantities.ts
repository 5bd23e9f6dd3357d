/**
 * Pounds and gallons of each line (rules §0.1). The container calculation (spec 02 §9) has
 * already run on save and its stored figures are the first source; the engine only recomputes
 * (with the same function) when a line has none, and converts gallons to pounds through the
 * specific gravity when the line was saved without pounds per gallon.
 */

import { calculateContainer, FLUID_OUNCES_PER_GALLON } from '../inventory-products/container-calculation.ts';
import {
  isGas,
  isImplausibleConversionFactor,
  isLiquid,
  MIN_PLAUSIBLE_GAS_CONVERSION_FACTOR,
} from '../products/index.ts';
import { PHYSICAL_STATES } from '../shared/enums.ts';
import { roundTo, WATER_POUNDS_PER_GALLON } from '../shared/numbers.ts';
import { formatFactor, formatPounds } from './format.ts';
import type { SnapshotLine } from './types.ts';
import { type EngineWarning, lineWarning } from './warnings.ts';

export const QUANTITY_DECIMALS = 4;

export interface LineQuantity {
  line: SnapshotLine;
  /** Pounds of product on the line; null when the data cannot give them (and a warning says why). */
  pounds: number | null;
  /** Gallons of a liquid; null for solids and gases. */
  gallons: number | null;
  /** The pounds per gallon used, whichever field gave it. */
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
  const weighed = line.unit_type === 'lb';
  // A weighed liquid still has gallons (pounds ÷ lb/gal), so it reads its density too.
  const density = liquid ? poundsPerGallon(line) : null;
  const storedPounds = positive(line.max_pounds);
  const storedGallons = liquid ? positive(line.max_gallons) : null;
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
    weighed_in_any_state: true,
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
    (storedGallons === null || sameFigure(storedGallons, calculation.max_gallons ?? 0))
  ) {
    pounds = calculated;
    basis = conversionText(line, calculated, density);
  } else if (storedGallons !== null && density !== null) {
    pounds = roundTo(storedGallons * density.value, QUANTITY_DECIMALS);
    basis = `${formatFactor(storedGallons)} gal (stored max gallons) × ${formatFactor(density.value)} lb/gal (${density.source}) = ${formatPounds(pounds)} lb`;
  }
  const gallons =
    storedGallons ??
    (liquid && !weighed ? positive(calculation.max_gallons) : null) ??
    (liquid && pounds !== null && density !== null
      ? roundTo(pounds / density.value, QUANTITY_DECIMALS)
      : null);
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
    if (liquid && storedGallons !== null) {
      warnings.push(
        lineWarning(
          line,
          'missing_density',
          `liquid of ${formatPounds(storedGallons)} gal with no pounds per gallon, specific gravity or density; its pounds are unknown and left out of every total`,
        ),
      );
    } else if (isGas(line.physical_state) && factor === null) {
      warnings.push(
        lineWarning(
          line,
          'missing_conversion_factor',
          'gas with no conversion factor; its pounds are unknown and left out of every total',
        ),
      );
    } else {
      const state = isKnownState(line.physical_state) ? line.physical_state : 'no physical state';
      const why = calculation.warning
        ? `${calculation.warning.title}: ${calculation.warning.description}`
        : `no container size, quantity or unit that gives pounds for ${state}`;
      warnings.push(
        lineWarning(line, 'missing_quantity', `${why}; its pounds are unknown and left out of every total`),
      );
    }
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
